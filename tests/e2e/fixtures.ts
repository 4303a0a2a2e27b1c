import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type CDPSession,
  type Clock,
  type Download,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import ExcelJS from "exceljs";
import { resources } from "../../app/locales/resources.ts";
import { HOME_PAGES } from "../../app/utils/site-map.ts";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";

/**
 * Every test runs in a world of its own: the portal (started with
 * `TEST_WORLDS=1`) gives each value of this header a freshly seeded fake
 * backend, so no test sees another's changes and counts are the same whatever
 * runs beside it or before it. Every browser context and API client a test
 * opens must send it: use the `newContext` and `newRequest` fixtures.
 * Browser contexts also carry it as a cookie, which downloads send too.
 */
export const WORLD_HEADER = "x-test-world";
/** The same, as a cookie: browsers do not send test headers with downloads. */
const WORLD_COOKIE = "test-world";

interface WorldFixtures {
  /** The context options of the test, from the config and `test.use` (`contextSettingsOf`). */
  contextSettings: BrowserContextOptions;
  /** The id of this test's fake-backend world. */
  world: string;
  /**
   * The demo account the test's `page` is signed in as before the test
   * starts (`test.use({ signedInAs: "manager" })`), and the language of
   * that sign-in; none by default. See `signIn`.
   */
  signedInAs: keyof typeof ACCOUNTS | null;
  signInLocale: "zh" | "en";
  /** Another browser context of the same world (a second user or device); closed after the test. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** An API client of the same world (form posts without a browser); disposed after the test. */
  newRequest: () => Promise<APIRequestContext>;
}

interface WorkerFixtures {
  /** The worker's browser contexts, lent to one test at a time (`ContextPool`). */
  contextPool: ContextPool;
}

/** What a kept context is cleared of, on top of its cookies and pages (every kind but the HTTP cache; local storage takes session storage with it). */
const STORAGE_TYPES = [
  "local_storage",
  "indexeddb",
  "cache_storage",
  "service_workers",
  "file_systems",
  "websql",
  "shared_storage",
  "storage_buckets",
].join(",");

/**
 * Calls whose effect outlives the journey and that Playwright offers no way
 * to undo: scripts and functions given to every later document, locator
 * handlers, web socket routes, default timeouts, listeners taken away
 * wholesale (Playwright's own among them), keys and buttons held down. A
 * page they were called on is closed, not lent again; what can be put back
 * (viewport, emulated media, routes, extra headers, the journey's
 * listeners) is put back instead.
 */
const CALLS_THAT_STAY = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "removeAllListeners",
  "routeWebSocket",
  "setDefaultNavigationTimeout",
  "setDefaultTimeout",
] as const satisfies readonly (keyof Page & keyof BrowserContext)[];
const PAGE_CALLS_THAT_STAY = [
  ...CALLS_THAT_STAY,
  "addLocatorHandler",
] as const satisfies readonly (keyof Page)[];
/** The same for a context: one they were called on is closed. So is one whose clock was touched (`page.clock` is the context's). */
const CONTEXT_CALLS_THAT_STAY = [
  ...CALLS_THAT_STAY,
  "setGeolocation",
  "setHTTPCredentials",
] as const satisfies readonly (keyof BrowserContext)[];
const CLOCK_CALLS = [
  "install",
  "fastForward",
  "pauseAt",
  "resume",
  "runFor",
  "setFixedTime",
  "setSystemTime",
] as const satisfies readonly (keyof Clock)[];
/** The ways to add a listener, which the pool notes to take the journey's listeners away after it. */
const ADD_LISTENER = ["on", "once", "addListener", "prependListener"] as const satisfies readonly (
  | keyof Page
  | keyof BrowserContext
)[];

type Listener = (...args: unknown[]) => unknown;
type EventName = Parameters<Page["removeListener"]>[0] &
  Parameters<BrowserContext["removeListener"]>[0];

/**
 * Calls `before` ahead of every call of the named methods of this one object
 * (a page, a context, a clock): how the pool learns what a journey did that
 * it must put back, or that forbids lending the object again. Only the
 * object's public methods are wrapped, on the object itself.
 */
function beforeCalls<T extends object>(
  target: T,
  names: readonly (keyof T & string)[],
  before: (args: unknown[]) => void,
) {
  for (const name of names) {
    const method = target[name];
    if (typeof method !== "function") throw new Error(`${name} is not a method to watch`);
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value(this: T, ...args: unknown[]) {
        before(args);
        return method.apply(this, args);
      },
    });
  }
}

/** Waits for `promise` at most `ms` milliseconds: putting a page back must not hang on it. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // What comes after the time is up fails unheard: the page is closed then.
  promise.catch(() => {});
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A page the pool keeps open in a context and lends with it. */
interface KeptPage {
  page: Page;
  /** Its DevTools session, for what Playwright does not offer (storage, history). */
  session: CDPSession;
  /** The origins its documents were on since it was last cleared: their session storage is cleared too. */
  origins: Set<string>;
  /** The listeners added to it while it was lent. */
  added: [EventName, Listener][];
  /** How many journeys it was lent to: `requests()` would list the earlier ones' requests. */
  lent: number;
  /** Put back when the journey changed them. */
  media: boolean;
  headers: boolean;
  /** A call whose effect cannot be undone was made on it: closed, not lent again. */
  spoiled: boolean;
}

/** What the pool knows of one of its contexts. */
interface KeptContext {
  key: string;
  options: BrowserContextOptions;
  /** The listeners added to it while it was lent. */
  added: [EventName, Listener][];
  spoiled: boolean;
  page?: KeptPage;
}

/**
 * The browser contexts of a worker, lent to one test at a time with their
 * first page: the `context` (so `page`) and `newContext` fixtures take a
 * free context with the test's options and world, and give it back cleared
 * when the test ends. A context lives as long as the worker so that its HTTP
 * cache does: every journey's first page would otherwise fetch, decode and
 * compile the portal's scripts and styles again
 * (docs/decisions/2026-11-26-journeys-share-browser-contexts.md). Its first
 * page lives on too, so that the next journey does not start a page and its
 * renderer again (docs/decisions/2026-11-26-journeys-share-pages.md).
 *
 * What a test could leave behind is cleared before the next one gets it:
 * other pages; cookies, local and session storage, IndexedDB, Cache Storage
 * and service workers of every origin its pages were on; permissions, routes,
 * offline mode, the world's header and the journey's listeners of the
 * context; and of the kept page its document (it goes to a blank page of its
 * own origin, so the next page load stays in the same renderer), history,
 * `window.name`, routes, listeners, viewport, emulated media, extra headers,
 * the mouse's place, console messages and page errors. Only the HTTP cache is
 * kept: the pages and every answer with users' data are `no-store`, the
 * assets' names are hashes of their bytes. A test that fails gives its
 * contexts back to be closed (Playwright keeps their last screenshot and page
 * snapshot), and so does one with recorded state, or one that made a call
 * whose effect cannot be undone (`CONTEXT_CALLS_THAT_STAY`, the clock); a
 * page with such a call (`PAGE_CALLS_THAT_STAY`) or that cannot be put back
 * is closed and the context keeps a new one.
 */
class ContextPool {
  readonly #browser: Browser;
  readonly #free = new Map<string, BrowserContext[]>();
  readonly #kept = new WeakMap<BrowserContext, KeptContext>();

  constructor(browser: Browser) {
    this.#browser = browser;
  }

  /**
   * A context with these options and this world's header and cookie. The
   * `context` fixture asks for one with a kept page (`withPage`); `newContext`
   * for one without, since its journeys open their own pages.
   */
  async take(options: BrowserContextOptions, world: string, baseURL: string, withPage: boolean) {
    const { [WORLD_HEADER]: _world, ...headers } = options.extraHTTPHeaders ?? {};
    const settings = { ...options, extraHTTPHeaders: headers };
    const key = JSON.stringify(settings, (_name, value) =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
        : value,
    );
    const free = this.#free.get(key) ?? [];
    const best = free.findLastIndex(
      (context) => Boolean(this.#kept.get(context)?.page) === withPage,
    );
    const [found] = free.splice(best < 0 ? free.length - 1 : best, 1);
    let context = found;
    let kept = found && this.#kept.get(found);
    if (!context || !kept) {
      context = await this.#browser.newContext(settings);
      kept = this.#watch(context, key, settings);
    }
    if (kept.page && !withPage) {
      await kept.page.page.close();
      kept.page = undefined;
    }
    kept.added = [];
    if (kept.page) kept.page.added = [];
    await context.setExtraHTTPHeaders({ ...headers, [WORLD_HEADER]: world });
    await context.addCookies([{ name: WORLD_COOKIE, value: world, url: baseURL }]);
    return context;
  }

  /** The page lent with `context` (taken from this pool), or a new one that is kept from now on. */
  async pageOf(context: BrowserContext): Promise<Page> {
    const kept = this.#kept.get(context);
    if (!kept) throw new Error("the context is not one of the pool's");
    kept.page ??= await this.#watchPage(await context.newPage());
    kept.page.lent += 1;
    return kept.page.page;
  }

  async giveBack(context: BrowserContext, passed: boolean, baseURL: string) {
    const kept = this.#kept.get(context);
    const { storageState, recordHar, recordVideo } = kept?.options ?? {};
    if (!kept || !passed || storageState || recordHar || recordVideo || kept.spoiled) {
      await context.close().catch(() => {});
      return;
    }
    try {
      await this.#clear(context, kept, baseURL);
    } catch {
      // Closed by the test itself, or a page that would not close: not lent again.
      await context.close().catch(() => {});
      return;
    }
    this.#free.set(kept.key, [...(this.#free.get(kept.key) ?? []), context]);
  }

  /** Notes what a journey does to `context` that must be undone, or that forbids lending it again. */
  #watch(context: BrowserContext, key: string, options: BrowserContextOptions): KeptContext {
    const kept: KeptContext = { key, options, added: [], spoiled: false };
    const spoil = () => {
      kept.spoiled = true;
    };
    beforeCalls(context, CONTEXT_CALLS_THAT_STAY, spoil);
    beforeCalls(context.clock, CLOCK_CALLS, spoil);
    beforeCalls(context, ADD_LISTENER, ([event, listener]) => {
      kept.added.push([event as EventName, listener as Listener]);
    });
    this.#kept.set(context, kept);
    return kept;
  }

  /** The same for a page that is to be kept: its origins, listeners and settings. */
  async #watchPage(page: Page): Promise<KeptPage> {
    const kept: KeptPage = {
      page,
      session: await page.context().newCDPSession(page),
      origins: new Set(),
      added: [],
      lent: 0,
      media: false,
      headers: false,
      spoiled: false,
    };
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && /^https?:/.test(frame.url())) {
        kept.origins.add(new URL(frame.url()).origin);
      }
    });
    const spoil = () => {
      kept.spoiled = true;
    };
    beforeCalls(page, PAGE_CALLS_THAT_STAY, spoil);
    beforeCalls(page.keyboard, ["down"], spoil);
    beforeCalls(page.mouse, ["down"], spoil);
    beforeCalls(page, ["emulateMedia"], () => {
      kept.media = true;
    });
    beforeCalls(page, ["setExtraHTTPHeaders"], () => {
      kept.headers = true;
    });
    beforeCalls(page, ["requests"], () => {
      if (kept.lent > 1) {
        throw new Error(
          "page.requests() of a page lent by the pool would list earlier journeys' requests: open a page of the journey's own with context.newPage()",
        );
      }
    });
    beforeCalls(page, ADD_LISTENER, ([event, listener]) => {
      kept.added.push([event as EventName, listener as Listener]);
    });
    return kept;
  }

  async #clear(context: BrowserContext, kept: KeptContext, baseURL: string) {
    const origins = new Set([new URL(baseURL).origin]);
    for (const page of context.pages()) {
      if (/^https?:/.test(page.url())) origins.add(new URL(page.url()).origin);
    }
    for (const origin of kept.page?.origins ?? []) origins.add(origin);
    for (const open of context.pages()) {
      if (open !== kept.page?.page) await open.close();
    }
    if (kept.page && !(await this.#putBack(kept.page, kept.options))) {
      await kept.page.page.close().catch(() => {});
      kept.page = undefined;
    }
    // A context without a page needs one for its storage to be cleared: it is kept for the next journey.
    kept.page ??= await this.#watchPage(await context.newPage());
    const { session } = kept.page;
    for (const origin of origins) {
      await session.send("Storage.clearDataForOrigin", { origin, storageTypes: STORAGE_TYPES });
    }
    await session.send("Page.resetNavigationHistory");
    kept.page.origins.clear();
    for (const [event, listener] of kept.added.splice(0)) context.removeListener(event, listener);
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.clearCookies();
    await context.clearPermissions();
    if (kept.options.permissions?.length) await context.grantPermissions(kept.options.permissions);
    await context.setOffline(kept.options.offline ?? false);
    await context.setExtraHTTPHeaders(kept.options.extraHTTPHeaders ?? {});
  }

  /**
   * Puts the kept page back as a new page of the context would be, and
   * answers whether it could: a page with a call that cannot be undone, a
   * crashed or closed page, or one that does not leave its document in time
   * (an open dialog) is not lent again.
   */
  async #putBack(kept: KeptPage, options: BrowserContextOptions): Promise<boolean> {
    const { page } = kept;
    if (kept.spoiled || page.isClosed()) return false;
    try {
      for (const [event, listener] of kept.added.splice(0)) page.removeListener(event, listener);
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await within(10_000, this.#blank(page, options.javaScriptEnabled !== false));
      const viewport =
        options.viewport === undefined ? { width: 1280, height: 720 } : options.viewport;
      const size = page.viewportSize();
      if (
        viewport === null
          ? size !== null
          : size?.width !== viewport.width || size.height !== viewport.height
      ) {
        if (!viewport) return false;
        await page.setViewportSize(viewport);
      }
      if (kept.media) {
        await page.emulateMedia({
          media: null,
          colorScheme: options.colorScheme === undefined ? "light" : options.colorScheme,
          reducedMotion:
            options.reducedMotion === undefined ? "no-preference" : options.reducedMotion,
          forcedColors: options.forcedColors === undefined ? "none" : options.forcedColors,
          contrast: options.contrast === undefined ? "no-preference" : options.contrast,
        });
        kept.media = false;
      }
      if (kept.headers) {
        await page.setExtraHTTPHeaders({});
        kept.headers = false;
      }
      await page.mouse.move(-1, -1);
      await page.clearConsoleMessages();
      await page.clearPageErrors();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Takes the page to a blank document with an empty `window.name`. The page
   * itself goes there, so the blank page stays in its origin and renderer
   * and the next journey's first page load does not start a renderer again;
   * a page without scripts, or whose document does not go (an error page),
   * is sent there by the browser instead.
   */
  async #blank(page: Page, scripts: boolean) {
    if (scripts) {
      const left = page.waitForEvent("framenavigated", {
        predicate: (frame) => frame === page.mainFrame() && frame.url() === "about:blank",
        timeout: 5_000,
      });
      left.catch(() => {});
      try {
        await page.evaluate(() => {
          window.name = "";
          setTimeout(() => location.replace("about:blank"));
        });
        await left;
        await page.waitForLoadState("load", { timeout: 5_000 });
        return;
      } catch {
        // Sent there below.
      }
    }
    await page.goto("about:blank", { timeout: 5_000 });
  }

  async close() {
    for (const contexts of this.#free.values()) {
      for (const context of contexts) await context.close();
    }
  }
}

export const test = base.extend<WorldFixtures, WorkerFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
  world: async ({}, use, testInfo) => {
    await use(`${testInfo.testId}.${testInfo.repeatEachIndex}.${testInfo.retry}.${randomUUID()}`);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, world }, use) => {
    await use({ ...extraHTTPHeaders, [WORLD_HEADER]: world });
  },
  contextPool: [
    async ({ browser }, use) => {
      const pool = new ContextPool(browser);
      await use(pool);
      await pool.close();
    },
    { scope: "worker" },
  ],
  contextSettings: async (
    {
      acceptDownloads,
      bypassCSP,
      colorScheme,
      deviceScaleFactor,
      extraHTTPHeaders,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      storageState,
      timezoneId,
      userAgent,
      viewport,
      serviceWorkers,
      baseURL,
      contextOptions,
    },
    use,
  ) => {
    // Playwright's own context options, read one by one from its public
    // fixtures (the options of the config's `use` and of `test.use`), since
    // the pool opens contexts itself. Their names are written twice because
    // Playwright finds the fixtures a fixture needs in its parameter's
    // pattern, which may not gather them with a rest element.
    const chosen: BrowserContextOptions = {
      acceptDownloads,
      bypassCSP,
      colorScheme,
      deviceScaleFactor,
      extraHTTPHeaders,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      storageState,
      timezoneId,
      userAgent,
      viewport,
      serviceWorkers,
      baseURL,
    };
    const defined = Object.entries(chosen).filter(([, value]) => value !== undefined);
    await use({ ...contextOptions, ...Object.fromEntries(defined) });
  },
  context: async ({ contextPool, world, baseURL, contextSettings }, use, testInfo) => {
    const context = await contextPool.take(contextSettings, world, baseURL!, true);
    await use(context);
    await contextPool.giveBack(context, testInfo.status === testInfo.expectedStatus, baseURL!);
  },
  signedInAs: [null, { option: true }],
  signInLocale: ["zh", { option: true }],
  page: async ({ context, contextPool, signedInAs, signInLocale }, use) => {
    const page = await contextPool.pageOf(context);
    if (signedInAs) await signIn(page, ACCOUNTS[signedInAs], { locale: signInLocale });
    await use(page);
  },
  newContext: async ({ contextPool, world, baseURL, contextSettings }, use, testInfo) => {
    const opened: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await contextPool.take(
        { ...contextSettings, ...options },
        world,
        baseURL!,
        false,
      );
      opened.push(context);
      return context;
    });
    const passed = testInfo.status === testInfo.expectedStatus;
    for (const context of opened) await contextPool.giveBack(context, passed, baseURL!);
  },
  newRequest: async ({ playwright, baseURL, world }, use) => {
    const opened: APIRequestContext[] = [];
    await use(async () => {
      const request = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { [WORLD_HEADER]: world },
      });
      opened.push(request);
      return request;
    });
    for (const request of opened) await request.dispose();
  },
});

export { expect };

export const PASSWORD = "Demo1234!";

/**
 * Every page of the home layout (menu and header) that shows something of its
 * own, from the site map: the sweeps (translations, layout, accessibility) visit each.
 */
export const STAFF_PAGES = HOME_PAGES.filter((page) => !page.redirectsTo).map((page) => page.path);
export const ACCOUNTS = {
  admin: "admin@demo.test",
  manager: "manager@demo.test",
  guest: "guest@demo.test",
} as const;

/** A translation key that i18next could not find shows up as the key itself. */
const RAW_KEY = new RegExp(`\\b(${Object.keys(resources.zh.translation).join("|")})\\.[a-zA-Z]+`);

/**
 * The page as shown is translated: no raw translation key in its visible
 * text (loader data in scripts may carry keys on purpose), and it does not
 * scroll sideways. `path` names the page in a failure; the sweeps go on.
 */
export async function expectTranslated(page: Page, path: string) {
  const text = await page.locator("body").innerText();
  expect.soft(text, `${path} shows a raw translation key`).not.toMatch(RAW_KEY);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0);
}

/**
 * Waits until React has hydrated the page (root.tsx marks <html>): menus and
 * dialogs work from then on. The page says so itself (an observer of the
 * mark): `waitForFunction` polled on every animation frame, so the browser
 * drew a frame every 16 ms until the mark came, and it set Playwright's
 * injected script up in the page's own world besides the one locators use:
 * about 30 ms of the browser's CPU per page load (docs/performance.md, "What
 * a page load costs the browser"). A navigation while it waits (a form's
 * post, a redirect) only makes it wait in the next document.
 */
export async function hydrated(page: Page) {
  for (;;) {
    try {
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const html = document.documentElement;
            if (html.dataset.hydrated === "true") return resolve();
            new MutationObserver((_, observer) => {
              if (html.dataset.hydrated !== "true") return;
              observer.disconnect();
              resolve();
            }).observe(html, { attributeFilter: ["data-hydrated"] });
          }),
      );
      return;
    } catch (error) {
      if (!String(error).includes("Execution context was destroyed")) throw error;
    }
  }
}

/** Fills and submits the login form of the page already open. */
export async function submitLogin(
  page: Page,
  username: string,
  password = PASSWORD,
  code = E2E_CAPTCHA_CODE,
) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('form[method="post"] button[type="submit"]').click();
}

/**
 * Signs `page`'s browser context in as `username` with one post of the login
 * form through its cookie jar, and opens no page: the cheapest sign-in there
 * is. A session is not kept from test to test: its token belongs to the fake
 * backend of the test's own world (mocks/worlds.ts), which is new for every
 * test. Answers where the portal sends the signed-in user.
 */
export async function signIn(
  page: Page,
  username: string,
  options: { locale?: "zh" | "en"; password?: string } = {},
): Promise<string> {
  const prefix = options.locale === "en" ? "/en" : "";
  const post = () =>
    page.request.post(`${prefix}/login`, {
      form: { username, password: options.password ?? PASSWORD, code: E2E_CAPTCHA_CODE },
      maxRedirects: 0,
    });
  // A lent context's request client keeps the connection of the last
  // journey's sign-in; the portal closes it after 5 idle seconds, and on a
  // busy machine the client's own timer (a second earlier) can fire too late,
  // so the post goes out on a closing connection and is reset. A browser
  // sends a request again when a reused connection is reset before any
  // answer; so does this.
  const answer = await post().catch((error: unknown) => {
    if (error instanceof Error && error.message.includes("ECONNRESET")) return post();
    throw error;
  });
  expect(answer.status(), `sign-in of ${username} is redirected home`).toBe(302);
  return answer.headers().location!;
}

/**
 * Signs `page` in as `username` without drawing the login page (`signIn`),
 * then opens where the portal sends a signed-in user. Journeys about the
 * login form itself use `submitLogin` on the page instead.
 */
export async function login(
  page: Page,
  username: string,
  options: { locale?: "zh" | "en"; password?: string } = {},
) {
  await page.goto(await signIn(page, username, options));
  // The first sign-in of a test seeds its world and checks a scrypt hash: slow on a busy 2-core machine.
  await expect(page.getByTestId("user-name")).toHaveText(username, { timeout: 20_000 });
}

/**
 * The 6-digit code of the newest mail to `email`, read on the demo mailbox
 * page. It shows only the mail of the client's own demo mailbox (its
 * `demo_mailbox` cookie): a mail to an address without an account is in the
 * mailbox of the client that caused it, a mail to an account in those of the
 * clients that registered or signed in as it (`page.request` shares the
 * page's cookies).
 */
export async function codeFromOutbox(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/demo/mailbox/?to=${encodeURIComponent(email)}`);
  const html = await response.text();
  const text = html.match(/data-testid="mail-text"[^>]*>([^<]*)</)?.[1];
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

/** Logs an API client in as `username` through the portal's own login form. */
export async function portalLogin(
  request: APIRequestContext,
  username: string,
  password = PASSWORD,
) {
  await request.get("/");
  const answer = await request.post("/login", {
    form: { username, password, code: E2E_CAPTCHA_CODE },
  });
  expect(answer.ok()).toBe(true);
}

/**
 * A sub-account of manager@demo.test, created with a plain form post by
 * `owner`, which signs out afterwards. It has no usable password until one
 * is set through forgot password (`setPasswordByRecovery`), as its owner
 * would do after the invitation mail: in the demo, the client that created
 * the account reads its mail, so the same client (or a page sharing its
 * cookies) sets the password.
 */
export async function createSubAccount(
  owner: APIRequestContext,
  role: "CBA_MANAGER" | "GUEST",
): Promise<string> {
  const email = uniqueEmail(role === "GUEST" ? "invited" : "staff");
  await portalLogin(owner, ACCOUNTS.manager);
  const created = await owner.post("/sub_account", { form: { intent: "create", email, role } });
  expect(await created.text()).toContain(email);
  await owner.post("/logout", { form: { lang: "zh" } });
  return email;
}

/**
 * Sets the password of `email` through the four steps of forgot password, as
 * `visitor`: a client that registered or created the account (it reads the code).
 */
export async function setPasswordByRecovery(
  visitor: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  await visitor.get("/forge_password");
  await visitor.post("/forge_password", {
    form: { intent: "account", email, code: E2E_CAPTCHA_CODE },
  });
  await visitor.post("/forge_password", { form: { intent: "send" } });
  const emailCode = await codeFromOutbox(visitor, email);
  await visitor.post("/forge_password", { form: { intent: "next", emailCode } });
  const done = await visitor.post("/forge_password", {
    form: { intent: "confirm", password, checkPass: password },
  });
  expect(await done.text()).toContain('data-step="4"');
}

/** A fresh account (no role) registered through the backend API, for tests that change an account. */
export async function registerByApi(request: APIRequestContext, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const sent = await request.get(
    `/api/v1/account/captcha/email?email=${encodeURIComponent(email)}`,
  );
  const captchaId = (await sent.json()).data.captcha_id as string;
  const code = await codeFromOutbox(request, email);
  const registered = await request.post("/api/v1/account/register/email", {
    data: {
      email,
      username: email,
      password: PASSWORD,
      checkPass: PASSWORD,
      captcha_id: captchaId,
      captcha_code: code,
    },
  });
  expect((await registered.json()).code).toBe(200);
  return email;
}

/** A downloaded workbook, opened with exceljs. */
export async function readWorkbook(download: Download) {
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile((await download.path())!);
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook;
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A self-service number import as a user fills in the template: its two columns' header, then `rows` (order number, logistics number). */
export async function importWorkbook(rows: readonly (readonly string[])[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("import");
  sheet.addRow(["订单号", "物流单号"]);
  for (const row of rows) sheet.addRow([...row]);
  return {
    name: "numbers.xlsx",
    mimeType: XLSX_TYPE,
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

/** Chooses `file` in the import form inside `form` and sends it with the button named `upload`. */
export async function sendImport(
  form: Locator,
  upload: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await form.locator('input[type="file"]').setInputFiles(file);
  await form.getByRole("button", { name: upload }).click();
}

/** The rows of a sheet as text, header row first. */
export function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const result: string[][] = [];
  sheet.eachRow((r) => {
    // `values` has holes where a row has no cell: Array.from reads them as empty.
    result.push(Array.from((r.values as ExcelJS.CellValue[]).slice(1), (v) => String(v ?? "")));
  });
  return result;
}
