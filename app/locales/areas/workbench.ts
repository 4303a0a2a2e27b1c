/** Imported for its effect by every module that shows the workbench texts (see ../areas.ts). */
import { registerArea } from "../areas.ts";
import en from "../en/workbench.ts";
import zh from "../zh/workbench.ts";

registerArea("workbench", { zh, en });
