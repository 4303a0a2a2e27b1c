import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import zhSignedIn from "~/locales/zh/signed-in.ts";
import { NOT_FOUND_PAGE, PUBLIC_PAGES, REGISTER_LAYOUT, REGISTER_PAGES } from "~/utils/site-map.ts";

const APP = join(import.meta.dirname, "../../app");
const GROUPS = Object.keys(zhSignedIn);

/** The app modules a module imports statically or with `import()` (`~/…` and relative). */
function importsOf(file: string): string[] {
  const code = readFileSync(file, "utf8");
  return [...code.matchAll(/(?:from|import)\s*\(?\s*["']((?:~\/|\.{1,2}\/)[^"']+)["']/g)].flatMap(
    (match) => {
      const specifier = match[1] ?? "";
      const path = specifier.startsWith("~/")
        ? join(APP, specifier.slice(2))
        : resolve(dirname(file), specifier);
      return existsSync(path) && !/\.server\.tsx?$/.test(path) ? [path] : [];
    },
  );
}

/** Every browser module those modules load, directly or not. */
function reachable(roots: string[]): Set<string> {
  const found = new Set(roots);
  const pending = [...roots];
  for (let current = pending.pop(); current; current = pending.pop()) {
    for (const imported of importsOf(current)) {
      if (!found.has(imported) && !imported.includes("/locales/")) {
        found.add(imported);
        pending.push(imported);
      }
    }
  }
  return found;
}

describe("the signed-in pages' texts", () => {
  it("are shown by no module a page outside the signed-in layout loads", () => {
    // The root, the entry, the public and registration pages and their layout:
    // they draw before (or without) the signed-in layout, which loads these texts.
    const outside = reachable(
      [
        "root.tsx",
        "entry.client.tsx",
        REGISTER_LAYOUT,
        ...[...PUBLIC_PAGES, ...REGISTER_PAGES, NOT_FOUND_PAGE].map((page) => page.file),
      ].map((file) => join(APP, file)),
    );
    const uses = new RegExp(`["'\`](${GROUPS.join("|")})\\.`);
    const users = [...outside].filter((file) => uses.test(readFileSync(file, "utf8")));
    expect(users.map((file) => relative(APP, file))).toEqual([]);
  });

  it("are asked for by the signed-in layout", () => {
    const layout = readFileSync(join(APP, "routes/layouts/home.tsx"), "utf8");
    expect(layout).toContain("loadSignedInTexts(");
    expect(layout).toContain("clientMiddleware");
  });

  it("are in no module but their chunk's (the login page does not load them)", () => {
    const base = readFileSync(join(APP, "locales/zh/base.ts"), "utf8");
    for (const group of GROUPS) expect(base).not.toContain(`./${group}.ts`);
    expect(readdirSync(join(APP, "locales/en"))).toContain("signed-in.ts");
  });
});
