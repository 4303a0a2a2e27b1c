/**
 * The texts every page may show: the browser's translation chunk of this
 * language (see ../load.ts). The parts only some pages show are areas
 * (../areas.ts), added by the modules that show them.
 */
import account from "./account.ts";
import auth from "./auth.ts";
import common from "./common.ts";
import errors from "./errors.ts";
import logistics from "./logistics.ts";
import menu from "./menu.ts";
import notice from "./notice.ts";
import table from "./table.ts";
import titles from "./titles.ts";

export default {
  translation: {
    common,
    menu,
    auth,
    errors,
    account,
    logistics,
    notice,
    table,
    titles,
  },
};
