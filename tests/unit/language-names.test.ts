import { describe, expect, it } from "vitest";
import { LANGUAGE_NAMES } from "~/components/language-switcher.tsx";
import { LOCALES } from "~/locales/index.ts";
import { resources } from "~/locales/resources.ts";

describe("language names", () => {
  it("the switcher names each language as its translations do", () => {
    for (const locale of LOCALES) {
      expect(LANGUAGE_NAMES[locale]).toBe(resources[locale].translation.common.languageName);
    }
  });
});
