/**
 * A browser of the integration tests, over fetch: its cookie jar, manual
 * redirects, and Origin on posts like a browser's form post. Signs in the
 * way a person who cannot see the image code does: with a code mailed to
 * the account, read from the fake backend's outbox (`readMailAt`).
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { DEMO_MAILBOX_COOKIE } from "~/contract/demo.ts";
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

let mailBackend: string | undefined;
/** Mailboxes that signed in as each account at the backend: mail to the account lands there. */
const mailboxes = new Map<string, string>();

/** The fake backend (`.../api/v1`) whose outbox `signIn` reads its codes from. */
export function readMailAt(apiBase: string): void {
  mailBackend = apiBase;
  mailboxes.clear();
}

/**
 * A mailbox of the account's owner: signed in once at the backend with the
 * account's password, so the backend files the account's mail there.
 */
async function mailboxOf(username: string): Promise<string> {
  const known = mailboxes.get(username);
  if (known) return known;
  if (!mailBackend) throw new Error("signIn needs readMailAt(apiBase) first");
  const mailbox = randomBytes(24).toString("hex");
  const answer = await fetch(`${mailBackend}/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${DEMO_MAILBOX_COOKIE}=${mailbox}` },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(((await answer.json()) as { code: number }).code).toBe(200);
  mailboxes.set(username, mailbox);
  return mailbox;
}

/** The code of the newest mail to `username`. */
async function mailedCode(username: string): Promise<string> {
  const mailbox = await mailboxOf(username);
  const answer = await fetch(`${mailBackend}/demo/outbox?to=${encodeURIComponent(username)}`, {
    headers: { cookie: `${DEMO_MAILBOX_COOKIE}=${mailbox}` },
  });
  const { data } = (await answer.json()) as { data: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(data[0]?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${username}`);
  return code;
}

/**
 * Signs in with a code mailed to the account (the sign-in page's e-mail
 * step): asks for a code, reads it, posts it with the password. A code
 * asked for again within 60 s is not sent: the newest one mailed is used.
 */
export async function signIn(browser: Browser, username = MANAGER, password = PASSWORD) {
  await (await browser.request("/")).arrayBuffer();
  await mailboxOf(username);
  const sent = await browser.request("/login", { form: { intent: "send", username } });
  if (sent.status === 429) return sent;
  await sent.arrayBuffer();
  const emailCode = await mailedCode(username);
  return browser.request("/login", {
    form: { method: "email", username, password, emailCode },
  });
}
