/** Imported for its effect by every module that shows the printed paper's texts (see ../areas.ts). */
import { registerArea } from "../areas.ts";
import en from "../en/paper.ts";
import zh from "../zh/paper.ts";

registerArea("paper", { zh, en });
