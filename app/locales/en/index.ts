import { withAreas } from "../areas.ts";
import account from "./account.ts";
import audit from "./audit.ts";
import base from "./base.ts";
import explain from "./explain.ts";
import inventory from "./inventory.ts";
import paper from "./paper.ts";
import qualification from "./qualification.ts";
import workbench from "./workbench.ts";

/** Every text of the language: the server's, and the tests'. */
export default {
  translation: withAreas(base.translation, {
    account,
    qualification,
    inventory,
    explain,
    paper,
    workbench,
    audit,
  }),
};
