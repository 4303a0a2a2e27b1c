import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import enBase from "~/locales/en/base.ts";
import en from "~/locales/en/index.ts";
import zhBase from "~/locales/zh/base.ts";
import zh, { areas } from "~/locales/zh/index.ts";
import zhSignedIn from "~/locales/zh/signed-in.ts";

const AREAS = Object.keys(areas);
/** The signed-in pages' texts: a chunk of their own, loaded by the signed-in layout (locales/signed-in-texts.ts). */
const SIGNED_IN = Object.keys(zhSignedIn);

const APP = join(import.meta.dirname, "../../app");

function modules(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : modules(path);
    return /\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("translation areas", () => {
  it("and the signed-in pages' texts are the only ones left out of a language's chunk, and are in the server's resources", () => {
    for (const [base, all] of [
      [zhBase, zh],
      [enBase, en],
    ] as const) {
      const full = all.translation as Record<string, Record<string, unknown>>;
      const kept = base.translation as Record<string, Record<string, unknown>>;
      for (const [name, texts] of Object.entries(full)) {
        if (SIGNED_IN.includes(name)) {
          expect(kept[name], name).toBeUndefined();
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
      const inChunk = new Set(
        Object.keys((zhBase.translation as Record<string, object>)[area] ?? {}),
      );
      // A key built at run time (`area.${…}`) counts as one the chunk lacks.
      const needsArea = (file: string) =>
        [
          ...readFileSync(file, "utf8").matchAll(new RegExp(`["'\`]${area}\\.([A-Za-z$]+)`, "g")),
        ].some((match) => !inChunk.has(match[1] ?? ""));
      const users = modules(APP).filter(needsArea);
      expect(users.length).toBeGreaterThan(0);
      const missing = users.filter(
        (file) => !readFileSync(file, "utf8").includes(`import "~/locales/areas/${area}.ts";`),
      );
      expect(missing.map((file) => relative(APP, file))).toEqual([]);
    });
  }
});
