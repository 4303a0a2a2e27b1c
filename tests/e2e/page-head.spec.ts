/**
 * What the page's head holds without the root's loader (app/root.tsx): the
 * language's translation chunks preloaded (the signed-in texts' on the
 * signed-in layout's pages only), the icon and the stylesheet once, and a
 * page whose route has CSS of its own (the pallet papers) that CSS too;
 * after hydration as before it.
 */
import { ACCOUNTS, expect, hydrated, signIn, test } from "./fixtures.ts";

const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const links = (html: string, rel: string) =>
  [...head(html).matchAll(new RegExp(`<link[^>]*rel="${rel}"[^>]*>`, "g"))].map((m) => m[0]);
const preloads = (html: string) =>
  [...head(html).matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]);

for (const prefix of ["", "/en"]) {
  test(`the head's links, signed in and not (${prefix || "/"})`, async ({ page }) => {
    const login = (await (await page.request.get(`${prefix}/login`)).text()) ?? "";
    expect(links(login, "stylesheet")).toHaveLength(1);
    expect(links(login, "icon")).toHaveLength(1);
    // The language's chunk alone: the signed-in texts are not the login page's.
    expect(preloads(login)).toHaveLength(1);
    expect(login).not.toContain('\\"translations\\"');

    await signIn(page, ACCOUNTS.manager, { locale: prefix ? "en" : "zh" });
    const answer = await page.goto(`${prefix}/order/`);
    const html = (await answer?.text()) ?? "";
    expect(links(html, "stylesheet")).toHaveLength(1);
    expect(links(html, "icon")).toHaveLength(1);
    // The language's texts and its signed-in pages' texts, from the server's build.
    const chunks = preloads(html);
    expect(chunks).toHaveLength(2);
    for (const chunk of chunks) expect((await page.request.get(chunk ?? "")).ok()).toBe(true);
    // The root sends no data of its own.
    expect(html).not.toContain('\\"root\\"');
    await hydrated(page);
    const after = await page.$$eval('head link[rel="modulepreload"]:not([nonce])', (all) =>
      all.map((link) => link.getAttribute("href")),
    );
    // Still in the head after hydration (the page's later code adds its own).
    expect(after).toEqual(expect.arrayContaining(chunks));
    await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);

    // A route with CSS of its own: the root's stylesheet and the route's.
    const paper = (await (await page.goto(`${prefix}/server/salver/label`))?.text()) ?? "";
    const sheets = links(paper, "stylesheet");
    expect(sheets).toHaveLength(2);
    expect(sheets[1]).toMatch(/paper-header-[\w-]+\.css/);
  });
}
