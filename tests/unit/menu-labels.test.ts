import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources.ts";
import { MENU_OWN_TITLES, menuOwnTitleTexts } from "~/utils/route-titles.ts";
import { MENU, type MenuEntry, type MenuKey, PATHS, STAFF } from "~/utils/site-map.ts";

/** The text a menu key names in one language, if any. */
function textOf(locale: keyof typeof resources, key: MenuKey): unknown {
  let node: unknown = resources[locale].translation;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

const labelsOf = (entries: readonly (MenuEntry & { children?: readonly MenuEntry[] })[]) =>
  entries.flatMap((entry): MenuKey[] => [entry.label, ...labelsOf(entry.children ?? [])]);

describe("menu labels", () => {
  it("may be the title of the entry's page, so a new page's entry needs no text of its own", () => {
    // Type-checked: a title key is a menu label.
    const entry: MenuEntry = { label: "titles.orders", path: PATHS.orders, allow: STAFF };
    expect(textOf("zh", entry.label)).toBe(resources.zh.translation.titles.orders);
    expect(textOf("en", entry.label)).toBe(resources.en.translation.titles.orders);
  });

  it("may be the title in the page's own texts, which the build adds to every page's texts", () => {
    // Type-checked too: the title of a group of texts that has one.
    const entry: MenuEntry = { label: "workbench.title", path: PATHS.workbench, allow: STAFF };
    expect(textOf("en", entry.label)).toBe("Workbench");
    expect(MENU_OWN_TITLES).toContain("audit.title");
    expect(menuOwnTitleTexts(resources.zh.translation).audit).toEqual({ title: "操作记录" });
    expect(menuOwnTitleTexts(resources.en.translation).audit).toEqual({ title: "Audit log" });
    expect(() => menuOwnTitleTexts({ common: {} })).toThrow("audit.title");
  });

  it("name a text in both languages, whichever kind of key they are", () => {
    for (const key of labelsOf(MENU)) {
      expect(typeof textOf("zh", key), key).toBe("string");
      expect(typeof textOf("en", key), key).toBe("string");
    }
  });
});
