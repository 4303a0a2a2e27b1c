import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Shell } from "~/components/app-shell.tsx";
import {
  dropKeptParts,
  keepMarkupWith,
  keptOrDrawn,
  MAX_KEPT_PART_KEY,
  MAX_KEPT_PARTS,
  useKeptPart,
} from "~/components/kept-markup.ts";
import type { Locale } from "~/locales/index.ts";
import { RequestI18n } from "~/utils/i18n.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { translatorOf } from "~/utils/request-context.server.ts";
import type { ShellData } from "~/utils/shell-data.ts";

/**
 * The signed-in layout's header is written once as HTML on the server for a
 * page asked for again and kept (docs/decisions/2026-11-27-kept-page-parts.md);
 * the browser draws it as elements, which hydrate against that HTML. Both
 * ways must write the same page, whatever the address, language, account,
 * menu and unread count.
 */

interface FrameOf {
  path: string;
  locale: Locale;
  username?: string;
  unread?: number;
  collapsed?: boolean;
  /** An account without a role yet (no settings center). */
  guest?: boolean;
}

/** A page with a kept part of its own, kept for each address alone. */
function Page() {
  const draw = () => <span>page</span>;
  const html = useKeptPart("page", "", draw);
  return <p {...keptOrDrawn(html, draw)} />;
}

/** The layout's frame around a page, as the server's render draws it. */
function frameAt({
  path,
  locale,
  username = "manager@demo.test",
  unread = 0,
  collapsed,
  guest,
}: FrameOf): string {
  const data: ShellData = {
    unread,
    locale,
    username,
    viewer: { scope: guest ? [] : ["SYSTEM_ADMINISTRATOR", "CBA_MANAGER"] },
    ...(collapsed ? { collapsed: true as const } : {}),
  };
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <Shell data={data}>
            <Page />
          </Shell>
        ),
      },
    ],
    { initialEntries: [localizePath(path, locale)] },
  );
  return renderToString(
    <RequestI18n value={translatorOf(locale)}>
      <RouterProvider router={router} />
    </RequestI18n>,
  );
}

/** Counts the header's contents written as kept HTML (they start with the menu's toggle), and the page's. */
function countHeaders(written: { headers: number; pages?: number }): void {
  keepMarkupWith((node) => {
    const html = renderToString(node);
    if (html.startsWith('<button type="button" class="header-button"')) written.headers += 1;
    if (html === "<span>page</span>") written.pages = (written.pages ?? 0) + 1;
    return html;
  });
}

const headerOf = (html: string) =>
  html.slice(html.indexOf("<header"), html.indexOf("</header>") + "</header>".length);

describe("the signed-in layout's header written once as HTML", () => {
  beforeEach(() => dropKeptParts());
  afterEach(() => {
    keepMarkupWith(null);
    dropKeptParts();
  });

  it("is the HTML React writes for its elements, in every state", () => {
    const states: Omit<FrameOf, "locale">[] = [
      { path: "/order/" },
      { path: "/order/?current=2&consignee=%3Cb%3E%22%26%27" },
      { path: "/server/", unread: 3 },
      { path: "/server/", unread: 120 },
      { path: "/pallet/", collapsed: true },
      { path: "/qualification/", guest: true, username: "guest@demo.test" },
      { path: "/notifications", username: "<admin>&\"'" },
    ];
    for (const locale of ["zh", "en"] as const) {
      for (const state of states) {
        const of = { ...state, locale };
        const label = JSON.stringify(of);
        dropKeptParts();
        keepMarkupWith(null);
        const drawn = frameAt(of);
        const written = { headers: 0 };
        countHeaders(written);
        // An address shown for the first time draws its header as elements.
        expect(frameAt(of), `${label} first`).toBe(drawn);
        expect(written.headers, `${label} first`).toBe(0);
        expect(frameAt(of), label).toBe(drawn);
        expect(written.headers, label).toBe(1);
        // Again, from what was kept: nothing written.
        expect(frameAt(of), `${label} kept`).toBe(drawn);
        expect(written.headers, `${label} kept`).toBe(1);
      }
    }
  });

  it("is kept apart for each language, address, account, menu and unread count", () => {
    const written = { headers: 0 };
    const twice = (of: FrameOf) => {
      countHeaders(written);
      frameAt(of);
      const kept = frameAt(of);
      keepMarkupWith(null);
      expect(kept, JSON.stringify(of)).toBe(frameAt(of));
      return headerOf(kept);
    };
    const zh = twice({ path: "/order/", locale: "zh" });
    const en = twice({ path: "/order/", locale: "en" });
    expect(written.headers).toBe(2);
    expect(zh).not.toBe(en);
    expect(en).toContain('value="/en/order/"');
    // The language switcher returns to the address it was drawn on.
    expect(twice({ path: "/order/?current=2", locale: "zh" })).toContain(
      'value="/order/?current=2"',
    );
    const unread = twice({ path: "/order/", locale: "zh", unread: 7 });
    expect(unread).toContain('data-testid="notification-badge">7<');
    const other = twice({ path: "/order/", locale: "zh", username: "ops@demo.test" });
    expect(other).toContain(">ops@demo.test<");
    const collapsed = twice({ path: "/order/", locale: "zh", collapsed: true });
    expect(collapsed).toContain('aria-expanded="false"');
    const guest = twice({ path: "/order/", locale: "zh", guest: true });
    expect(guest).not.toContain("/setting/center");
    expect(zh).toContain("/setting/center");
    expect(written.headers).toBe(7);
  });

  it("is never one account's for another whose address spells out the rest of its key", () => {
    const written = { headers: 0 };
    countHeaders(written);
    // The key's text of this account at `/order/?q` is also that of the
    // other at an address ending in the first one's name and state.
    const owner: FrameOf = {
      path: "/order/?q",
      locale: "zh",
      username: "x|zh|1|1|0|eve@demo.test",
    };
    frameAt(owner);
    frameAt(owner);
    expect(written.headers).toBe(1);
    const other: FrameOf = {
      path: "/order/?q|zh|1|1|0|x",
      locale: "zh",
      username: "eve@demo.test",
    };
    frameAt(other);
    const kept = headerOf(frameAt(other));
    keepMarkupWith(null);
    expect(kept).toBe(headerOf(frameAt(other)));
    expect(kept).not.toContain("x|zh|1|1|0|eve@demo.test");
  });

  it("is bounded apart from the parts kept for each address alone", () => {
    const written = { headers: 0, pages: 0 };
    countHeaders(written);
    frameAt({ path: "/order/", locale: "zh" });
    frameAt({ path: "/order/", locale: "zh" });
    expect(written).toEqual({ headers: 1, pages: 1 });
    // As many accounts as the bound, each once at the same address: their
    // headers are dropped when it is passed, the page's part is not.
    for (let n = 0; n < MAX_KEPT_PARTS; n += 1) {
      frameAt({ path: "/order/", locale: "zh", username: `user${n}@demo.test` });
    }
    frameAt({ path: "/order/", locale: "zh" });
    frameAt({ path: "/order/", locale: "zh" });
    expect(written).toEqual({ headers: 2, pages: 1 });
  });

  it("keeps nothing for a long address", () => {
    const written = { headers: 0 };
    countHeaders(written);
    const long = {
      path: `/order/?consignee=${"x".repeat(MAX_KEPT_PART_KEY)}`,
      locale: "zh" as const,
    };
    const first = frameAt(long);
    expect(frameAt(long)).toBe(first);
    expect(written.headers).toBe(0);
  });
});
