import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import enBase from "~/locales/en/base.ts";
import en from "~/locales/en/index.ts";
import enSignedIn from "~/locales/en/signed-in.ts";
import zhBase from "~/locales/zh/base.ts";
import zh, { areas } from "~/locales/zh/index.ts";
import zhSignedIn from "~/locales/zh/signed-in.ts";
import { HOME_PAGES, PUBLIC_PAGES, REGISTER_PAGES } from "~/utils/site-map.ts";

const AREAS = Object.keys(areas);
/** The signed-in pages' texts: a chunk of their own, loaded by the signed-in layout (locales/signed-in-texts.ts). */
const SIGNED_IN = Object.keys(zhSignedIn);

const APP = join(import.meta.dirname, "../../app");
/**
 * Modules whose keys of areas' texts the browser gets otherwise: the site
 * map names pages' titles, which the tab draws once the page's module has
 * registered its area (checked below), and menu labels, which the build adds
 * to the language's chunk (`MENU_OWN_TITLES` of app/utils/route-titles.ts).
 */
const NOT_IN_BROWSER = ["utils/site-map.ts"];

function modules(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : modules(path);
    return /\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("translation areas", () => {
  it("and the signed-in pages' texts are the only ones left out of a language's chunk, and are in the server's resources", () => {
    for (const [base, all, signedIn] of [
      [zhBase, zh, zhSignedIn],
      [enBase, en, enSignedIn],
    ] as const) {
      const full = all.translation as Record<string, Record<string, unknown>>;
      const kept = base.translation as Record<string, Record<string, unknown>>;
      for (const [name, texts] of Object.entries(full)) {
        if (SIGNED_IN.includes(name)) {
          expect(kept[name], name).toBeUndefined();
          // An area may keep a few of its groups in the signed-in pages' chunk, exactly as they are.
          const signedInGroups = (signedIn as Record<string, Record<string, unknown>>)[name] ?? {};
          for (const [group, value] of Object.entries(signedInGroups)) {
            expect(value, `${name}.${group}`).toEqual(texts[group]);
          }
          continue;
        }
        if (!(AREAS as readonly string[]).includes(name)) {
          expect(kept[name], name).toEqual(texts);
          continue;
        }
        // An area may keep a few of its groups in the chunk, exactly as they are.
        for (const [group, value] of Object.entries(kept[name] ?? {})) {
          expect(value, `${name}.${group}`).toEqual(texts[group]);
        }
        expect(Object.keys(kept[name] ?? {}).length).toBeLessThan(Object.keys(texts).length);
      }
    }
  });

  for (const area of AREAS) {
    it(`every module of the browser that uses ${area} texts the chunk lacks registers them`, () => {
      // The groups of the area the language's chunk keeps, or the signed-in
      // pages' chunk (the date range's, which only signed-in pages draw).
      const inChunk = new Set([
        ...Object.keys((zhBase.translation as Record<string, object>)[area] ?? {}),
        ...Object.keys((zhSignedIn as Record<string, object>)[area] ?? {}),
      ]);
      // A key built at run time (`area.${…}`) counts as one the chunk lacks.
      const needsArea = (file: string) =>
        [
          ...readFileSync(file, "utf8").matchAll(new RegExp(`["'\`]${area}\\.([A-Za-z$]+)`, "g")),
        ].some((match) => !inChunk.has(match[1] ?? ""));
      const users = modules(APP)
        .filter((file) => !NOT_IN_BROWSER.includes(relative(APP, file)))
        .filter(needsArea);
      expect(users.length).toBeGreaterThan(0);
      const missing = users.filter(
        (file) => !readFileSync(file, "utf8").includes(`import "~/locales/areas/${area}.ts";`),
      );
      expect(missing.map((file) => relative(APP, file))).toEqual([]);
    });
  }

  it("of a page whose title is in them are registered by the page's module", () => {
    const pages = [...PUBLIC_PAGES, ...REGISTER_PAGES, ...HOME_PAGES].flatMap((page) => {
      const group = page.title?.match(/^(\w+)\.title$/)?.[1];
      return group && AREAS.includes(group) ? [{ ...page, group }] : [];
    });
    expect(pages.map((page) => page.group)).toContain("audit");
    for (const page of pages) {
      expect(readFileSync(join(APP, page.file), "utf8"), page.file).toContain(
        `import "~/locales/areas/${page.group}.ts";`,
      );
    }
  });
});
