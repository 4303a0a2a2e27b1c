/** Chinese is the source language: every other locale must have the same keys. */
import { withAreas } from "../areas.ts";
import account from "./account.ts";
import audit from "./audit.ts";
import base from "./base.ts";
import explain from "./explain.ts";
import inventory from "./inventory.ts";
import paper from "./paper.ts";
import qualification from "./qualification.ts";
import signedIn from "./signed-in.ts";
import workbench from "./workbench.ts";

/**
 * The translation areas of the language (../areas.ts): texts most pages never
 * show, kept out of the language's chunk. The list of areas is this object's
 * keys; a new area is named here and in the other language's index.
 */
export const areas = {
  account,
  qualification,
  inventory,
  explain,
  paper,
  workbench,
  audit,
};

/** Every text of the language: the server's, and the tests'. */
export default {
  translation: withAreas({ ...base.translation, ...signedIn }, areas),
};
