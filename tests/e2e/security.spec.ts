/**
 * Server hardening against the built portal: redirects, request bodies,
 * headers. Raw paths (`//evil.test`) and streamed bodies go through node:http,
 * which sends the request target exactly as written.
 */
import { request as httpRequest } from "node:http";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";
import { zipBomb } from "../zip-fixtures.ts";
import {
  ACCOUNTS,
  expect,
  login,
  PASSWORD,
  portalLogin,
  signIn,
  submitLogin,
  test,
  WORLD_HEADER,
  XLSX_TYPE,
} from "./fixtures.ts";

const MB = 1024 * 1024;

interface RawAnswer {
  status?: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  sent: number;
  error?: string;
}

/**
 * Sends one request with the target exactly as given; `stream` bytes of body
 * are written in 64 KB chunks until the server answers or cuts the connection.
 */
function raw(
  baseURL: string,
  target: string,
  options: {
    method?: string;
    headers?: Record<string, string | number>;
    body?: string;
    stream?: number;
  } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve) => {
    const answer: RawAnswer = { headers: {}, body: "", sent: 0 };
    let finished = false;
    const done = () => {
      if (!finished) {
        finished = true;
        resolve(answer);
      }
    };
    const req = httpRequest({
      hostname,
      port,
      path: target,
      method: options.method ?? "GET",
      headers: { Cookie: "i18n_redirected=zh; lang=zh", ...options.headers },
    });
    req.on("response", (response) => {
      answer.status = response.statusCode;
      answer.headers = response.headers;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        answer.body += chunk;
      });
      response.on("end", () => {
        req.destroy();
        done();
      });
    });
    req.on("error", (error) => {
      answer.error = error.message;
      done();
    });
    if (options.stream) {
      const total = options.stream;
      const chunk = Buffer.alloc(64 * 1024, "a");
      const pump = () => {
        while (!finished && answer.status === undefined && answer.sent < total) {
          answer.sent += chunk.length;
          if (!req.write(chunk)) {
            req.once("drain", pump);
            return;
          }
        }
        if (answer.sent >= total) req.end();
      };
      pump();
    } else {
      req.end(options.body);
    }
  });
}

test.describe("redirects stay on the portal", () => {
  for (const target of [
    "//evil.test?x=1",
    "/\\evil.test?x=1",
    "///evil.test?x=1",
    "//evil.test/a?x=1",
  ]) {
    test(`GET ${target}`, async ({ baseURL }) => {
      const answer = await raw(baseURL ?? "", target);
      expect(answer.status).toBe(302);
      const location = String(answer.headers.location);
      expect(location.startsWith("//")).toBe(false);
      expect(new URL(location, baseURL).host).toBe(new URL(baseURL ?? "").host);
    });
  }

  test("the language switch returns only to paths of the portal", async ({ request }) => {
    for (const returnTo of ["//evil.test", "https://evil.test/", "javascript:alert(1)"]) {
      const response = await request.post("/language", {
        form: { lang: "en", returnTo },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      const location = response.headers().location ?? "";
      expect(location.startsWith("/")).toBe(true);
      expect(location.startsWith("//")).toBe(false);
    }
  });
});

test.describe("request bodies", () => {
  test("an oversize form post to /login is refused with 413", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `username=${"a".repeat(2 * MB)}`,
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toBe("请求内容过大，未被接收");
  });

  test("a 200 MB body is cut off unread, and the portal keeps answering", async ({
    baseURL,
    request,
    world,
  }) => {
    const posts = [
      raw(baseURL ?? "", "/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", [WORLD_HEADER]: world },
        stream: 200 * MB,
      }),
      raw(baseURL ?? "", "/login", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": 200 * MB,
          [WORLD_HEADER]: world,
        },
        stream: 200 * MB,
      }),
    ];
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    for (const answer of await Promise.all(posts)) {
      if (answer.status !== undefined) expect(answer.status).toBe(413);
      else expect(answer.error).toBeDefined();
      expect(answer.sent).toBeLessThan(40 * MB);
    }
  });

  for (const path of ["/logout", "/language", "/notice/read", "/login", "/en/order"]) {
    test(`a post to ${path} that is not a form answers 400`, async ({ request }) => {
      const variants: Record<string, string>[] = [
        {},
        { "Content-Type": "application/json" },
        { "Content-Type": "text/plain" },
        { "Content-Type": "multipart/form-data; boundary=zzz" },
      ];
      for (const headers of variants) {
        const response = await request.post(path, {
          headers,
          data: "--zzz\r\nbroken",
          maxRedirects: 0,
        });
        expect(response.status(), JSON.stringify(headers)).toBe(400);
      }
    });
  }
});

test.describe("headers", () => {
  // The policy journey sees the service worker register, as users' browsers do.
  test.use({ serviceWorkers: "allow" });
  test("every script of a page carries the nonce its policy names", async ({ request }) => {
    const response = await request.get("/");
    const policy = response.headers()["content-security-policy"] ?? "";
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).not.toContain("unsafe-inline' 'nonce");
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    for (const directive of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh nonce for each answer.
    const again = (await request.get("/")).headers()["content-security-policy"];
    expect(again).not.toBe(policy);
  });

  test("no answer names its server software", async ({ request }) => {
    const page = await request.get("/");
    const asset = (await page.text()).match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    for (const path of ["/", "/healthz", "/api/v1/openapi.json", "/favicon.svg", asset ?? ""]) {
      const response = await request.get(path);
      expect(response.headers()["x-powered-by"], path).toBeUndefined();
    }
    const post = await request.post("/logout", { form: { lang: "zh" }, maxRedirects: 0 });
    expect(post.headers()["x-powered-by"]).toBeUndefined();
  });

  test("every kind of answer carries the server's security headers; what React Router answers, the policy too", async ({
    request,
    baseURL,
  }) => {
    const page = await request.get("/");
    const asset = (await page.text()).match(/\/assets\/[^"]+\.js/)?.[0] ?? "";
    expect(asset).toBeTruthy();
    const base = {
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
    };
    const answers: [string, Record<string, string>, boolean][] = [
      ["a page", page.headers(), true],
      ["a page in English", (await request.get("/en/")).headers(), true],
      ["a page that does not exist", (await request.get("/no-such-page")).headers(), true],
      ["a data request", (await request.get("/_root.data")).headers(), true],
      ["the health probe", (await request.get("/healthz")).headers(), false],
      ["an asset", (await request.get(asset)).headers(), false],
      ["a public file", (await request.get("/favicon.svg")).headers(), false],
    ];
    const refused = await raw(baseURL ?? "", "/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 5 * MB },
    });
    expect(refused.status).toBe(413);
    answers.push(["a refused body", refused.headers as Record<string, string>, false]);
    for (const [what, headers, policy] of answers) {
      for (const [name, value] of Object.entries(base))
        expect(headers[name], `${what}: ${name}`).toBe(value);
      expect(headers["x-powered-by"], what).toBeUndefined();
      if (policy) {
        expect(headers["content-security-policy"], what).toMatch(/script-src 'self' 'nonce-[^']+'/);
      } else {
        expect(headers["content-security-policy"], what).toBeUndefined();
      }
    }
  });

  test("pages, data requests and downloads with user data are not stored", async ({ page }) => {
    await signIn(page, ACCOUNTS.manager);
    const request = page.request;
    for (const path of ["/order", "/order.data", "/server", "/order/import-template"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toContain("no-store");
    }
  });

  test("pages hydrate and run under the policy without a violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await signIn(page, ACCOUNTS.manager);
    await page.goto("/order");
    await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.manager);
    // A client-side navigation: only works once the page has hydrated.
    const hydrated = await page.evaluate(() => "__reactRouterContext" in window);
    expect(hydrated).toBe(true);
    await page
      .getByRole("link", { name: /服务管理|服务/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/server\/?$/);
    await page.goto("/en/forge_password");
    await page.goto("/en/register/accountRegistration");
    // zod is told not to probe `new Function` by the page's own code (no inline script).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig
              ?.jitless,
        ),
      )
      .toBe(true);
    expect(violations).toEqual([]);
  });
});

test.describe("posts from other sites", () => {
  test("are refused on resource routes and page actions, Origin: null included", async ({
    request,
  }) => {
    // A page action with a foreign Origin meets React Router's own check
    // first (400); everything else is refused by the portal's (403).
    const cases: [string, Record<string, string>, number[]][] = [
      ["/logout", { Origin: "null" }, [403]],
      ["/language", { "Sec-Fetch-Site": "cross-site" }, [403]],
      ["/notice/read", { Origin: "https://evil.test", "X-Forwarded-Host": "evil.test" }, [403]],
      ["/login", { "Sec-Fetch-Site": "cross-site" }, [403]],
      ["/en/login", { Origin: "null" }, [400, 403]],
    ];
    for (const [path, headers, refused] of cases) {
      const response = await request.post(path, {
        form: { lang: "en", username: "x@y.test", password: "x", code: "0000" },
        headers,
        maxRedirects: 0,
      });
      expect(refused, `${path} ${JSON.stringify(headers)}`).toContain(response.status());
    }
  });

  test("the portal's own forms still work", async ({ page }) => {
    await login(page, ACCOUNTS.manager);
    await expect(page.getByTestId("user-name")).toHaveText(ACCOUNTS.manager);
  });
});

test.describe("abuse limits", () => {
  const ZH_TOO_MANY = "尝试次数过多";
  const EN_TOO_MANY = "Too many attempts";

  test("the 11th wrong sign-in from one address is 429, translated, with Retry-After; a forged X-Forwarded-For does not reset it", async ({
    request,
  }) => {
    await request.get("/");
    // Ten different accounts, as an attacker sweeping addresses would try.
    for (let i = 0; i < 10; i++) {
      const answer = await request.post("/login", {
        form: { username: `nobody${i}@e2e.test`, password: "Wrong1234!", code: E2E_CAPTCHA_CODE },
        maxRedirects: 0,
      });
      expect(answer.status(), `attempt ${i + 1}`).not.toBe(429);
    }
    const refused = await request.post("/login", {
      form: { username: ACCOUNTS.guest, password: PASSWORD, code: E2E_CAPTCHA_CODE },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await refused.text()).toContain(ZH_TOO_MANY);

    const english = await request.post("/en/login", {
      form: { username: ACCOUNTS.guest, password: PASSWORD, code: E2E_CAPTCHA_CODE },
      maxRedirects: 0,
    });
    expect(english.status()).toBe(429);
    expect(await english.text()).toContain(EN_TOO_MANY);

    // Without TRUST_PROXY the header is the client's own invention.
    const spoofed = await request.post("/login", {
      form: { username: ACCOUNTS.guest, password: PASSWORD, code: E2E_CAPTCHA_CODE },
      headers: { "X-Forwarded-For": "198.51.100.77" },
      maxRedirects: 0,
    });
    expect(spoofed.status()).toBe(429);
  });

  test("the page shows the translated message in the browser too", async ({ page }) => {
    await page.goto("/en");
    // The same browser's requests (its cookies, its address) use up the limit...
    for (let i = 0; i < 10; i++) {
      await page.request.post("/en/login", {
        form: { username: `nobody${i}@e2e.test`, password: "Wrong1234!", code: E2E_CAPTCHA_CODE },
        maxRedirects: 0,
      });
    }
    // ...and the form it submits next shows why it is refused.
    await page.goto("/en");
    await submitLogin(page, ACCOUNTS.guest);
    await expect(page.getByTestId("error-message")).toContainText(EN_TOO_MANY);
    await expect(page).toHaveTitle(/^Too many attempts/);
  });

  test("sending codes and resetting passwords: the 11th post from one address is 429, in both languages", async ({
    request,
  }) => {
    await request.get("/forge_password");
    const first = await request.post("/forge_password", {
      form: { intent: "account", email: ACCOUNTS.guest, code: E2E_CAPTCHA_CODE },
      maxRedirects: 0,
    });
    expect(first.status()).not.toBe(429);
    let refused: Awaited<ReturnType<typeof request.post>> | undefined;
    for (let i = 0; i < 10; i++) {
      const answer = await request.post("/forge_password", {
        form: { intent: "send" },
        maxRedirects: 0,
      });
      if (answer.status() === 429) {
        refused = answer;
        break;
      }
    }
    expect(refused?.status()).toBe(429);
    expect(Number(refused?.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await refused?.text()).toContain(ZH_TOO_MANY);
    const english = await request.post("/en/forge_password", {
      form: { intent: "send" },
      maxRedirects: 0,
    });
    expect(english.status()).toBe(429);
    expect(await english.text()).toContain(EN_TOO_MANY);
  });

  test("registration posts: the 11th from one address is 429", async ({ request }) => {
    await request.get("/register/accountRegistration");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await request.post("/en/register/accountRegistration", {
        form: { intent: "restart" },
        maxRedirects: 0,
      });
      statuses.push(answer.status());
      if (answer.status() === 429) expect(await answer.text()).toContain(EN_TOO_MANY);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });
});

test.describe("workbook uploads", () => {
  test("a zip bomb or a file that is no workbook is refused with the dialog's translated message, never a 500", async ({
    request,
  }) => {
    await portalLogin(request, ACCOUNTS.manager);
    const cases: [string, Buffer, string][] = [
      ["/order", zipBomb(true), "文件不是有效的 xlsx 文件"],
      ["/en/order", zipBomb(true), "The file is not a valid .xlsx file"],
      ["/en/order", zipBomb(false), "The file is not a valid .xlsx file"],
      ["/en/order", Buffer.from("order,waybill\nA,B\n"), "The file is not a valid .xlsx file"],
    ];
    for (const [path, buffer, message] of cases) {
      const answer = await request.post(path, {
        multipart: {
          intent: "import",
          file: { name: "import.xlsx", mimeType: XLSX_TYPE, buffer },
        },
        maxRedirects: 0,
      });
      expect(answer.status(), path).toBe(400);
      expect(await answer.text()).toContain(message);
    }
  });
});
