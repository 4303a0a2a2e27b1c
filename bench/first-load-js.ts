/**
 * First-load JavaScript: every script and modulepreload the HTML of a page
 * names, gzipped, as a browser with an empty cache fetches it. Also checks
 * that exceljs never reaches the browser.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { atMost, BUILD_DIR, login, type Portal, ROOT, type Row } from "./lib.ts";

/** Every /assets/*.js the HTML names: script src, modulepreload href, and imports in inline scripts. */
export function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/["'(](\/assets\/[^"'()\s]+\.js)["')]/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

async function gzippedKb(portal: Portal, path: string, cookie: string): Promise<number> {
  const html = await (await fetch(portal.url + path, { headers: { cookie } })).text();
  let bytes = 0;
  for (const script of scriptsOf(html)) {
    const body = new Uint8Array(await (await fetch(portal.url + script)).arrayBuffer());
    bytes += gzipSync(body).byteLength;
  }
  return bytes / 1024;
}

export async function firstLoadJs(portal: Portal): Promise<Row[]> {
  const admin = await login(portal.url, "admin@demo.test");
  const rows: Row[] = [
    atMost("first-load JS, login page / (gzip)", await gzippedKb(portal, "/", ""), "KB", 110),
    atMost("first-load JS, /server/ (gzip)", await gzippedKb(portal, "/server/", admin), "KB", 150),
    atMost("first-load JS, /order/ (gzip)", await gzippedKb(portal, "/order/", admin), "KB", 150),
  ];
  const assets = join(ROOT, BUILD_DIR, "client", "assets");
  let withExcel = 0;
  for (const file of await readdir(assets)) {
    if (!file.endsWith(".js")) continue;
    const text = await readFile(join(assets, file), "utf8");
    // Strings only exceljs carries (its zip writer and its workbook XML).
    if (text.includes("xl/workbook.xml") || text.includes("ExcelJS")) withExcel += 1;
  }
  rows.push(atMost("client chunks containing exceljs", withExcel, "files", 0));
  return rows;
}
