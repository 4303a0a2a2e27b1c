/**
 * Several portals behind one nginx, sharing one fake backend and one Redis,
 * on loopback (compose.yaml without Docker): one `npm run mock-api`, one
 * Debian redis-server, one production build, two portals with the same
 * SESSION_SECRET, REDIS_URL and TRUST_PROXY=1, and Debian's nginx (both
 * installed by scripts/test.sh) sending requests to them in turn, with the
 * proxy settings of deploy/proxy-headers.conf. The fake backend has no call
 * for counting attempts: the limits are the portals' own, kept in Redis.
 *
 * The test signs in the way `signIn` (browser.ts) does with a backend of its
 * own; TEST_CAPTCHA_CODE is refused there, and rightly so.
 */

import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Browser, MANAGER, PASSWORD, readMailAt, signIn } from "./browser.ts";
import {
  type Child,
  freePort,
  portalBuild,
  ROOT,
  start,
  startMockApi,
  stop,
  waitForOutput,
} from "./processes.ts";
import { haveRedis, type RedisServer, startRedis, warnWithoutRedis } from "./redis.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const haveNginx = existsSync(NGINX);
if (!haveNginx) {
  console.warn(
    `Skipping the scale-out test: no nginx at ${NGINX} (scripts/test.sh installs Debian's nginx; it could not here).`,
  );
}

warnWithoutRedis("the scale-out test");

/**
 * The account whose password is tried and failed: the fake backend's own
 * brake then holds it back from 127.0.0.1, so the other tests sign in as
 * MANAGER unhindered, in any order.
 */
const TRIED = "guest@demo.test";

/** The account whose saved views and notifications one test changes, and no other uses. */
const ADMIN = "admin@demo.test";

/** Where this test builds the portal when the run shares no build (processes.ts). */
const OWN_BUILD = "build/scaleout";

/** A browser that keeps its sign-in post (the form and the cookies sent with it), to replay it. */
class Recording extends Browser {
  loginPost?: { form: Record<string, string>; cookies: Map<string, string> };

  override async request(
    path: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ) {
    if (path === "/login" && init.form) {
      this.loginPost = { form: { ...init.form }, cookies: new Map(this.cookies) };
    }
    return super.request(path, init);
  }
}
// Two portals, a backend and nginx on a 2-core machine: first requests are cold.
vi.setConfig({ testTimeout: 60_000 });

describe.skipIf(!haveNginx || !haveRedis)(
  "two portals behind nginx, sharing one backend and one Redis",
  () => {
    let dir: string;
    let api: Child;
    let redis: RedisServer | undefined;
    let redisClient: Redis | undefined;
    const portals: Child[] = [];
    let nginx: Child | undefined;
    let web: string;
    const direct: string[] = [];
    let apiBase: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "scale-out-"));
      const apiPort = await freePort();
      apiBase = `http://127.0.0.1:${apiPort}/api/v1`;
      api = startMockApi(apiPort);
      readMailAt(apiBase);
      redis = await startRedis();
      redisClient = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false });
      // One test stops Redis on purpose: this client's reconnection errors are expected.
      redisClient.on("error", () => undefined);
      await redisClient.connect();
      const buildDir = await portalBuild(OWN_BUILD);
      await waitForOutput(api, "listening on");

      const secret = randomBytes(32).toString("hex");
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        direct.push(`http://127.0.0.1:${port}`);
        portals.push(
          start(process.execPath, ["server.ts"], {
            NODE_ENV: "production",
            BUILD_DIR: buildDir,
            HOST: "127.0.0.1",
            PORT: String(port),
            API_BASE_URL: apiBase,
            SESSION_SECRET: secret,
            REDIS_URL: redis.url,
            TRUST_PROXY: "1",
            // Plain HTTP on loopback, as compose.yaml on localhost.
            COOKIE_SECURE: "false",
          }),
        );
      }
      const webPort = await freePort();
      web = `http://127.0.0.1:${webPort}`;
      const root = process.getuid?.() === 0;
      await writeFile(
        join(dir, "nginx.conf"),
        `${root ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
    ${direct.map((url) => `server ${url.slice("http://".length)};`).join("\n    ")}
    keepalive 8;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${webPort};
    location / {
      proxy_pass http://portal;
      include ${join(ROOT, "deploy/proxy-headers.conf")};
      # Which replica answered (this test only).
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
      );
      await Promise.all(portals.map((portal) => waitForOutput(portal, "Portal listening on")));
      nginx = start(
        NGINX,
        ["-e", join(dir, "error.log"), "-p", dir, "-c", join(dir, "nginx.conf")],
        {},
      );
      for (let tries = 0; ; tries++) {
        try {
          if ((await fetch(`${web}/healthz`)).ok) break;
        } catch {
          // not listening yet
        }
        if (tries > 200) throw new Error(`nginx did not answer:\n${nginx.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }, 180_000);

    afterAll(async () => {
      redisClient?.disconnect();
      await Promise.all([
        ...(nginx ? [stop(nginx, "SIGQUIT")] : []),
        ...portals.map((portal) => stop(portal)),
        ...(api ? [stop(api)] : []),
      ]);
      await redis?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    // Every test starts with no attempt counted: all of them come from 127.0.0.1.
    // After the test that restarts Redis, this client may still be
    // reconnecting (it queues nothing while offline): it is waited for.
    beforeEach(async () => {
      if (redisClient && redisClient.status !== "ready") await once(redisClient, "ready");
      await redisClient?.flushall();
    });

    /** A post through nginx as a client that writes its own X-Forwarded-For. */
    async function forgedPost(path: string, form: Record<string, string>, forwardedFor: string) {
      const answer = await fetch(web + path, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "accept-language": "en",
          origin: web,
          "x-forwarded-for": forwardedFor,
        },
        body: new URLSearchParams(form).toString(),
        redirect: "manual",
      });
      return { status: answer.status, text: await answer.text() };
    }

    it("a portal with a backend of its own has nothing of demo mode", async () => {
      const portal = direct[0]!;
      // No fake backend, no published contract beside it, no demo mailbox.
      for (const path of [
        "/api/v1/account/account-info",
        "/api/v1/openapi.json",
        "/demo/mailbox",
      ]) {
        expect((await fetch(`${portal}${path}`, { redirect: "manual" })).status, path).toBe(404);
      }
      const login = await (await fetch(`${portal}/`)).text();
      expect(login).not.toContain('data-testid="demo-accounts"');
      expect(login).not.toContain(MANAGER);
    });

    it("signs in through nginx; the session works on both replicas, one page after another", async () => {
      const browser = new Browser(web);
      const login = await signIn(browser);
      expect([302, 303]).toContain(login.status);
      expect(browser.cookies.has("__session")).toBe(true);
      // Both replicas took part in the sign-in (round-robin: captcha on one, post on the other).
      expect(new Set(browser.served).size).toBe(2);

      browser.served.length = 0;
      for (let i = 0; i < 6; i++) {
        const page = await browser.request("/order");
        expect(page.status, `request ${i} via ${browser.served.at(-1)}`).toBe(200);
        expect(await page.text()).toContain("DD");
      }
      expect(new Set(browser.served)).toEqual(new Set(direct.map((url) => url.slice(7))));
      for (const base of direct) {
        const page = await browser.at(base).request("/order");
        expect(page.status, base).toBe(200);
      }
    });

    it("a remark set through one replica is seen through the other and through nginx", async () => {
      // An order to work on, read from the backend first (the manager's single login would
      // otherwise send the browser's device offline).
      const token = (
        (await (
          await fetch(`${apiBase}/account/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ username: MANAGER, password: PASSWORD }),
          })
        ).json()) as { data: { token: string } }
      ).data.token;
      const orders = (await (
        await fetch(`${apiBase}/cba/order?pageNum=1&pageSize=10`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { list: { orderNo: string }[] } };
      const orderNo = orders.data.list[0]?.orderNo ?? "";
      const remark = `scale-out ${randomBytes(4).toString("hex")}`;
      const browser = new Browser(web);
      expect([302, 303]).toContain((await signIn(browser)).status);

      const [first, second] = direct as [string, string];
      const set = await browser.at(first).request("/order", {
        form: {
          intent: "remarks",
          confirmed: "1",
          orderNoList: orderNo,
          reasonForDetention: remark,
        },
      });
      // A change answers with a redirect to the list showing its result.
      expect([302, 303], `${set.headers.get("location")}`).toContain(set.status);
      await set.arrayBuffer();

      const seen = await browser.at(second).request(`/order/?orderNo=${orderNo}`);
      expect(seen.status, `${seen.headers.get("location")}`).toBe(200);
      expect(await seen.text()).toContain(remark);
      for (let i = 0; i < 4; i++) {
        expect(await (await browser.request(`/order/?orderNo=${orderNo}`)).text()).toContain(
          remark,
        );
      }
    });

    it("a view saved and notifications read through one replica show on the other's very next page", async () => {
      // The administrator: no other test here reads or changes its views or notifications.
      const browser = new Browser(web);
      expect([302, 303]).toContain((await signIn(browser, ADMIN)).status);
      const [first, second] = direct as [string, string];
      const page = async (base: string) => {
        const answer = await browser.at(base).request("/order/?view=none");
        expect(answer.status, `${answer.headers.get("location")}`).toBe(200);
        return answer.text();
      };
      // The second replica reads the bell and the list's settings, then keeps them.
      await page(second);
      const kept = await page(second);
      expect(kept).toContain('data-testid="notification-badge"');

      const name = `scale-out ${randomBytes(4).toString("hex")}`;
      // A submission key as the views form carries one (each form drawn has a new one).
      const key = randomBytes(16).toString("base64url");
      const saved = await browser.at(first).request("/saved-views", {
        form: {
          list: "orders",
          back: "/order/?cbaStatus=2",
          intent: "save",
          name,
          submissionKey: key,
        },
      });
      expect([302, 303]).toContain(saved.status);
      await saved.arrayBuffer();
      expect(await page(second)).toContain(name);

      const read = await browser.at(first).request("/notice/read", {
        form: { returnTo: "/order/?view=none" },
      });
      expect([302, 303]).toContain(read.status);
      await read.arrayBuffer();
      expect(await page(second)).not.toContain('data-testid="notification-badge"');
    });

    it("an image code answered on one replica is refused when replayed on the other", async () => {
      const [first, second] = direct as [string, string];
      const browser = new Recording(first);
      expect([302, 303]).toContain((await signIn(browser)).status);
      const posted = browser.loginPost;
      if (!posted) throw new Error("signIn posted no sign-in form");

      // The cookie as it was before the answer (it still holds the ticket), on the other replica.
      const replay = new Browser(second);
      for (const [name, value] of posted.cookies) replay.cookies.set(name, value);
      const replayed = await replay.request("/login", { form: posted.form });
      expect(replayed.status).toBe(200);
      expect(await replayed.text()).toContain('name="code"');
    });

    it("signing out on one replica ends the session on the other", async () => {
      const browser = new Browser(web);
      expect([302, 303]).toContain((await signIn(browser)).status);
      const [first, second] = direct as [string, string];
      const kept = browser.at(second);
      expect((await kept.request("/order")).status).toBe(200);

      const out = await browser.at(first).request("/logout", { form: { lang: "zh" } });
      expect([302, 303]).toContain(out.status);

      // The old cookie still carries the token, which the backend no longer takes.
      const refused = await kept.request("/order");
      expect([302, 303]).toContain(refused.status);
      expect(new URL(refused.headers.get("location") ?? "", web).pathname).toBe("/");
      for (let i = 0; i < 2; i++) {
        const again = await browser.request("/order");
        expect([302, 303]).toContain(again.status);
      }
    });

    it("the abuse limits count the attempts of both replicas together", async () => {
      const browser = new Browser(web);
      const statuses: number[] = [];
      // 10 failed sign-ins a minute from one address (LIMITS.loginPerAddress); nginx alternates.
      for (let i = 0; i < 14 && !statuses.includes(429); i++) {
        const answer = await signIn(browser, TRIED, "not-the-password");
        statuses.push(answer.status);
        await answer.arrayBuffer();
      }
      expect(new Set(browser.served).size).toBe(2);
      expect(statuses).toContain(429);
      // Either replica refuses that address now.
      for (const base of direct) {
        const answer = await signIn(browser.at(base), TRIED, "not-the-password");
        expect(answer.status, base).toBe(429);
      }
    });

    it("a client writing its own X-Forwarded-For through nginx is limited all the same, and logged by its real address", async () => {
      const signIns: number[] = [];
      for (let i = 0; i < 14 && !signIns.includes(429); i++) {
        signIns.push(
          (
            await forgedPost(
              "/login",
              { username: MANAGER, password: "not-the-password", code: "ZZ9Z" },
              `203.0.113.${i + 1}`,
            )
          ).status,
        );
      }
      // 10 failed sign-ins a minute from one address (LIMITS.loginPerAddress).
      expect(signIns).toEqual([...Array(10).fill(200), 429]);

      const registrations: number[] = [];
      for (let i = 0; i < 12 && !registrations.includes(429); i++) {
        registrations.push(
          (
            await forgedPost(
              "/register/accountRegistration",
              {
                intent: "account",
                email: `forged-${i}@example.com`,
                password: "Bonded-2026",
                checkPass: "Bonded-2026",
                code: "ZZ9Z",
              },
              `198.51.100.${i + 1}, 203.0.113.${i + 1}`,
            )
          ).status,
        );
      }
      // 10 registration posts a minute from one address (LIMITS.registerPerAddress).
      expect(registrations.slice(0, 10)).not.toContain(429);
      expect(registrations[10]).toBe(429);

      // The audit log names the address nginx saw, never the made-up ones.
      const logs = portals.map((portal) => portal.output()).join("\n");
      expect(logs).toContain('"ip":"127.0.0.1"');
      expect(logs).not.toMatch(/203\.0\.113\.|198\.51\.100\./);
    });

    it("with Redis gone the portal still answers, refuses the sign-ins it cannot count, and recovers when Redis returns", async () => {
      if (!redis) throw new Error("no Redis");
      // Signed in before Redis goes, the bell and the list's settings kept on both replicas.
      const signedIn = new Browser(web);
      expect([302, 303]).toContain((await signIn(signedIn)).status);
      const orderPages = async () => {
        for (const base of direct) {
          const page = await signedIn.at(base).request("/order/?view=none");
          expect(page.status, base).toBe(200);
          expect(await page.text(), base).toContain("DD");
        }
      };
      await orderPages();
      await orderPages();
      await redis.stop();
      try {
        for (let i = 0; i < 2; i++) {
          const page = await fetch(`${web}/`);
          expect(page.status).toBe(200);
          await page.arrayBuffer();
        }
        // What the pages keep steps aside: they read the backend.
        await orderPages();
        // A sign-in is counted before its code or password is looked at.
        const attempt = { username: MANAGER, password: PASSWORD, code: "ZZ9Z" };
        for (const base of direct) {
          const refused = await new Browser(base).request("/login", { form: attempt });
          expect(refused.status, base).toBe(503);
          expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
          expect(await refused.text()).toContain("系统暂时无法核对尝试次数");
        }
        const english = await forgedPost(
          "/en/login",
          { username: MANAGER, password: PASSWORD, code: "ZZ9Z" },
          "203.0.113.1",
        );
        expect(english.status).toBe(503);
        expect(english.text).toContain("Signing in and registering are paused for a moment");
      } finally {
        await redis.restart();
      }
      // Nobody restarts the portals: their connection comes back by itself,
      // and the attempt is counted (and refused for its code) again.
      for (const base of direct) {
        for (let tries = 0; ; tries++) {
          const answer = await new Browser(base).request("/login", {
            form: { username: MANAGER, password: PASSWORD, code: "ZZ9Z" },
          });
          await answer.arrayBuffer();
          if (answer.status === 200) break;
          expect(answer.status, base).toBe(503);
          expect(tries, `${base} did not recover`).toBeLessThan(50);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      expect([302, 303]).toContain((await signIn(new Browser(web))).status);
    });
  },
);
