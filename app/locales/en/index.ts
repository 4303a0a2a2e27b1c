import account from "./account.ts";
import base from "./base.ts";
import explain from "./explain.ts";
import inventory from "./inventory.ts";
import qualification from "./qualification.ts";

/** Every text of the language: the server's, and the tests'. */
export default {
  translation: {
    ...base.translation,
    // The chunk's few account texts (the bell, the mailbox link) and the area's rest.
    account: { ...base.translation.account, ...account },
    qualification,
    inventory,
    explain,
  },
};
