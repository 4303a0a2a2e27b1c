/** Imported for its effect by every module that shows the explain texts (see ../areas.ts). */
import { registerArea } from "../areas.ts";
import en from "../en/explain.ts";
import zh from "../zh/explain.ts";

registerArea("explain", { zh, en });
