import type { Resource } from "i18next";
import en from "./en/index.ts";
import zh from "./zh/index.ts";

/** Every translation of both languages: the server's (the browser loads one language, see `load.ts`). */
export const resources = { zh, en } satisfies Resource;
