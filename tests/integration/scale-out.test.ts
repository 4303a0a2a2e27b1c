/**
 * Several portals behind one nginx, sharing one fake backend, on loopback
 * (compose.yaml without Docker): one `npm run mock-api`, one production
 * build, two portals with the same SESSION_SECRET and TRUST_PROXY=true, and
 * Debian's nginx (installed by scripts/test.sh) sending requests to them in
 * turn, with the proxy settings of deploy/proxy-headers.conf.
 *
 * The test signs in as a person who cannot see the image code would: the
 * code's text alternative (`/captcha?as=text`). TEST_CAPTCHA_CODE is refused
 * with a backend of its own, and rightly so.
 */

import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser, MANAGER, PASSWORD, signIn } from "./browser.ts";
import {
  buildPortal,
  type Child,
  freePort,
  ROOT,
  start,
  startMockApi,
  stop,
  waitForOutput,
} from "./processes.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const haveNginx = existsSync(NGINX);
if (!haveNginx) {
  console.warn(
    `Skipping the scale-out test: no nginx at ${NGINX} (scripts/test.sh installs Debian's nginx; it could not here).`,
  );
}

const BUILD_DIR = "build/scaleout";
// Two portals, a backend and nginx on a 2-core machine: first requests are cold.
vi.setConfig({ testTimeout: 60_000 });

describe.skipIf(!haveNginx)("two portals behind nginx, sharing one backend", () => {
  let dir: string;
  let api: Child;
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
    await buildPortal(BUILD_DIR);
    await waitForOutput(api, "listening on");

    const secret = randomBytes(32).toString("hex");
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      direct.push(`http://127.0.0.1:${port}`);
      portals.push(
        start(process.execPath, ["server.ts"], {
          NODE_ENV: "production",
          BUILD_DIR,
          HOST: "127.0.0.1",
          PORT: String(port),
          API_BASE_URL: apiBase,
          SESSION_SECRET: secret,
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
    await Promise.all([
      ...(nginx ? [stop(nginx, "SIGQUIT")] : []),
      ...portals.map((portal) => stop(portal)),
      ...(api ? [stop(api)] : []),
    ]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("a portal with a backend of its own has nothing of demo mode", async () => {
    const portal = direct[0]!;
    // No fake backend, no published contract beside it, no demo mailbox.
    for (const path of ["/api/v1/account/account-info", "/api/v1/openapi.json", "/demo/mailbox"]) {
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
      form: { intent: "remarks", confirmed: "1", orderNoList: orderNo, reasonForDetention: remark },
    });
    expect(set.status, `${set.headers.get("location")}`).toBe(200);
    await set.arrayBuffer();

    const seen = await browser.at(second).request(`/order/?orderNo=${orderNo}`);
    expect(seen.status, `${seen.headers.get("location")}`).toBe(200);
    expect(await seen.text()).toContain(remark);
    for (let i = 0; i < 4; i++) {
      expect(await (await browser.request(`/order/?orderNo=${orderNo}`)).text()).toContain(remark);
    }
  });

  it("an image code answered on one replica is refused when replayed on the other", async () => {
    const [first, second] = direct as [string, string];
    const browser = new Browser(first);
    await (await browser.request("/")).arrayBuffer();
    const captcha = await browser.request("/captcha?purpose=login&as=text");
    const code = ((await captcha.json()) as { spelled: string }).spelled.replaceAll(" ", "");
    // The cookie as it was before the answer: it still holds the ticket.
    const replay = browser.at(second);
    const form = { username: MANAGER, password: PASSWORD, code };

    expect([302, 303]).toContain((await browser.request("/login", { form })).status);
    const replayed = await replay.request("/login", { form });
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
      const answer = await signIn(browser, MANAGER, "not-the-password");
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    expect(new Set(browser.served).size).toBe(2);
    expect(statuses).toContain(429);
    // Either replica refuses that address now.
    for (const base of direct) {
      const answer = await signIn(browser.at(base), MANAGER, "not-the-password");
      expect(answer.status, base).toBe(429);
    }
  });
});
