/** Imported for its effect by every module that shows the qualification texts (see ../areas.ts). */
import { registerArea } from "../areas.ts";
import en from "../en/qualification.ts";
import zh from "../zh/qualification.ts";

registerArea("qualification", { zh, en });
