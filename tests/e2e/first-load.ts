import type { Page } from "@playwright/test";

/**
 * The page's first-load scripts, as the benchmark counts them
 * (bench/first-load-js.ts): those its HTML names and what they import
 * statically, to the end; not those fetched later with `import()`.
 */
export async function firstLoadScripts(page: Page, path: string): Promise<Map<string, string>> {
  const html = await (await page.request.get(path)).text();
  const pending: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const source = tag.match(/\b(?:src|href)="(\/assets\/[^"]+\.js)"/)?.[1];
    if (source && (tag.startsWith("<script") || /\brel="modulepreload"/.test(tag))) {
      pending.push(source);
    }
  }
  // What the inline module scripts import.
  for (const [, imported] of html.matchAll(
    /\bimport\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g,
  )) {
    if (imported) pending.push(imported);
  }
  const found = new Map<string, string>();
  for (let script = pending.pop(); script; script = pending.pop()) {
    if (found.has(script)) continue;
    const code = await (await page.request.get(script)).text();
    found.set(script, code);
    for (const imported of code.matchAll(
      /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      pending.push(new URL(imported[1] ?? "", `http://portal${script}`).pathname);
    }
  }
  return found;
}
