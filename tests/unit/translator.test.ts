import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "~/locales/index.ts";
import { resources } from "~/locales/resources.ts";
import { Translator } from "~/utils/translator.ts";

/**
 * One translator contract, two engines: the browser translates with the
 * portal's small translator (app/utils/translator.ts), the server with
 * i18next. Every key of both languages, with sample values for every
 * placeholder and the counts a plural would take, must answer the same in
 * both, so they cannot drift (docs/decisions/2026-11-26-browser-translator.md).
 */

type Translate = (key: string, options?: object) => unknown;

/** Every key of a resource tree: groups, lists, list items and texts alike. */
function keysOf(value: unknown, prefix = ""): [string, unknown][] {
  const own: [string, unknown][] = prefix ? [[prefix, value]] : [];
  if (!value || typeof value !== "object") return own;
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, child]) =>
      keysOf(child, prefix ? `${prefix}.${key}` : key),
    ),
  ];
}

const textsOf = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Object.values(value as object).flatMap(textsOf);

async function i18nextOf(lng: string): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

function translatorOf(lng: string): Translator {
  const translator = new Translator();
  translator.init({ resources, lng, fallbackLng: DEFAULT_LOCALE });
  return translator;
}

/** Sample options for a text: its placeholders filled, as words, numbers, and with counts. */
function optionSets(text: string): object[] {
  const names = [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => match[1] ?? "");
  const words = Object.fromEntries(names.map((name, index) => [name, `v${index}<&>{{x}}`]));
  const numbers = Object.fromEntries(names.map((name, index) => [name, 1000 + index]));
  return [
    {},
    words,
    numbers,
    ...[0, 1, 2, 5].map((count) => ({ ...words, count })),
    ...[0, 1, 2, 5].map((count) => ({ ...numbers, count })),
    { ...words, extra: 1, [names[0] ?? "none"]: undefined },
    { ...numbers, [names[0] ?? "none"]: null },
    { returnObjects: true, ...words },
    { defaultValue: "Default {{x}}", x: "y" },
  ];
}

describe("the browser's translator", () => {
  it("is asked only for what it knows: nested keys, {{name}} placeholders and lists of texts", () => {
    for (const locale of LOCALES) {
      for (const [key, value] of keysOf(resources[locale].translation)) {
        // No plural forms, contexts or ordinals: i18next would pick `key_one` where this translator reads `key`.
        expect(key, "a plural or context suffix").not.toMatch(
          /_(zero|one|two|few|many|other|ordinal)/,
        );
        expect(key.split(".").at(-1), "a key with a separator of i18next in it").not.toMatch(/[:]/);
        if (Array.isArray(value)) {
          for (const item of value) expect(typeof item, `${key}: a list of texts`).toBe("string");
        }
        if (typeof value !== "string") continue;
        expect(value, `${key}: no nesting`).not.toContain("$t(");
        for (const [placeholder] of value.matchAll(/\{\{.*?\}\}/g)) {
          // Not `{{- name}}`, `{{name, format}}` or `{{a.b}}`.
          expect(placeholder, `${key}: a plain {{name}}`).toMatch(
            /^\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\}$/,
          );
        }
      }
    }
  });

  for (const locale of LOCALES) {
    it(`answers exactly as i18next for every ${locale} key`, async () => {
      const reference = (await i18nextOf(locale)).t as unknown as Translate;
      const translate = translatorOf(locale).t as unknown as Translate;
      const keys = keysOf(resources[locale].translation);
      expect(keys.length).toBeGreaterThan(500);
      for (const [key, value] of keys) {
        const sample = textsOf(value).join(" ");
        for (const options of optionSets(sample)) {
          expect(translate(key, options), `${key} ${JSON.stringify(options)}`).toEqual(
            reference(key, options),
          );
        }
        expect(translate(key), key).toEqual(reference(key));
      }
    });
  }

  it("answers as i18next for missing keys and messages given with a default", async () => {
    for (const locale of LOCALES) {
      const reference = (await i18nextOf(locale)).t as unknown as Translate;
      const translate = translatorOf(locale).t as unknown as Translate;
      for (const key of [
        "common.noSuchKey",
        "noSuchGroup.key",
        "Please try again later.",
        "服务暂时不可用，请稍后再试",
        "Error: the service answered 500",
        "{{name}} is missing",
        "",
      ]) {
        for (const options of [
          undefined,
          { defaultValue: key },
          { defaultValue: "The {{name}} is wrong", name: "code" },
          { name: "code" },
          { returnObjects: true },
        ]) {
          expect(translate(key, options), `${key} ${JSON.stringify(options)}`).toEqual(
            reference(key, options),
          );
        }
      }
    }
  });

  it("falls back to Chinese for a text English lacks, as i18next does", async () => {
    const only = {
      zh: { translation: { a: { b: "中文 {{n}}" } } },
      en: { translation: { a: {} } },
    };
    const reference = createInstance();
    await reference.init({
      resources: only,
      lng: "en",
      fallbackLng: "zh",
      interpolation: { escapeValue: false },
    });
    const translator = new Translator();
    translator.init({ resources: only, lng: "en", fallbackLng: "zh" });
    expect(translator.t("a.b" as never, { n: 1 } as never)).toBe(
      reference.t("a.b" as never, { n: 1 } as never),
    );
  });

  it("resolves texts added later (translation areas) and answers in the new language after a change", async () => {
    const translator = new Translator();
    translator.init({
      resources: { zh: { translation: { a: { b: "乙" } } } },
      lng: "zh",
      fallbackLng: "zh",
    });
    const translate = translator.t as unknown as Translate;
    expect(translate("area.text")).toBe("area.text");
    translator.addResourceBundle("zh", "translation", { area: { text: "区域" } });
    expect(translate("area.text")).toBe("区域");
    expect(translate("a.b")).toBe("乙");

    let changes = 0;
    const unsubscribe = translator.subscribe(() => {
      changes += 1;
    });
    expect(translator.hasResourceBundle("en", "translation")).toBe(false);
    translator.addResourceBundle("en", "translation", { a: { b: "B" } });
    await translator.changeLanguage("en");
    expect(changes).toBe(1);
    expect(translate("a.b")).toBe("B");
    expect((translator.fixedT("zh") as unknown as Translate)("a.b")).toBe("乙");
    // The same function each time: components that keep it see no change.
    expect(translator.fixedT("en")).toBe(translator.fixedT("en"));
    unsubscribe();
  });
});
