import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/locales/index.ts";
import { resources } from "~/locales/resources.ts";
import { serverTranslation } from "~/utils/i18n.ts";

/** Every leaf key of a resource tree with its text (plural forms keep their suffix). */
function entries(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as object).flatMap(([key, child]) =>
    entries(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** Keys whose resource is a list. */
function listKeys(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return [prefix];
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) =>
    listKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

async function instance(lng: string): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({ resources, lng, fallbackLng: "zh", interpolation: { escapeValue: false } });
  return i18n;
}

describe("the server's translator", () => {
  for (const locale of LOCALES) {
    it(`answers exactly as i18next for every ${locale} key, with and without values`, async () => {
      const reference = await instance(locale);
      const { t } = serverTranslation(await instance(locale));
      const translate = t as unknown as (key: string, options?: object) => string;
      const all = entries(resources[locale].translation);
      expect(all.length).toBeGreaterThan(100);
      for (const [key, text] of all) {
        expect(translate(key), key).toBe(reference.t(key as never));
        // Twice: the second answer comes from what the first remembered.
        expect(translate(key), key).toBe(reference.t(key as never));
        const names = [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1]);
        const values = Object.fromEntries(names.map((name, index) => [name, `v${index}<&>`]));
        const numbers = Object.fromEntries(names.map((name, index) => [name, 1000 + index]));
        for (const options of [
          values,
          numbers,
          { ...values, count: 0 },
          { ...values, count: 1 },
          { ...values, count: 2 },
          { ...numbers, count: 1_234 },
          { ...values, count: "2" },
          { ...values, extra: 1 },
        ]) {
          expect(translate(key, options), key).toBe(reference.t(key as never, options as never));
        }
      }
    });
  }

  for (const locale of LOCALES) {
    it(`answers lists (returnObjects) exactly as i18next for every ${locale} list`, async () => {
      const reference = await instance(locale);
      const { t } = serverTranslation(await instance(locale));
      const translate = t as unknown as (key: string, options?: object) => unknown;
      const lists = listKeys(resources[locale].translation);
      expect(lists.length).toBeGreaterThan(2);
      for (const key of lists) {
        const expected = reference.t(key as never, { returnObjects: true } as never);
        expect(translate(key, { returnObjects: true }), key).toEqual(expected);
        expect(translate(key, { returnObjects: true }), key).toEqual(expected);
      }
      // An object, a missing key and other options still go to i18next.
      for (const [key, options] of [
        ["explain", { returnObjects: true }],
        ["no.such.list", { returnObjects: true }],
        [lists[0], { returnObjects: true, joinArrays: " " }],
      ] as const) {
        expect(translate(key ?? "", options)).toEqual(
          reference.t((key ?? "") as never, options as never),
        );
      }
    });
  }

  it("passes missing values, objects and resolving options to i18next", async () => {
    const reference = await instance("en");
    const { t } = serverTranslation(await instance("en"));
    const translate = t as unknown as (key: string, options?: object) => string;
    const key = "logistics.order.selectOrder";
    for (const options of [{}, { orderNo: { no: 1 } }, { orderNo: "A", lng: "zh" }]) {
      expect(translate(key, options)).toBe(reference.t(key as never, options as never));
    }
    expect(translate("no.such.key", { a: 1 })).toBe(reference.t("no.such.key" as never));
  });

  it("leaves plural forms to i18next and fills a count into a key without them", async () => {
    const plural = {
      translation: {
        items_one: "{{count}} item",
        items_other: "{{count}} items",
        seen: "seen {{count}}×",
      },
    };
    const make = async () => {
      const i18n = createInstance();
      await i18n.init({
        resources: { en: plural },
        lng: "en",
        interpolation: { escapeValue: false },
      });
      return i18n;
    };
    const reference = await make();
    const translate = serverTranslation(await make()).t as unknown as (
      key: string,
      options?: object,
    ) => string;
    for (const count of [0, 1, 2, 21]) {
      for (const key of ["items", "seen"]) {
        expect(translate(key, { count })).toBe(reference.t(key as never, { count } as never));
      }
    }
    expect(translate("items", { count: 1 })).toBe("1 item");
    expect(translate("seen", { count: 3 })).toBe("seen 3×");
  });

  it("is one translator per request", async () => {
    const i18n = await instance("zh");
    expect(serverTranslation(i18n)).toBe(serverTranslation(i18n));
  });
});
