/** Imported for its effect by every module that shows the account texts (see ../areas.ts). */
import { registerArea } from "../areas.ts";
import en from "../en/account.ts";
import zh from "../zh/account.ts";

registerArea("account", { zh, en });
