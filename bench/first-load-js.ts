/**
 * First-load JavaScript: every script a page makes the browser fetch before
 * it can run, gzipped, as a browser with an empty cache fetches it: the
 * scripts and modulepreloads the HTML names, the modules its inline module
 * scripts import, and everything those import statically, to the end.
 * Modules the HTML only names as data (React Router's route manifest lists
 * the routes a link may lead to) and modules loaded with `import()` after
 * the start (menus and dialogs, see app/components/headless.tsx) are not
 * first-load JavaScript. Also checks that exceljs never reaches the browser.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { atMost, BUILD_DIR, login, type Portal, ROOT, type Row } from "./lib.ts";

/** The /assets/*.js the HTML loads: script src, modulepreload href, and static imports of inline scripts. */
export function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isPreload = /\brel="modulepreload"/.test(tag[0]);
    const source = tag[0].match(/\b(?:src|href)="(\/assets\/[^"]+\.js)"/)?.[1];
    if (source && (isPreload || tag[0].startsWith("<script"))) found.add(source);
  }
  for (const script of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const path of importsOf(script[1] ?? "", "/")) found.add(path);
  }
  return [...found];
}

/** Static imports (`import … from`, `import "…"`, `export … from`) of a module, as absolute paths. */
export function importsOf(code: string, base: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(
    /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+\.js)["']/g,
  )) {
    const specifier = match[1] ?? "";
    if (!specifier.startsWith("/") && !specifier.startsWith(".")) continue;
    found.push(new URL(specifier, `http://portal${base}`).pathname);
  }
  return found;
}

async function gzippedKb(portal: Portal, path: string, cookie: string): Promise<number> {
  const html = await (await fetch(portal.url + path, { headers: { cookie } })).text();
  const pending = scriptsOf(html);
  const seen = new Set(pending);
  let bytes = 0;
  for (let script = pending.pop(); script; script = pending.pop()) {
    const body = new Uint8Array(await (await fetch(portal.url + script)).arrayBuffer());
    bytes += gzipSync(body).byteLength;
    const directory = script.slice(0, script.lastIndexOf("/") + 1);
    for (const imported of importsOf(new TextDecoder().decode(body), directory)) {
      if (!seen.has(imported)) {
        seen.add(imported);
        pending.push(imported);
      }
    }
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
