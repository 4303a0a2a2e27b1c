/**
 * The texts every page may show: the browser's translation chunk of this
 * language (see ../load.ts). The parts only some pages show are areas
 * (../areas.ts), added by the modules that show them, and the signed-in
 * pages' texts (./signed-in.ts), loaded by their layout.
 */
import accountEverywhere from "./account-everywhere.ts";
import auth from "./auth.ts";
import common from "./common.ts";
import errors from "./errors.ts";
import menu from "./menu.ts";
import notice from "./notice.ts";
import titles from "./titles.ts";

export default {
  translation: {
    common,
    menu,
    auth,
    errors,
    // The rest of the account texts are an area (../areas.ts); these two are
    // shown on every signed-in page (the bell) and on the login page.
    account: accountEverywhere,
    notice,
    titles,
  },
};
