import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { BrowserI18n } from "~/locales/browser-i18next.ts";
import { LOCALES } from "~/locales/index.ts";
import { resources } from "~/locales/resources.ts";

/** Every key of a tree: leaves (strings) and inner nodes (objects and lists). */
function keysOf(tree: object, prefix = ""): { leaves: string[]; nodes: string[] } {
  const leaves: string[] = [];
  const nodes: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object") {
      nodes.push(path);
      if (!Array.isArray(value)) {
        const inner = keysOf(value, path);
        leaves.push(...inner.leaves);
        nodes.push(...inner.nodes);
      }
    } else {
      leaves.push(path);
    }
  }
  return { leaves, nodes };
}

/** A value for every `{{name}}` of every translation, and a count. */
function optionsFor(text: string, count?: number): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const match of text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
    options[match[1] ?? ""] = `<${match[1]} & "1">`;
  }
  if (count !== undefined) options.count = count;
  return options;
}

describe("the browser's i18next translates as i18next does", () => {
  for (const locale of LOCALES) {
    const other = locale === "zh" ? "en" : "zh";
    const real = createInstance();
    void real.init({
      resources,
      lng: locale,
      fallbackLng: "zh",
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    const browser = new BrowserI18n();
    void browser.init({
      resources: { [locale]: resources[locale] },
      lng: locale,
      fallbackLng: "zh",
    });
    const { leaves, nodes } = keysOf(resources[locale].translation);

    it(`every key, with and without its values (${locale})`, () => {
      expect(leaves.length).toBeGreaterThan(100);
      for (const key of leaves) {
        const text = String(real.t(key as never));
        for (const options of [
          {},
          optionsFor(text),
          optionsFor(text, 0),
          optionsFor(text, 1),
          optionsFor(text, 7),
        ]) {
          expect(browser.t(key, options), key).toBe(real.t(key as never, options as never));
        }
      }
    });

    it(`lists and objects with returnObjects (${locale})`, () => {
      for (const key of nodes) {
        const options = { returnObjects: true, n: 3 };
        expect(browser.t(key, options), key).toEqual(real.t(key as never, options as never));
      }
    });

    it(`unknown keys, backend messages and default values (${locale})`, () => {
      const cases: [string, Record<string, unknown>][] = [
        ["common.noSuchKey", {}],
        ["no.such.key", { defaultValue: "Fallback {{n}}", n: 2 }],
        ["The order is locked.", { defaultValue: "The order is locked." }],
        ["订单已锁定：请稍后再试", { defaultValue: "订单已锁定：请稍后再试" }],
        ["Error: code 40001", { defaultValue: "Error: code 40001" }],
        ["common", { defaultValue: "whole namespace" }],
        ["", { defaultValue: "empty" }],
      ];
      for (const [key, options] of cases) {
        expect(browser.t(key, options), key).toBe(real.t(key as never, options as never));
      }
    });

    it(`changes language once the other bundle is added (${locale})`, async () => {
      const switched = new BrowserI18n();
      await switched.init({
        resources: { [locale]: resources[locale] },
        lng: locale,
        fallbackLng: "zh",
      });
      expect(switched.hasResourceBundle(other, "translation")).toBe(false);
      switched.addResourceBundle(other, "translation", resources[other].translation);
      let calls = 0;
      const unsubscribe = switched.subscribe(() => {
        calls += 1;
      });
      await switched.changeLanguage(other);
      unsubscribe();
      expect(calls).toBe(1);
      expect(switched.language).toBe(other);
      expect(switched.t("common.languageName")).toBe(
        resources[other].translation.common.languageName,
      );
      expect(switched.getFixedT(other)).toBe(switched.getFixedT(other));
    });
  }
});
