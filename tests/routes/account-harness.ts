/**
 * Route tests below the browser: a route module's loader or action called
 * with a real `Request`, behind the app's own middleware (./harness.ts: the
 * root's, and the home layout's user check on home pages), against the
 * in-process fake backend (demo mode). A `Visitor` is a browser
 * without JavaScript: a cookie jar, an address and nothing else.
 */

import { randomBytes } from "node:crypto";
import { env } from "~/config/env.server.ts";
import { DEMO_MAILBOX_COOKIE, DEMO_MAILBOX_HEADER } from "~/contract/demo.ts";
import * as signInPage from "~/routes/login-form.tsx";
import * as captchaRoute from "~/routes/resources/captcha.ts";
import { issueCaptcha } from "~/utils/captcha.server.ts";
import { commitSession, sessionStorage } from "~/utils/session.server.ts";
import { handleMockApiRequest, mockClock, resetMockDb } from "../../mocks/api.ts";
import { CookieJar } from "../cookie-jar.ts";
import { ORIGIN, payloadOf, runRoute } from "./harness.ts";

process.env.MOCK_API_QUIET = "1";

const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A small fake backend, seeded afresh. */
export async function freshBackend(): Promise<void> {
  mockClock.reset();
  await resetMockDb({ services: 4, pallets: 12, orders: 60 });
}

type Handler = (args: never) => unknown;
export interface RouteModule {
  loader?: Handler;
  action?: Handler;
}

/** What a loader or action answered (or threw), as the framework would pass it on. */
export interface Outcome {
  status: number;
  /** The redirect's target. */
  location: string | null;
  /** The answer's data (a plain object, or the payload of `data()`). */
  data: unknown;
  response: Response;
  thrown: boolean;
}

let addresses = 0;

/** A browser without JavaScript, from an address of its own (limits count per address). */
export function visitor(options: { ip?: string } = {}) {
  addresses += 1;
  // Files share a worker's module graph, and with it the limits' counters:
  // an address is never handed out twice in one worker (2^24 of them).
  const ip =
    options.ip ?? `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  const cookies = new CookieJar();
  const jar = cookies.cookies;

  async function run(
    route: RouteModule,
    kind: "loader" | "action",
    path: string,
    options: { form?: Record<string, string>; home?: boolean } = {},
  ): Promise<Outcome> {
    const url = new URL(path, ORIGIN);
    const headers = new Headers({ "User-Agent": USER_AGENT });
    if (jar.size) headers.set("Cookie", cookies.header());
    let body: string | undefined;
    if (options.form) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(options.form).toString();
    }
    const request = new Request(url, { method: options.form ? "POST" : "GET", headers, body });
    const handler = route[kind];
    if (!handler) throw new Error(`the route has no ${kind}`);
    const { value, thrown, response } = await runRoute({
      request,
      handler,
      home: options.home,
      clientIp: ip,
    });
    cookies.keep(response.headers);
    const payload = payloadOf(value);
    return {
      status: response.status,
      location: response.headers.get("Location"),
      data: payload instanceof Response ? null : payload,
      response,
      thrown,
    };
  }

  return {
    ip,
    jar,
    get: (route: RouteModule, path: string, options: { home?: boolean } = {}) =>
      run(route, "loader", path, options),
    post: (
      route: RouteModule,
      path: string,
      form: Record<string, string>,
      options: { home?: boolean } = {},
    ) => run(route, "action", path, { ...options, form }),

    /** The Cookie header this browser sends. */
    cookieHeader: () => cookies.header(),

    /**
     * A post the plain form of `post` cannot make: fields repeated (one per
     * chosen order), a file (multipart), another site's origin, the page it
     * was sent from. The framework's answer as `runRoute` gives it.
     */
    send(
      handler: (args: never) => unknown,
      path: string,
      body: [string, string][] | FormData,
      options: { origin?: string; referer?: string; home?: boolean } = {},
    ) {
      const headers = new Headers({
        Cookie: cookies.header(),
        Origin: options.origin ?? ORIGIN,
        Host: new URL(ORIGIN).host,
      });
      if (options.referer) headers.set("Referer", new URL(options.referer, ORIGIN).href);
      // A FormData body sets its own multipart type and boundary.
      if (!(body instanceof FormData)) {
        headers.set("Content-Type", "application/x-www-form-urlencoded");
      }
      return runRoute({
        request: new Request(new URL(path, ORIGIN), {
          method: "POST",
          headers,
          body: body instanceof FormData ? body : new URLSearchParams(body),
        }),
        handler,
        home: options.home,
        clientIp: ip,
      });
    },

    /**
     * The image code of a form, as a person reads it off the picture: the
     * picture is drawn (its ticket lands in the session), then the test puts
     * a ticket of its own, whose answer it knows, in its place.
     */
    async imageCode(purpose: "login" | "register" | "forgot"): Promise<string> {
      await run(captchaRoute, "loader", `/captcha?purpose=${purpose}`);
      const session = await sessionStorage.getSession(cookies.header());
      const { text, ticket } = issueCaptcha(env().sessionSecrets[0] ?? "");
      session.set("captcha", { ...session.get("captcha"), [purpose]: ticket });
      cookies.keep(new Headers({ "Set-Cookie": await commitSession(session) }));
      return text;
    },

    /**
     * Registers `email` from this browser (straight at the fake backend, with
     * its demo mailbox): an account of its own, whose mail it reads. The
     * published demo accounts' passwords cannot be reset.
     */
    async registerAccount(email: string, password = "Demo1234!"): Promise<void> {
      if (!jar.has(DEMO_MAILBOX_COOKIE)) {
        jar.set(DEMO_MAILBOX_COOKIE, randomBytes(24).toString("hex"));
      }
      const headers = {
        [DEMO_MAILBOX_HEADER]: jar.get(DEMO_MAILBOX_COOKIE) ?? "",
        "Content-Type": "application/json",
      };
      const backend = async (path: string, init: RequestInit = {}) => {
        const answer = await handleMockApiRequest(
          new Request(`${ORIGIN}/api/v1${path}`, { ...init, headers }),
        );
        return (await answer.json()) as { code: number; data: { captcha_id: string } };
      };
      const sent = await backend(
        `/account/captcha/email?scene=register&email=${encodeURIComponent(email)}`,
      );
      const registered = await backend("/account/register/email", {
        method: "POST",
        body: JSON.stringify({
          email,
          username: email,
          password,
          checkPass: password,
          captcha_id: sent.data.captcha_id,
          captcha_code: await this.mailedCode(email),
        }),
      });
      if (registered.code !== 200) throw new Error(`could not register ${email}`);
      // The registration code's 60 s wait is the backend's, on its own clock.
      mockClock.advance(61_000);
    },

    /** The newest e-mail code sent to `to`, from this browser's demo mailbox. */
    async mailedCode(to: string): Promise<string> {
      const mailbox = jar.get(DEMO_MAILBOX_COOKIE) ?? "";
      const response = await handleMockApiRequest(
        new Request(`${ORIGIN}/api/v1/demo/outbox?to=${encodeURIComponent(to)}`, {
          headers: { [DEMO_MAILBOX_HEADER]: mailbox },
        }),
      );
      const { data } = (await response.json()) as { data: { text: string }[] };
      const code = /\b(\d{6})\b/.exec(data[0]?.text ?? "")?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
  };
}

export type Visitor = ReturnType<typeof visitor>;

/** A new browser signed in as `username` through the login form, as a person signs in. */
export async function signedIn(username: string, password = "Demo1234!"): Promise<Visitor> {
  const browser = visitor();
  const code = await browser.imageCode("login");
  const outcome = await browser.post(signInPage, "/login", { username, password, code });
  if (outcome.status !== 302) {
    throw new Error(`signing in as ${username} answered ${outcome.status}, not a redirect`);
  }
  return browser;
}

/** The errors of a form's reply: the form's (`""`) and each field's. */
export function errorsOf(outcome: Outcome): Record<string, string[] | null> {
  const reply = outcome.data as { error?: Record<string, string[] | null> } | null;
  return reply?.error ?? {};
}
