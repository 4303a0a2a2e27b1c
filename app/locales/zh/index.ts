import auth from "./auth.ts";
import common from "./common.ts";
import errors from "./errors.ts";
import menu from "./menu.ts";

/** Chinese is the source language: every other locale must have the same keys. */
export default { translation: { common, menu, auth, errors } };
