import { describe, expect, it } from "vitest";
import { PRODUCT_NAME } from "~/config/product.ts";
import en from "~/locales/en/index.ts";
import zh from "~/locales/zh/index.ts";
import { codeMail } from "../../mocks/mail.ts";

function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

/** Any name of the product other than the one of its language. */
const OTHER_NAMES = {
  zh: /(?<!跨境电商)保税物流平台|跨境保税物流/,
  en: /(?<!Cross-Border )Bonded Logistics|Logistics Portal/i,
} as const;

describe("product name", () => {
  it("is one name per language in every translation", () => {
    for (const [lang, resources] of [
      ["zh", zh],
      ["en", en],
    ] as const) {
      const all = texts(resources);
      expect(all).toContain(PRODUCT_NAME[lang]);
      for (const text of all) expect(text, lang).not.toMatch(OTHER_NAMES[lang]);
    }
  });

  it("is the same name in the fake backend's mails", () => {
    expect(codeMail("zh", "register", "123456").subject).toContain(PRODUCT_NAME.zh);
    expect(codeMail("en", "forgot", "123456").subject).toContain(PRODUCT_NAME.en);
  });
});
