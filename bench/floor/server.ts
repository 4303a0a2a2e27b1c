/**
 * React Router with nothing of the portal (bench/floor): its empty page, and
 * at /markup/<name> copies of portal pages' markup drawn by React, served the way
 * the portal serves pages (express, gzip level 1, the same streaming). What
 * the framework alone costs, measured beside the portal (bench/ssr.ts).
 *
 * FLOOR_BUILD_DIR: the floor's build; FLOOR_MARKUP: the rendered pages to
 * copy, `name=file.html` separated by commas, served at /markup/<name>;
 * PORT (0: any). Prints the port once listening.
 */
import { readFileSync } from "node:fs";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { provideMarkup } from "./app/markup.ts";
import { markupTree } from "./markup-tree.ts";

const buildDir =
  process.env.FLOOR_BUILD_DIR ?? new URL("../../build/floor", import.meta.url).pathname;
for (const entry of process.env.FLOOR_MARKUP?.split(",").filter(Boolean) ?? []) {
  const [page = "", file = ""] = entry.split("=");
  provideMarkup(page, markupTree(readFileSync(file, "utf8")));
}
const build = await import(`${buildDir}/server/index.js`);

const app = express();
app.disable("x-powered-by");
app.use(compression({ level: 1 }));
app.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
app.use(createRequestHandler({ build }));
const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.info(typeof address === "object" && address ? address.port : address);
});
