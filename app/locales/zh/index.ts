/** Chinese is the source language: every other locale must have the same keys. */
import account from "./account.ts";
import auth from "./auth.ts";
import common from "./common.ts";
import errors from "./errors.ts";
import explain from "./explain.ts";
import inventory from "./inventory.ts";
import logistics from "./logistics.ts";
import menu from "./menu.ts";
import notice from "./notice.ts";
import qualification from "./qualification.ts";
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
    qualification,
    inventory,
    explain,
    table,
    titles,
  },
};
