import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { AREAS } from "~/locales/areas.ts";
import enBase from "~/locales/en/base.ts";
import en from "~/locales/en/index.ts";
import zhBase from "~/locales/zh/base.ts";
import zh from "~/locales/zh/index.ts";

const APP = join(import.meta.dirname, "../../app");

function modules(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : modules(path);
    return /\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("translation areas", () => {
  it("are the only texts left out of a language's chunk, and are in the server's resources", () => {
    for (const [base, all] of [
      [zhBase, zh],
      [enBase, en],
    ] as const) {
      const left = Object.keys(all.translation).filter((name) => !(name in base.translation));
      expect(left.sort()).toEqual([...AREAS].sort());
    }
  });

  for (const area of AREAS) {
    it(`every module of the browser that uses ${area} texts registers them`, () => {
      const users = modules(APP).filter((file) =>
        new RegExp(`["'\`]${area}\\.[A-Za-z$]`).test(readFileSync(file, "utf8")),
      );
      expect(users.length).toBeGreaterThan(0);
      const missing = users.filter(
        (file) => !readFileSync(file, "utf8").includes(`import "~/locales/areas/${area}.ts";`),
      );
      expect(missing.map((file) => relative(APP, file))).toEqual([]);
    });
  }
});
