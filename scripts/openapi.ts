/** Writes docs/openapi.json from the contract's zod schemas (`npm run openapi`). */
import { writeFile } from "node:fs/promises";
import { buildOpenApiDocument } from "../app/contract/openapi.ts";

export const OPENAPI_FILE = new URL("../docs/openapi.json", import.meta.url);

export function openApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(OPENAPI_FILE, openApiText());
  console.info("Wrote docs/openapi.json");
}
