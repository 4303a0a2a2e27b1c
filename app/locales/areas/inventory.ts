/** Imported for its effect by every module that shows the inventory texts (see ../areas.ts). */
import { registerArea } from "../areas.ts";
import en from "../en/inventory.ts";
import zh from "../zh/inventory.ts";

registerArea("inventory", { zh, en });
