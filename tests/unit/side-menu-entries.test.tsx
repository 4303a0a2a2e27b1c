import { createRef } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { keepMarkupWith } from "~/components/kept-markup.ts";
import { SideMenu } from "~/components/side-menu.tsx";
import type { Locale } from "~/locales/index.ts";
import { resources } from "~/locales/resources.ts";
import { RequestI18n } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { menuFor, type Viewer } from "~/utils/permissions.ts";
import { translatorOf } from "~/utils/request-context.server.ts";

/**
 * The side menu keeps its entries' elements per menu, language, width and
 * current entry (docs/decisions/2026-11-27-menu-entries-kept.md): whatever
 * was drawn before, each page shows its own menu, language and current entry.
 */
function menuAt(
  path: string,
  viewer: Viewer,
  locale: Locale,
  collapsed = false,
  render: typeof renderToString = renderToStaticMarkup,
): string {
  const i18n = translatorOf(locale);
  return render(
    <RequestI18n value={i18n}>
      <MemoryRouter initialEntries={[localizePath(path, locale)]}>
        <SideMenu
          items={menuFor(viewer)}
          collapsed={collapsed}
          locale={locale}
          drawerOpen={false}
          onCloseDrawer={() => {}}
          toggle={createRef()}
        />
      </MemoryRouter>
    </RequestI18n>,
  );
}

/** The `aria-current` links' targets, in order. */
function current(html: string): string[] {
  return [...html.matchAll(/<a href="([^"]*)"[^>]*aria-current="page"/g)].map(
    (match) => match[1] ?? "",
  );
}

const MANAGER: Viewer = { scope: ["CBA_MANAGER"], subAccount: false };
const SUB_ACCOUNT: Viewer = { scope: ["CBA_MANAGER"], subAccount: true };
const GUEST: Viewer = [];

describe("the side menu's entries", () => {
  it("mark the current page's entry, whichever page was drawn before", () => {
    expect(current(menuAt("/order", MANAGER, "zh"))).toEqual(["/server"]);
    expect(current(menuAt("/audit", MANAGER, "zh"))).toEqual(["/audit"]);
    expect(current(menuAt("/inventory_system/detail", MANAGER, "zh"))).toEqual([
      "/inventory_system/detail",
    ]);
    // The first page again: nothing of the pages drawn between is left on it.
    expect(current(menuAt("/order", MANAGER, "zh"))).toEqual(["/server"]);
    expect(current(menuAt("/notifications", MANAGER, "zh"))).toEqual([]);
  });

  it("are in the page's language, with its addresses", () => {
    const zh = menuAt("/order", MANAGER, "zh");
    const en = menuAt("/order", MANAGER, "en");
    expect(zh).toContain(`>${resources.zh.translation.menu.server}<`);
    expect(en).toContain(`>${resources.en.translation.menu.server}<`);
    expect(en).not.toContain(resources.zh.translation.menu.server);
    expect(current(en)).toEqual(["/en/server"]);
    expect(menuAt("/order", MANAGER, "zh")).toBe(zh);
  });

  it("are the viewer's own: an entry another viewer has is not shown", () => {
    const subAccounts = localizePath("/sub_account", "zh");
    expect(menuAt("/order", MANAGER, "zh")).toContain(`href="${subAccounts}"`);
    expect(menuAt("/order", SUB_ACCOUNT, "zh")).not.toContain(`href="${subAccounts}"`);
    const guest = menuAt("/qualificat", GUEST, "zh");
    expect(guest).not.toContain('href="/server"');
    expect(current(guest)).toEqual(["/qualificat"]);
  });

  it("follow the menu's width: collapsed, the names are for screen readers", () => {
    const open = menuAt("/audit", MANAGER, "en");
    const collapsed = menuAt("/audit", MANAGER, "en", true);
    expect(open).toContain('<li class="menu-heading">');
    expect(collapsed).not.toContain('<li class="menu-heading">');
    expect(collapsed).toContain(
      `<span class="sr-only">${resources.en.translation.audit.title}</span>`,
    );
    expect(menuAt("/audit", MANAGER, "en")).toBe(open);
  });

  describe("written once as HTML on the server", () => {
    afterEach(() => keepMarkupWith(null));

    it("are the HTML React writes for their elements, which the browser hydrates", () => {
      const viewers = [MANAGER, SUB_ACCOUNT, GUEST, ["SYSTEM_ADMINISTRATOR"] as Viewer];
      const pages = [
        "/order",
        "/audit",
        "/inventory_system/detail",
        "/setting/account",
        "/qualificat",
      ];
      for (const locale of ["zh", "en"] as const) {
        for (const viewer of viewers) {
          for (const path of pages) {
            for (const collapsed of [false, true]) {
              keepMarkupWith(null);
              const drawn = menuAt(path, viewer, locale, collapsed, renderToString);
              keepMarkupWith(renderToString);
              const kept = menuAt(path, viewer, locale, collapsed, renderToString);
              expect(kept, `${locale} ${JSON.stringify(viewer)} ${path} ${collapsed}`).toBe(drawn);
            }
          }
        }
      }
    });

    it("are written once per menu, the open menu's only, each page's own entry marked", () => {
      let written = 0;
      keepMarkupWith((node) => {
        written += 1;
        return renderToString(node);
      });
      // A page no other test of this file draws: its menus are not kept yet.
      expect(current(menuAt("/explain", MANAGER, "zh"))).toEqual(["/explain"]);
      expect(written).toBe(1);
      expect(current(menuAt("/explain", MANAGER, "zh"))).toEqual(["/explain"]);
      expect(written).toBe(1);
      expect(current(menuAt("/explain", MANAGER, "en"))).toEqual(["/en/explain"]);
      expect(written).toBe(2);
      // The collapsed menu's flyouts are components: drawn as elements.
      menuAt("/explain", MANAGER, "en", true);
      expect(written).toBe(2);
    });
  });
});
