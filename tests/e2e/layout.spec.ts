import type { Page } from "@playwright/test";
import {
  ACCOUNTS,
  expect,
  expectTranslated,
  hydrated,
  STAFF_PAGES,
  signIn,
  test,
} from "./fixtures.ts";

/**
 * Layout at the two narrow desktop widths, in both languages: the page never
 * scrolls sideways; every table fits its box at 1280 px and scrolls inside
 * it at 1024 px; no cell, button or heading cuts its text; menu items take
 * one line. Looked at with the first order's lines open. The same sweep
 * checks that every staff page is translated (no raw translation key), and
 * lays each page out again in a zoomed window and with a reader's text
 * spacing: one load of a page serves every width (the window is resized on
 * the loaded page).
 */
const WIDTHS = [1280, 1024] as const;

/**
 * The rules of a layout check. `menuOnOneLine`: the menu's items take one
 * line; a reader's wider text spacing may wrap them, which is what it asks for.
 */
interface LayoutRules {
  menuOnOneLine: boolean;
}

/** What is wrong with the layout of the page as shown, one line per problem. */
function layoutProblems(
  page: Page,
  width: number,
  rules: LayoutRules = { menuOnOneLine: true },
): Promise<string[]> {
  return page.evaluate(
    ({ width, rules }) => {
      const problems: string[] = [];
      const name = (element: Element) =>
        `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
      // Shown and not visually hidden (`sr-only`), nor inside a closed `<details>`.
      const shown = (element: Element) =>
        (element as HTMLElement).offsetParent !== null &&
        !element.closest(".sr-only") &&
        !element.closest("details:not([open]) > :not(summary)");

      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth)
        problems.push(`page scrolls by ${root.scrollWidth - root.clientWidth}px`);
      const main = document.querySelector("main");
      if (main && main.scrollWidth > main.clientWidth + 1)
        problems.push(`main scrolls by ${main.scrollWidth - main.clientWidth}px`);

      // Nothing sticks out of its card's content box (a scrolling table's insides scroll).
      for (const card of document.querySelectorAll("main .card")) {
        const right =
          card.getBoundingClientRect().right -
          Number.parseFloat(getComputedStyle(card).paddingRight);
        for (const element of card.querySelectorAll("*")) {
          if (!shown(element) || element.closest("section[tabindex] *")) continue;
          const box = element.getBoundingClientRect();
          if (box.width > 0 && box.right > right + 1)
            problems.push(`out of its card: ${name(element)} (${Math.round(box.right - right)}px)`);
        }
      }
      // Cells, and boxes in them, hold their content: nothing sticks out or is cut off.
      for (const cell of document.querySelectorAll("main th, main td")) {
        if (!shown(cell)) continue;
        const boxes = [cell, ...cell.querySelectorAll("*")].filter(
          (box) => shown(box) && getComputedStyle(box).display !== "inline",
        );
        for (const box of boxes) {
          if (box.tagName === "SELECT" || box.tagName === "INPUT") continue;
          if (box.scrollWidth > box.clientWidth + 1)
            problems.push(`cut in a table: ${name(box)} (${box.scrollWidth} > ${box.clientWidth})`);
        }
      }
      // Tables fit their box at 1280 px; narrower, they scroll inside a focusable region.
      for (const table of document.querySelectorAll("main table")) {
        if (!shown(table)) continue;
        const box = table.parentElement!;
        const scrolls = table.getBoundingClientRect().width > box.clientWidth + 1;
        if (scrolls && width >= 1280)
          problems.push(`table wider than its box: ${name(table.querySelector("th") ?? table)}`);
        if (scrolls && (box.tabIndex < 0 || !box.getAttribute("aria-label")))
          problems.push(`scrolling table without a focusable, named region: ${name(table)}`);
      }
      // Buttons, links shown as boxes, labels and headings never cut their text.
      for (const element of document.querySelectorAll(
        "button, a, label, h1, h2, h3, summary, [data-testid='side-menu'] span",
      )) {
        if (!shown(element) || getComputedStyle(element).display === "inline") continue;
        if (element.scrollWidth > element.clientWidth + 1)
          problems.push(`cut: ${name(element)} (${element.scrollWidth} > ${element.clientWidth})`);
      }
      // Menu items take one line.
      const menuItems = rules.menuOnOneLine
        ? document.querySelectorAll(
            "[data-testid='side-menu'] li > a, [data-testid='side-menu'] li button, [data-testid='side-menu'] li summary",
          )
        : [];
      for (const item of menuItems) {
        const label = [...item.querySelectorAll("span")].find(
          (span) => !span.classList.contains("sr-only"),
        );
        if (!label) continue;
        const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight);
        if (label.getBoundingClientRect().height > lineHeight * 1.5)
          problems.push(`menu item on two lines: ${name(label)}`);
      }
      return problems;
    },
    { width, rules },
  );
}

const LONG_POSITION = "PALLETPOSITIONWAREHOUSEB12LEVEL3";

async function expectLaidOut(page: Page, state: string, width: number, rules?: LayoutRules) {
  expect.soft(await layoutProblems(page, width, rules), `${state} at ${width}px`).toEqual([]);
}

/** A reader's wider text spacing may wrap the 205 px menu's items. */
const SPACED_TEXT: LayoutRules = { menuOnOneLine: false };

/**
 * Zoomed windows: a 1280 px screen at 200 % is 640 CSS px wide, at 400 %
 * 320 px (WCAG's reflow width). The sign-in, password and staff pages do not
 * scroll sideways there; tables scroll inside their own focusable box. The
 * side menu leaves the page's flow and opens over it from the header's toggle.
 */
const ZOOMED_WIDTHS = [640, 320] as const;

/** WCAG 1.4.12: text spacing a reader's style sheet may set. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

/** The window's size for the text-spacing checks: the project's own. */
const SPACED_WIDTH = 1440;

/**
 * Resizes the window of the loaded page and waits two frames: the side menu
 * follows a media query's change event, which the browser sends on its next
 * frame, and React draws the menu again on it.
 */
async function resize(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** The zoomed widths on the loaded page: the side menu leaves the page, nothing scrolls sideways. */
async function expectReflowed(page: Page, state: string, { menu = true } = {}) {
  for (const width of ZOOMED_WIDTHS) {
    await resize(page, width, 800);
    if (menu)
      await expect.soft(page.getByTestId("side-menu"), `${state} at ${width}px`).toBeHidden();
    await expectLaidOut(page, state, width);
  }
}

/** The reader's text spacing on the loaded page: nothing cut off, nothing clipped at its bottom. */
async function expectSpacedTextFits(page: Page, state: string) {
  await resize(page, SPACED_WIDTH, 900);
  await page.addStyleTag({ content: TEXT_SPACING });
  await expectLaidOut(page, `${state} with text spacing`, SPACED_WIDTH, SPACED_TEXT);
  // Nothing clipped at its bottom either (a clamped line count, a fixed height).
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll("span, p, a, button, h1, h2, label")]
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          (element as HTMLElement).offsetParent !== null &&
          !element.closest(".sr-only") &&
          style.overflowY !== "visible" &&
          element.scrollHeight > element.clientHeight + 2
        );
      })
      .map((element) => (element.textContent ?? "").trim().slice(0, 40)),
  );
  expect.soft(clipped, `${state}: clipped text`).toEqual([]);
}

test.describe("the sweep of every page", () => {
  // The reader's style sheet is injected; the page's CSP would refuse it.
  test.use({ bypassCSP: true });

  for (const locale of ["zh", "en"] as const) {
    const prefix = locale === "en" ? "/en" : "";

    test(`pages are translated and laid out at 1280 and 1024 px, zoomed, and with a reader's text spacing (${locale})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);

      // Without login: the sign-in form starts in view, under the product's name.
      for (const path of ["/", "/forge_password"]) {
        await resize(page, ZOOMED_WIDTHS[0], 800);
        await page.goto(`${prefix}${path}`);
        await hydrated(page);
        for (const width of ZOOMED_WIDTHS) {
          await resize(page, width, 800);
          await expectLaidOut(page, prefix + path, width);
          if (path !== "/") continue;
          await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
          await expect(page.locator('input[name="username"]')).toBeInViewport();
        }
        if (path === "/") await expectSpacedTextFits(page, `${prefix}/`);
      }

      await signIn(page, ACCOUNTS.admin, { locale });
      for (const path of STAFF_PAGES) {
        await resize(page, WIDTHS[0], 900);
        await page.goto(prefix + path);
        await hydrated(page);
        const rowLines = page.locator("input.row-expand").first();
        if (path === "/order") {
          // The first order with its lines open.
          await rowLines.check({ force: true });
          await expect(page.getByTestId("order-lines").first()).toBeVisible();
        }
        for (const width of WIDTHS) {
          await resize(page, width, 900);
          await expectLaidOut(page, prefix + path, width);
          if (width === WIDTHS[0]) await expectTranslated(page, prefix + path);
        }
        if (path === "/order") {
          // Zoomed and spaced, the list as it first shows.
          await rowLines.uncheck({ force: true });
          await expect(page.getByTestId("order-lines")).toHaveCount(0);
        }
        await expectReflowed(page, prefix + path);
        await expectSpacedTextFits(page, prefix + path);
      }

      // The review queue: a rejection's reason wraps, and an open rejection
      // form lies over the rows, not widening the pinned actions column.
      await resize(page, WIDTHS[0], 900);
      await page.goto(`${prefix}/qualificat/?state=rejected`);
      await hydrated(page);
      await expect(page.getByTestId("review-queue").locator("tbody tr").first()).toBeVisible();
      for (const width of WIDTHS) {
        await resize(page, width, 900);
        await expectLaidOut(page, "rejected qualifications", width);
      }
      await resize(page, WIDTHS[0], 900);
      await page.goto(`${prefix}/qualificat`);
      await hydrated(page);
      const review = page.getByTestId("review-queue");
      const reject = review
        .locator("tbody details")
        .filter({ hasText: /^(驳回|Reject)/ })
        .first();
      await reject.locator("summary").click();
      await expect(reject.locator("textarea")).toBeVisible();
      for (const width of WIDTHS) {
        await resize(page, width, 900);
        await expectLaidOut(page, "review queue with a rejection open", width);
      }

      // The pallets of the first service: names keep at least eight characters a line.
      await resize(page, WIDTHS[0], 900);
      await page.goto(`${prefix}/server`);
      await page.getByTestId("services").locator("tbody a").first().click();
      await expect(page).toHaveURL(/\/server\/salver\/\?serviceNo=/);
      await hydrated(page);
      // The longest position a pallet may have (32 characters, no break in it) wraps in its column.
      const position = page.getByTestId("pallets").locator("tbody tr").first().locator("details");
      await position.locator("summary").click();
      await position.locator('input[name="salverDirection"]').fill(LONG_POSITION);
      await position.getByRole("button").click();
      await expect(position.locator("summary")).toContainText(LONG_POSITION);
      const name = page.getByTestId("pallets").locator("tbody tr").first().locator("td").nth(2);
      for (const width of WIDTHS) {
        await resize(page, width, 900);
        await expectLaidOut(page, "pallet list", width);
        const { inner, fontSize } = await name.evaluate((cell) => {
          const style = getComputedStyle(cell);
          return {
            inner:
              cell.clientWidth -
              Number.parseFloat(style.paddingLeft) -
              Number.parseFloat(style.paddingRight),
            fontSize: Number.parseFloat(style.fontSize),
          };
        });
        expect.soft(inner, `pallet name column at ${width}px`).toBeGreaterThanOrEqual(8 * fontSize);
        await expect(
          page
            .getByTestId("pallets")
            .getByRole("link", { name: /^(查看订单|View orders)$/ })
            .first(),
        ).toBeVisible();
      }

      // The collapsed menu still opens its submenus and keeps the page in its box.
      await page.goto(`${prefix}/server`);
      await hydrated(page);
      await page.getByTestId("menu-toggle").click();
      await expect(page.getByTestId("side-menu")).toHaveAttribute("data-collapsed", "true");
      await expect
        .poll(() => page.getByTestId("side-menu").evaluate((menu) => menu.clientWidth))
        .toBe(64);
      await expectLaidOut(page, "collapsed menu", 1024);
      await page.getByTestId("menu-toggle").click();
      await expect(page.getByTestId("side-menu")).toHaveAttribute("data-collapsed", "false");

      // A guest's qualification form, zoomed.
      await page.context().clearCookies();
      await signIn(page, ACCOUNTS.guest, { locale });
      await page.goto(`${prefix}/qualificat`);
      await hydrated(page);
      await expect(page.locator('input[name="companyNameZh"]')).toBeVisible();
      await expectReflowed(page, `${prefix}/qualificat (guest)`);
    });
  }
});

for (const locale of ["zh", "en"] as const) {
  const prefix = locale === "en" ? "/en" : "";

  test(`a zoomed window's menu opens over the page (${locale})`, async ({ page }) => {
    await signIn(page, ACCOUNTS.manager, { locale });
    await page.setViewportSize({ width: 640, height: 600 });
    await page.goto(`${prefix}/order`);
    await hydrated(page);
    const menu = page.getByTestId("side-menu");
    const toggle = page.getByTestId("menu-toggle");
    const expand = locale === "en" ? "Expand menu" : "展开菜单";
    const collapse = locale === "en" ? "Collapse menu" : "收起菜单";
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAccessibleName(expand);
    await expect(toggle).toHaveAttribute("aria-controls", "side-menu");

    // Opened from the keyboard: the focus goes to the current page's item.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("data-collapsed", "false");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName(collapse);
    const services = menu.getByRole("link", {
      name: locale === "en" ? "Service management" : "服务管理",
    });
    await expect(services).toBeFocused();
    // The page keeps its width under the drawer.
    expect(await layoutProblems(page, 640)).toEqual([]);

    // The header stays in sight above it: its toggle is not covered.
    const toggleUncovered = () =>
      toggle.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && button.contains(top);
      });
    expect(await toggleUncovered()).toBe(true);

    // Escape closes it and gives the focus back to the toggle.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // A click beside it closes it.
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(630, 400);
    await expect(menu).toBeHidden();

    // Going to a page closes it.
    await toggle.click();
    await menu.getByRole("link", { name: locale === "en" ? "Qualification" : "资质信息" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/qualificat`));
    await expect(menu).toBeHidden();

    // Widening the window puts the menu beside the page again.
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 600 });
    await expect(menu).toBeVisible();
    await expect.poll(() => menu.evaluate((nav) => getComputedStyle(nav).position)).toBe("static");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName(collapse);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a zoomed window stacks the menu above the page", async ({ page }) => {
    await page.setViewportSize({ width: 640, height: 800 });
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/order");
    const menu = page.getByTestId("side-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "服务管理" })).toBeVisible();
    // The user menu is a disclosure that opens without JavaScript, its logout inside.
    await page.getByTestId("user-menu").click();
    await expect(page.getByRole("button", { name: "退出登录" })).toBeVisible();
    expect(await layoutProblems(page, 640)).toEqual([]);
  });

  test("the menu comes collapsed as its cookie says, in both languages", async ({ page }) => {
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/order");
    await expect(page.getByTestId("side-menu")).toHaveAttribute("data-collapsed", "false");
    const site = new URL("/", page.url()).href;
    await page.context().addCookies([{ name: "menu_collapsed", value: "1", url: site }]);
    for (const path of ["/order", "/en/order"]) {
      await page.goto(path);
      await expect(page.getByTestId("side-menu")).toHaveAttribute("data-collapsed", "true");
    }
    await page.context().addCookies([{ name: "menu_collapsed", value: "0", url: site }]);
    await page.goto("/order");
    await expect(page.getByTestId("side-menu")).toHaveAttribute("data-collapsed", "false");
  });
});
