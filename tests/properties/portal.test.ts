/**
 * The built portal under hostile requests, as a process of its own (demo
 * mode, a fake-backend world per test through `x-test-world`):
 *
 * - oversize bodies on every route of `app/routes.ts` (pages in both
 *   languages, resource routes) are answered 413 before the body is read,
 *   while `/healthz` answers;
 * - forms of too many fields or too many repeats of one name are answered
 *   413 as they arrive, on every route, `/healthz` answering meanwhile; deep
 *   and long field names never cause a 5xx (memory and `/healthz` latency
 *   are printed, not asserted);
 * - a body that trickles in is cut at the deadline (REQUEST_TIMEOUT_MS,
 *   short here);
 * - `__proto__`, `constructor` and `prototype` in headers, form field names,
 *   JSON keys and query keys pollute nothing in the server process (a probe
 *   loaded with `--import` reports its prototypes) and never cause a 5xx;
 * - properties (fast-check, new cases each run, a failure replayable by
 *   its printed seed: `runs` in ./arbitraries.ts): arbitrary form fields and files
 *   posted to every action never answer 5xx or a stack trace, a refused post
 *   changes nothing the API reads back, and markup in the input comes back
 *   as text.
 *
 * The portal runs from the build the test run shares (TEST_BUILD_DIR, see
 * tests/integration/processes.ts), else from one of its own in build/props,
 * and listens on a free port from 3300 to 3349.
 */

import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usccCheckCharacter } from "../../app/contract/uscc.ts";
import routes from "../../app/routes.ts";
import { HOME_PAGES, RESOURCES as RESOURCE_ROUTES } from "../../app/utils/site-map.ts";
import { CookieJar } from "../cookie-jar.ts";
import {
  type Child,
  freePort,
  portalBuild,
  start,
  stop,
  waitForOutput,
} from "../integration/processes.ts";
import { trickle } from "../support/trickle.ts";
import {
  arbitraryFile,
  arbitraryQuery,
  arbitraryText,
  type Bytes,
  formFields,
  HOSTILE_KEYS,
  hostileKey,
  MARKUP,
  runs,
  shortText,
} from "./arbitraries.ts";

const OWN_BUILD = "build/props";
const CAPTCHA = "P7OP";
const MANAGER = "manager@demo.test";
const PASSWORD = "Demo1234!";
const MB = 1024 * 1024;
/** Short, so the slow-body test waits little; every other request arrives in a few milliseconds. */
const REQUEST_TIMEOUT_MS = 4_000;
/** What a chunked upload tries to send: far beyond the 7 MB limit and the sockets' buffers. */
const CHUNKED_TOTAL = 48 * MB;

let portal: Child;
let base: string;
/**
 * A body that trickles in, sent as soon as the portal listens: its deadline
 * (REQUEST_TIMEOUT_MS) runs out while the tests before its own run, instead
 * of the file waiting for it.
 */
let slowBody: Promise<{ health: number; answer: string }>;

beforeAll(async () => {
  const buildDir = await portalBuild(OWN_BUILD);
  const port = await freePort(3300); // Beside the integration tests' range, so both can run at once.
  base = `http://127.0.0.1:${port}`;
  portal = start(
    process.execPath,
    ["--expose-gc", "--import", "./tests/properties/pollution-probe.ts", "server.ts"],
    {
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      TEST_WORLDS: "1",
      TEST_CAPTCHA_CODE: CAPTCHA,
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      SEED_SERVICES: "4",
      SEED_PALLETS: "12",
      SEED_ORDERS: "120",
    },
  );
  await waitForOutput(portal, "Portal listening on");
  slowBody = slowLogin();
  // Its failure is the slow-body test's, not an unhandled rejection of the file.
  slowBody.catch(() => {});
}, 240_000);

afterAll(async () => {
  if (portal) await stop(portal);
});

interface ProbeReport {
  added: string[];
  polluted: unknown;
  rss: number;
  heapUsed: number;
}

/** What the probe in the server process reports about its prototypes and memory. */
async function probe(): Promise<ProbeReport> {
  const seen = portal.output().split("prototype-probe ").length;
  portal.process.kill("SIGUSR2");
  for (let tries = 0; tries < 200; tries++) {
    const parts = portal.output().split("prototype-probe ");
    if (parts.length > seen) return JSON.parse(parts.at(-1)?.split("\n")[0] ?? "{}") as ProbeReport;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the prototype probe did not answer");
}

/**
 * Posts to /login a body whose length is declared and which arrives a byte
 * every 100 ms; `/healthz`'s status meanwhile, and what the portal answered
 * once the connection closed.
 */
async function slowLogin(): Promise<{ health: number; answer: string }> {
  const { host, port } = new URL(base);
  const answer = trickle(
    Number(port),
    `POST /login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${base}\r\nContent-Type: ${FORM}\r\nContent-Length: 100000\r\n\r\nusername=`,
    "a",
  );
  const health = (await fetch(`${base}/healthz`)).status;
  return { health, answer: await answer };
}

/** Whether anything was added to the shared prototypes of the server process. */
async function prototypes(): Promise<{ added: string[]; polluted: unknown }> {
  const { added, polluted } = await probe();
  return { added, polluted };
}

/** A browser of one test world: cookies, the world header, Origin on posts. */
class Visitor {
  readonly world = `props-${randomUUID()}`;
  readonly jar = new CookieJar();
  readonly cookies = this.jar.cookies;

  async fetch(
    path: string,
    init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = {
      "x-test-world": this.world,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36",
      cookie: this.jar.header(),
      ...init.headers,
    };
    if (method !== "GET") headers.origin ??= base;
    const response = await fetch(base + path, {
      method,
      headers,
      body: init.body,
      redirect: "manual",
    });
    this.jar.keep(response.headers);
    return response;
  }

  async signIn(username = MANAGER): Promise<void> {
    await (await this.fetch("/")).arrayBuffer();
    const answer = await this.fetch("/login", {
      body: new URLSearchParams({ username, password: PASSWORD, code: CAPTCHA }),
    });
    await answer.arrayBuffer();
    expect(answer.status).toBeLessThan(400);
    expect([...this.cookies.keys()].some((name) => name.includes("session"))).toBe(true);
  }

  /** What the fake backend of this world holds for the manager: orders, account, sub-accounts. */
  async snapshot(): Promise<string> {
    const api = async (path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${base}/api/v1${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          "x-test-world": this.world,
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as { code: number; data: unknown };
    };
    this.token ??= (
      (await api("/account/login", undefined, { username: MANAGER, password: PASSWORD })).data as {
        token: string;
      }
    ).token;
    const orders = await api("/cba/order?pageNum=1&pageSize=500", this.token);
    const subs = await api("/account/sub-account", this.token);
    const notices = await api("/notice?pageNum=1&pageSize=100", this.token);
    return JSON.stringify([orders, subs, notices]);
  }
  token: string | undefined;
}

/** The company of `username` in `world`, as the fake backend answers it (null: none). */
async function companyOf(world: string, username: string): Promise<unknown> {
  const call = async (path: string, init: RequestInit = {}) =>
    (await (
      await fetch(`${base}/api/v1${path}`, {
        ...init,
        headers: { "x-test-world": world, "content-type": "application/json", ...init.headers },
      })
    ).json()) as { code: number; data: unknown };
  const login = await call("/account/login", {
    method: "POST",
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const token = (login.data as { token: string }).token;
  const company = await call("/cba/cba-company", { headers: { authorization: `Bearer ${token}` } });
  return company.data ?? null;
}

/** Every path of app/routes.ts, `*` and the error pages left out. */
function routePaths(): string[] {
  const paths: string[] = [];
  const walk = (entries: readonly unknown[], prefix: string) => {
    for (const entry of entries as { path?: string; index?: boolean; children?: unknown[] }[]) {
      const path =
        entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
      if (entry.children) walk(entry.children, path);
      if ((entry.path !== undefined || entry.index) && !path.includes("*")) {
        // A page's optional language segment (`/en?/order`): both of its addresses.
        for (const each of path.includes("en?")
          ? [path.replace("en?", "en"), path.replace("/en?", "")]
          : [path]) {
          paths.push(each || "/");
        }
      }
    }
  };
  walk(routes, "");
  return [...new Set(paths)];
}

/** Sends headers announcing `declared` bytes and only a few of them; resolves with the answer. */
function oversize(
  path: string,
  contentType: string,
  declared: number | "chunked",
): Promise<{ status?: number; body: string; sent: number }> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {
      "content-type": contentType,
      origin: base,
      "x-test-world": "props-oversize",
    };
    if (declared !== "chunked") headers["content-length"] = declared;
    const req = httpRequest(base + path, { method: "POST", headers });
    const outcome = { status: undefined as number | undefined, body: "", sent: 0 };
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      req.destroy();
      resolve(outcome);
    };
    req.on("response", (response) => {
      outcome.status = response.statusCode;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        outcome.body += chunk;
      });
      response.on("end", done);
    });
    req.on("error", done);
    const chunk = Buffer.alloc(64 * 1024, "a");
    if (declared !== "chunked") {
      // Only the first chunk: a server that waited for the body would never answer.
      outcome.sent = chunk.length;
      req.write(chunk);
      return;
    }
    const pump = () => {
      while (!finished && outcome.status === undefined && outcome.sent < CHUNKED_TOTAL) {
        outcome.sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!finished && outcome.sent >= CHUNKED_TOTAL) req.end();
    };
    pump();
  });
}

/**
 * How many requests of a sweep over every route are in flight at once: the
 * portal and this process then work side by side instead of in turn. Each
 * case still gets its own answer checked and its own `/healthz`.
 */
const AT_ONCE = 4;

/** Runs `check` for every case, `AT_ONCE` at a time; fails with the first failure. */
async function atOnce<T>(cases: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < cases.length) await check(cases[next++] as T);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
}

const STACK = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|file:\/\//;

describe("oversize bodies on every route", () => {
  const paths = routePaths();

  it("covers the pages of both languages and the resource routes", () => {
    expect(paths).toContain("/order");
    expect(paths).toContain("/en/order");
    expect(paths).toContain("/en/qualificat");
    expect(paths).toContain("/notice/read");
    expect(paths).toContain("/image");
    expect(paths.length).toBeGreaterThan(50);
  });

  it("answers 413 to a declared oversize body before reading it, /healthz answering meanwhile", async () => {
    const bodies = [
      ["application/x-www-form-urlencoded", 2 * MB],
      ["multipart/form-data; boundary=x", 8 * MB],
      ["application/json", 2 * MB],
    ] as const;
    const cases = paths.flatMap((path) => bodies.map(([type, size]) => ({ path, type, size })));
    await atOnce(cases, async ({ path, type, size }) => {
      const [outcome, health] = await Promise.all([
        oversize(path, type, size),
        fetch(`${base}/healthz`),
      ]);
      expect(outcome.status, `${path} ${type}`).toBe(413);
      expect(outcome.body).toBe(
        path === "/en" || path.startsWith("/en/")
          ? "The request is too large and was not accepted"
          : "请求内容过大，未被接收",
      );
      expect(health.status).toBe(200);
    });
  }, 120_000);

  it("cuts a chunked upload off at the limit on every action route, memory flat", async () => {
    const actions = paths.filter(
      (path) =>
        /^(\/en)?\/(login|forge_password|register\/accountRegistration|server\/salver|order|inventory_system\/inventory|qualificat|setting\/(center|account)|sub_account)$/.test(
          path,
        ) ||
        [
          "/logout",
          "/language",
          "/order/download",
          "/order/import-report",
          "/inventory/download",
          "/notice/read",
          "/table-columns",
          "/image",
        ].includes(path),
    );
    expect(actions.length).toBeGreaterThanOrEqual(28);
    const before = await probe();
    for (const path of actions) {
      const outcome = await oversize(path, "multipart/form-data; boundary=x", "chunked");
      // The 413, or the connection cut; never the whole upload read.
      if (outcome.status !== undefined) expect(outcome.status, path).toBe(413);
      expect(outcome.sent, path).toBeLessThan(CHUNKED_TOTAL);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
    // 30 uploads of 7 MB and more each: had any been kept, this would be far above.
    const after = await probe();
    expect(after.heapUsed).toBeLessThan(before.heapUsed + 50 * MB);
    expect(after.rss).toBeLessThan(before.rss + 150 * MB);
  }, 120_000);
});

/** Posts a whole body (declared length) with the portal's Origin; the status and text of the answer. */
async function postBody(
  path: string,
  contentType: string,
  body: Buffer,
): Promise<{ status?: number; body: string }> {
  try {
    const answer = await fetch(base + path, {
      method: "POST",
      headers: { "content-type": contentType, origin: base, "x-test-world": "props-fields" },
      body: new Uint8Array(body),
      redirect: "manual",
    });
    return { status: answer.status, body: await answer.text() };
  } catch {
    // The connection closed while the rest of the body was still going out.
    return { body: "" };
  }
}

/** `/healthz` while `work` runs: its status and how long it took (printed, never asserted). */
async function healthDuring<T>(work: Promise<T>): Promise<[T, number, number]> {
  const started = performance.now();
  const health = fetch(`${base}/healthz`).then(async (answer) => {
    await answer.arrayBuffer();
    return [answer.status, performance.now() - started] as const;
  });
  const [result, [status, ms]] = await Promise.all([work, health]);
  return [result, status, ms];
}

/** `a=0&a=1&…`: one name `count` times. */
function repeatedField(count: number, name = "a"): Buffer {
  return Buffer.from(Array.from({ length: count }, (_, i) => `${name}=${i}`).join("&"));
}

function multipartBody(names: string[]): Buffer {
  return Buffer.from(
    `${names.map((name) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n1\r\n`).join("")}--x--\r\n`,
  );
}

const FORM = "application/x-www-form-urlencoded";
const TOO_MANY = {
  zh: "表单字段过多，未被接收",
  en: "The form has too many fields and was not accepted",
};

describe("forms of many fields, repeats, deep and long keys on every route", () => {
  const paths = routePaths();
  const latencies: number[] = [];
  afterAll(() => {
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.floor(share * (sorted.length - 1))]?.toFixed(1);
    console.info(
      `/healthz during hostile forms: ${sorted.length} answers, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
    );
  });

  it("refuses 50,000 repeats of one name at once, two at a time, /healthz answering", async () => {
    const body = repeatedField(50_000);
    const [outcomes, health, ms] = await healthDuring(
      Promise.all([postBody("/login", FORM, body), postBody("/en/login", FORM, body)]),
    );
    latencies.push(ms);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([413, 413]);
    expect(outcomes.map((outcome) => outcome.body)).toEqual([TOO_MANY.zh, TOO_MANY.en]);
    expect(health).toBe(200);
  });

  it("refuses too many fields and too many repeats on every route, memory flat", async () => {
    const before = await probe();
    const bodies: [string, string, Buffer][] = [
      ["repeats", FORM, repeatedField(50_000)],
      ["fields", FORM, Buffer.from(Array.from({ length: 3_000 }, (_, i) => `f${i}=`).join("&"))],
      ["parts", "multipart/form-data; boundary=x", multipartBody(Array(3_000).fill("image"))],
    ];
    const cases = paths.flatMap((path) =>
      bodies.map(([kind, type, body]) => ({ path, kind, type, body })),
    );
    await atOnce(cases, async ({ path, kind, type, body }) => {
      const [outcome, health, ms] = await healthDuring(postBody(path, type, body));
      latencies.push(ms);
      expect(outcome.status, `${path} ${kind}`).toBe(413);
      expect(outcome.body).toBe(
        path === "/en" || path.startsWith("/en/") ? TOO_MANY.en : TOO_MANY.zh,
      );
      expect(health).toBe(200);
    });
    const after = await probe();
    console.info(
      `hostile forms on ${paths.length} routes: heap ${(before.heapUsed / MB).toFixed(0)} → ${(after.heapUsed / MB).toFixed(0)} MB, rss ${(before.rss / MB).toFixed(0)} → ${(after.rss / MB).toFixed(0)} MB`,
    );
    expect(after.heapUsed).toBeLessThan(before.heapUsed + 50 * MB);
  }, 180_000);

  it("answers deep, long and many-times-repeated names without a 5xx, signed in", async () => {
    const visitor = new Visitor();
    await visitor.signIn();
    const before = await probe();
    const deep = `orderNoList${".a".repeat(20_000)}`;
    const forms: [string, BodyInit][] = [
      // As deep as a name within the limit (256 characters) goes.
      [
        "deep within the limit",
        new URLSearchParams([
          [`orderNoList${".a".repeat(122)}`, "1"],
          ["intent", "remarks"],
        ]),
      ],
      [
        "deep",
        new URLSearchParams([
          [deep, "1"],
          ["intent", "remarks"],
        ]),
      ],
      ["deep brackets", new URLSearchParams([[`a${"[0]".repeat(20_000)}`, "1"]])],
      [
        "sparse index",
        new URLSearchParams([
          ["orderNoList[999999999]", "1"],
          ["intent", "detain"],
        ]),
      ],
      ["long", new URLSearchParams([["k".repeat(900_000), "1"]])],
      [
        "repeats",
        new URLSearchParams([
          ["intent", "remarks"],
          ...Array.from({ length: 2_000 }, (_, i) => ["orderNoList", `DD${i}`] as [string, string]),
        ]),
      ],
    ];
    for (const path of [...ACTIONS, ...ANONYMOUS, ...RESOURCES, "/en/order", "/logout"]) {
      for (const [kind, body] of forms) {
        const [response, health, ms] = await healthDuring(visitor.fetch(path, { body }));
        latencies.push(ms);
        await checkAnswer(response, `${path} ${kind}`);
        expect(health).toBe(200);
        if (path === "/logout" || response.headers.get("location")?.match(/^\/(en)?\/?$/)) {
          await visitor.signIn();
        }
      }
    }
    const after = await probe();
    console.info(
      `deep and long names: heap ${(before.heapUsed / MB).toFixed(0)} → ${(after.heapUsed / MB).toFixed(0)} MB, rss ${(before.rss / MB).toFixed(0)} → ${(after.rss / MB).toFixed(0)} MB`,
    );
    expect(await prototypes()).toEqual({ added: [], polluted: null });
  }, 240_000);
});

describe("slow bodies", () => {
  it("are cut at the deadline with 408, /healthz answering meanwhile", async () => {
    const { health, answer } = await slowBody;
    expect(health).toBe(200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);
});

describe("prototype keys", () => {
  it("pollute nothing: headers, form field names, JSON keys, query keys", async () => {
    const visitor = new Visitor();
    await visitor.signIn();
    const statuses: number[] = [];
    const query = HOSTILE_KEYS.map((key) => `${encodeURIComponent(key)}=1`).join("&");
    for (const path of [
      "/order",
      "/en/sub_account",
      "/setting/account",
      "/notice/read",
      "/table-columns",
      "/language",
    ]) {
      // Headers named after the prototype (Node's parser keeps them as plain keys).
      for (const name of ["__proto__", "constructor", "prototype"]) {
        statuses.push(
          (await visitor.fetch(`${path}?${query}`, { headers: { [name]: "polluted" } })).status,
        );
      }
      const form = new URLSearchParams();
      for (const key of HOSTILE_KEYS) form.append(key, "polluted");
      form.append("intent", "remarks");
      statuses.push((await visitor.fetch(`${path}?${query}`, { body: form })).status);
      const multipart = new FormData();
      for (const key of HOSTILE_KEYS) multipart.append(key, new Blob(["polluted"]), "__proto__");
      statuses.push((await visitor.fetch(path, { body: multipart })).status);
      statuses.push(
        (
          await visitor.fetch(path, {
            body: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
            headers: { "content-type": "application/json" },
          })
        ).status,
      );
    }
    // The fake backend mounted at /api/v1 parses JSON bodies and queries itself.
    for (const path of ["/account/login", "/cba/order", "/account/sub-account", "/notice/read"]) {
      const answer = await fetch(`${base}/api/v1${path}?${query}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-test-world": visitor.world,
          __proto__: "x",
        } as Record<string, string>,
        body: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"username":{"__proto__":{"polluted":1}}}',
      });
      statuses.push(answer.status);
    }
    for (const status of statuses) expect(status).toBeLessThan(500);
    expect(await prototypes()).toEqual({ added: [], polluted: null });
  }, 60_000);
});

/** Field names the portal's forms use (from app/validation and the route modules). */
const FIELD_NAMES = [
  "intent",
  "username",
  "password",
  "checkPass",
  "code",
  "email",
  "emailCode",
  "activationCode",
  "role",
  "id",
  "enabled",
  "confirmed",
  "orderNoList",
  "orderNo",
  "logisticsNo",
  "remark",
  "remarks",
  "cbaStatus",
  "reason",
  "decision",
  "deviceNo",
  "salverNo",
  "salverNoOrOrderNo",
  "serviceNo",
  "direction",
  "salverDirection",
  "expectedCount",
  "table",
  "column",
  "show",
  "only",
  "lang",
  "returnTo",
  "to",
  "kind",
  "state",
  "current",
  "file",
  "image",
  "pageSize",
] as const;

const INTENTS = [
  "detain",
  "status",
  "remarks",
  "stockIn",
  "import",
  "create",
  "toggle",
  "update",
  "singleLogin",
  "offline",
  "account",
  "send",
  "next",
  "confirm",
  "select",
  "keep",
  "submit",
  "read",
] as const;

const ACTIONS = [
  "/server/salver",
  "/order",
  "/inventory_system/inventory",
  "/qualificat",
  "/setting/center",
  "/setting/account",
  "/sub_account",
  "/notifications",
] as const;
/** The resource routes a page posts to (signing out excepted: it would end the session under test). */
const RESOURCES = RESOURCE_ROUTES.filter(
  (resource) => resource.method === "POST" && resource.path !== "/logout",
).map((resource) => resource.path);
/** Every page of the home layout that shows something of its own. */
const STAFF_PAGES = HOME_PAGES.filter((page) => !page.redirectsTo).map((page) => page.path);
const ANONYMOUS = ["/login", "/forge_password", "/register/accountRegistration"] as const;

const fields = fc.tuple(
  fc.option(fc.constantFrom(...INTENTS, ...HOSTILE_KEYS), { nil: undefined }),
  formFields(FIELD_NAMES),
  fc.boolean(),
);

function encodeForm(
  intent: string | undefined,
  pairs: [string, string | Bytes][],
  multipart: boolean,
): BodyInit {
  const all: [string, string | Bytes][] =
    intent === undefined ? pairs : [["intent", intent], ...pairs];
  if (!multipart && all.every(([, value]) => typeof value === "string")) {
    const form = new URLSearchParams();
    for (const [name, value] of all) form.append(name, value as string);
    return form;
  }
  const form = new FormData();
  for (const [name, value] of all) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([value]), name === "image" ? "photo.png" : "orders.xlsx");
  }
  return form;
}

async function checkAnswer(response: Response, where: string): Promise<string> {
  const text = await response.text();
  expect(response.status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, where).not.toMatch(STACK);
  if ((response.headers.get("content-type") ?? "").includes("html")) {
    // Markup from the input comes back as text, never as markup.
    expect(text, where).not.toContain("<script>alert(");
    expect(text, where).not.toContain("<img src=x onerror");
  }
  return text;
}

describe("properties of every action", () => {
  it("signed in: never a 5xx or a stack trace; a refusal changes nothing", async () => {
    const visitor = new Visitor();
    await visitor.signIn();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ACTIONS, ...ACTIONS.map((path) => `/en${path}`), ...RESOURCES),
        fields,
        async (path, [intent, pairs, multipart]) => {
          const before = await visitor.snapshot();
          const response = await visitor.fetch(path, {
            body: encodeForm(intent, pairs, multipart),
          });
          await checkAnswer(response, path);
          if (response.status >= 400) expect(await visitor.snapshot(), path).toBe(before);
          // A fuzzed post may have signed the visitor out (logout is not in the list, a
          // password or device change is): sign in again for the next run.
          if (response.status === 302 && response.headers.get("location")?.match(/^\/(en)?\/?$/)) {
            await visitor.signIn();
          }
        },
      ),
      runs(100),
    );
    expect(await prototypes()).toEqual({ added: [], polluted: null });
  }, 240_000);

  it("anonymous: login, registration, forgot password never answer 5xx or a stack trace", async () => {
    const visitor = new Visitor();
    await (await visitor.fetch("/")).arrayBuffer();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ANONYMOUS, ...ANONYMOUS.map((path) => `/en${path}`), "/logout"),
        fields,
        async (path, [intent, pairs, multipart]) => {
          const response = await visitor.fetch(path, {
            body: encodeForm(intent, pairs, multipart),
          });
          await checkAnswer(response, path);
        },
      ),
      runs(120),
    );
  }, 240_000);

  it("qualification images: arbitrary files never answer 5xx", async () => {
    const visitor = new Visitor();
    await visitor.signIn("guest@demo.test");
    await fc.assert(
      fc.asyncProperty(arbitraryFile, hostileKey, async (bytes, key) => {
        const form = new FormData();
        form.append("intent", "upload");
        form.append("image", new Blob([bytes]), "photo.png");
        form.append(key, new Blob([bytes]), "photo.jpg");
        for (const path of ["/qualificat", "/image"]) {
          await checkAnswer(await visitor.fetch(path, { body: form }), path);
        }
      }),
      runs(40),
    );
  }, 240_000);

  it("order operations are all or nothing: a refused batch changes no order", async () => {
    const visitor = new Visitor();
    await visitor.signIn();
    const orders = JSON.parse(await visitor.snapshot())[0] as {
      data: { list: { orderNo: string }[] };
    };
    const known = orders.data.list.map((order) => order.orderNo).slice(0, 30);
    expect(known.length).toBeGreaterThan(5);
    const orderNo = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...known) },
      { weight: 1, arbitrary: shortText },
      // Another company's order, or one that does not exist.
      { weight: 1, arbitrary: fc.constantFrom("DD202401010000001", "DD209912319999999") },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/order", "/en/order", "/order/?all=1", "/order/?all=1&cbaStatus=2"),
        fc.constantFrom("detain", "status", "remarks"),
        fc.array(orderNo, { minLength: 1, maxLength: 6 }),
        fc.option(arbitraryText, { nil: undefined }),
        fc.constantFrom("1", "3", "4", "2", "", "x", "-1"),
        fc.oneof(fc.integer({ min: -1, max: 200 }).map(String), shortText),
        async (path, intent, list, reason, status, expectedCount) => {
          const form = new URLSearchParams({
            intent,
            confirmed: "1",
            cbaStatus: status,
            expectedCount,
          });
          for (const no of list) form.append("orderNoList", no);
          if (reason !== undefined) form.append("reasonForDetention", reason);
          const before = await visitor.snapshot();
          const response = await visitor.fetch(path, { body: form });
          await checkAnswer(response, path);
          if (response.status >= 400)
            expect(await visitor.snapshot(), `${path} ${intent}`).toBe(before);
        },
      ),
      runs(80),
    );
  }, 240_000);

  it("pages, downloads and images under arbitrary queries never answer 5xx or a stack trace", async () => {
    const visitor = new Visitor();
    await visitor.signIn();
    const pages = [
      ...STAFF_PAGES,
      ...STAFF_PAGES.map((path) => `/en${path}/`),
      "/order/download",
      "/order/import-template",
      "/order/import-report",
      "/inventory/download",
      "/image",
      "/captcha",
      "/table-columns",
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pages), arbitraryQuery, async (path, query) => {
        const search = new URLSearchParams(query).toString();
        const response = await visitor.fetch(
          search ? `${path.replace(/\/?$/, "/")}?${search}` : path,
        );
        await checkAnswer(response, path);
      }),
      runs(100),
    );
    expect(await prototypes()).toEqual({ added: [], polluted: null });
  }, 240_000);

  it("refuses a qualification file that is not an image by its first bytes, before any upload", async () => {
    const visitor = new Visitor();
    await visitor.signIn("guest@demo.test");
    // Declared a png by the browser, HTML by its content.
    const fake = new Uint8Array(Buffer.from(`<html>${MARKUP}</html>`));
    const refused = await visitor.fetch("/qualificat", {
      body: qualificationForm({
        businessLicenseFile: [fake, "image/png"],
        legalIdFrontFile: [PNG, "image/png"],
        legalIdBackFile: [PNG, "image/png"],
      }),
    });
    const html = await checkAnswer(refused, "/qualificat");
    expect(refused.status).toBe(400);
    expect(html).toContain("只能上传 png、jpeg、gif 格式的图片");
    // The portal's own words, not the backend's ("只能上传 png、jpeg 或 gif 图片"): refused before the upload.
    expect(html).not.toContain("只能上传 png、jpeg 或 gif 图片");
    // Nothing was submitted: the guest still has no company.
    expect(await companyOf(visitor.world, "guest@demo.test")).toBeNull();

    const accepted = await visitor.fetch("/qualificat", {
      body: qualificationForm({
        businessLicenseFile: [PNG, "image/png"],
        legalIdFrontFile: [PNG, "image/png"],
        legalIdBackFile: [PNG, "image/png"],
      }),
    });
    // Taken, and answered with a redirect to the page that says so.
    expect(accepted.status).toBe(302);
    const result = await visitor.fetch(accepted.headers.get("location") ?? "");
    expect(await result.text()).toContain("资质信息已提交，请等待审核");
    expect(await companyOf(visitor.world, "guest@demo.test")).not.toBeNull();
  }, 60_000);

  it("takes a qualification form with three images of almost 2 MB each (above 5 MB in all)", async () => {
    const visitor = new Visitor();
    await visitor.signIn("guest@demo.test");
    const large = new Uint8Array(2 * MB - 1024);
    large.set(PNG);
    const form = qualificationForm({
      businessLicenseFile: [large, "image/png"],
      legalIdFrontFile: [large, "image/png"],
      legalIdBackFile: [large, "image/png"],
    });
    const accepted = await visitor.fetch("/qualificat", { body: form });
    expect(accepted.status).toBe(302);
    const result = await visitor.fetch(accepted.headers.get("location") ?? "");
    expect(await result.text()).toContain("资质信息已提交，请等待审核");
  }, 60_000);

  it("echoes a rejected remark and filter value as text", async () => {
    const visitor = new Visitor();
    await visitor.signIn();
    const page = await visitor.fetch(`/order/?consignee=${encodeURIComponent(MARKUP)}`);
    const html = await checkAnswer(page, "/order filter");
    expect(page.status).toBe(200);
    expect(html).toContain("&lt;script&gt;alert(");
    const before = await visitor.snapshot();
    const remark = await visitor.fetch("/order", {
      body: new URLSearchParams({
        intent: "remarks",
        orderNoList: MARKUP,
        remark: MARKUP,
        confirmed: "1",
      }),
    });
    await checkAnswer(remark, "/order remark");
    expect(await visitor.snapshot()).toBe(before);
  }, 60_000);
});

const PNG = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** A complete qualification form with these files. */
function qualificationForm(files: Record<string, [Bytes, string]>): FormData {
  const first17 = "913301067ABCD1234";
  const form = new FormData();
  for (const [name, value] of Object.entries({
    companyNameZh: "杭州测试跨境贸易有限公司",
    creditCode: first17 + usccCheckCharacter(first17),
    customsCode: "3301960ABC",
    legalRepresentative: "王建国",
    contactPerson: "陈晓",
    contactPhone: "13800138000",
    contactEmail: "chenxiao@props.test",
    registeredAddress: "浙江省杭州市滨江区网商路 699 号",
    businessScope: "跨境电商零售进口",
  })) {
    form.append(name, value);
  }
  for (const [name, [bytes, type]] of Object.entries(files)) {
    form.append(name, new Blob([bytes], { type }), "licence.png");
  }
  return form;
}
