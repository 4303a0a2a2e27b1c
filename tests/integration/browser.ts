/**
 * A browser of the integration tests, over fetch: its cookie jar, manual
 * redirects, and Origin on posts like a browser's form post. Signs in the
 * way a person who cannot see the image code would: with the code's text
 * alternative (`/captcha?as=text`), which works with any backend.
 */
import { expect } from "vitest";
import { CookieJar } from "../cookie-jar.ts";

export const MANAGER = "manager@demo.test";
export const PASSWORD = "Demo1234!";

export class Browser {
  readonly jar = new CookieJar();
  readonly cookies = this.jar.cookies;
  /** Which replica answered each request (nginx's X-Upstream, where a test adds it). */
  readonly served: string[] = [];
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  cookieHeader(): string {
    return this.jar.header();
  }

  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {
      "accept-language": "zh-CN,zh;q=0.9",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36",
      cookie: this.cookieHeader(),
    };
    let body: string | undefined;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = this.base;
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(this.base + path, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
    const upstream = response.headers.get("x-upstream");
    if (upstream) this.served.push(upstream);
    this.jar.keep(response.headers);
    return response;
  }

  /** The same session, talking to another address (a replica directly). */
  at(base: string): Browser {
    const other = new Browser(base);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }
}

export async function signIn(browser: Browser, username = MANAGER, password = PASSWORD) {
  await (await browser.request("/")).arrayBuffer();
  const captcha = await browser.request("/captcha?purpose=login&as=text");
  expect(captcha.status).toBe(200);
  const { spelled } = (await captcha.json()) as { spelled: string };
  return browser.request("/login", {
    form: { username, password, code: spelled.replaceAll(" ", "") },
  });
}
