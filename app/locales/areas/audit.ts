/** Imported for its effect by every module that shows the audit log's texts (see ../areas.ts). */
import { registerArea } from "../areas.ts";
import en from "../en/audit.ts";
import zh from "../zh/audit.ts";

registerArea("audit", { zh, en });
