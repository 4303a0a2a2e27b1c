/**
 * Load with correctness (issue 14): 50 signed-in users browse the portal and
 * operate on orders for 60 s through the same form posts a browser without
 * JavaScript makes (the operation, then its confirmation). Afterwards every
 * touched order is read through the API and compared with the state the
 * acknowledged operations imply: nothing lost, nothing doubled, no 5xx.
 *
 * Each user owns some orders exclusively (a partition of the seed), so the
 * expected final state of those is the user's own acknowledged operations in
 * order. A few shared orders are also detained by everyone in turn: exactly
 * one detention of each may be acknowledged, the others must be refused.
 *
 * `BENCH_LOAD_SECONDS` (60), `BENCH_LOAD_USERS` (50), `BENCH_LOAD_ORDERS`
 * (5,000 seeded orders). Alone: `npm run bench:load`, which builds first
 * unless `BENCH_LOAD_BUILD=0` (the build in build/bench is current);
 * `BENCH_PORT` moves the portal off port 3900.
 */
import {
  atMost,
  buildPortal,
  CAPTCHA,
  info,
  PASSWORD,
  type Portal,
  percentile,
  printTable,
  type Row,
  startPortal,
  withinLimit,
} from "./lib.ts";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 50);
const ORDERS = Number(process.env.BENCH_LOAD_ORDERS ?? 5_000);
/** Orders each user owns. */
const OWNED = 6;
/** Orders every user tries to detain, one after the other (one detention must win each). */
const SHARED = 20;
/** Longest wait for one answer; beyond it the request counts as an error. */
const REQUEST_TIMEOUT_MS = 20_000;
/** Pause between two actions of a user: 0 to this many ms. */
const THINK_MS = 200;
/** The whole stage: sign-ins, the run, the checks; beyond it the stage fails instead of hanging. */
export const LOAD_LIMIT_MS = SECONDS * 1000 + REQUEST_TIMEOUT_MS + 120_000;
const ACCOUNTS = ["admin@demo.test", "manager@demo.test", "ops@demo.test"] as const;

type Status = 1 | 2 | 3 | 4;
interface OrderState {
  status: Status;
  previous: Status | null;
  remark: string;
}
interface ApiOrder {
  orderNo: string;
  cbaStatus: Status;
  previousCbaStatus: Status | null;
  reasonForDetention: string;
}

/** What the run counted, shared by all users. */
class Tally {
  requests = 0;
  serverErrors = 0;
  otherErrors = 0;
  /** Answers of an unexpected kind (a 403, a page without its confirmation...). */
  unexpectedAnswers = 0;
  acknowledged = 0;
  refusedOwn = 0;
  /** Detentions of a shared order refused because another user's came first. */
  refusedShared = 0;
  pageMs: number[] = [];
  operationMs: number[] = [];
  problems: string[] = [];

  note(problem: string) {
    if (this.problems.length < 20) this.problems.push(problem);
  }
}

class Failure extends Error {}

/** A browser without JavaScript: a cookie jar, posts carry the portal's Origin. */
class Browser {
  readonly #jar = new Map<string, string>();
  readonly #base: string;
  readonly #tally: Tally;

  constructor(base: string, tally: Tally) {
    this.#base = base;
    this.#tally = tally;
  }

  #cookie() {
    return [...this.#jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  #remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) this.#jar.set(name.trim(), value.join("="));
    }
  }

  /** One request; follows redirects as a browser does. Throws Failure on 5xx or a network error. */
  async request(
    path: string,
    kind: "page" | "operation",
    form?: URLSearchParams,
  ): Promise<{ status: number; html: string }> {
    let url = new URL(path, this.#base).toString();
    let body = form;
    for (let hop = 0; hop < 5; hop++) {
      const started = performance.now();
      let response: Response;
      let html: string;
      try {
        response = await fetch(url, {
          method: body ? "POST" : "GET",
          redirect: "manual",
          headers: {
            cookie: this.#cookie(),
            "user-agent": "Mozilla/5.0 (load bench)",
            ...(body
              ? {
                  origin: this.#base,
                  "content-type": "application/x-www-form-urlencoded",
                }
              : {}),
          },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        html = await response.text();
      } catch (error) {
        this.#tally.requests += 1;
        this.#tally.otherErrors += 1;
        const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        this.#tally.note(`${body ? "POST" : "GET"} ${path}: ${why}`);
        throw new Failure(why);
      }
      const ms = performance.now() - started;
      this.#tally.requests += 1;
      (kind === "operation" && body ? this.#tally.operationMs : this.#tally.pageMs).push(ms);
      this.#remember(response);
      if (response.status >= 500) {
        this.#tally.serverErrors += 1;
        this.#tally.note(`${body ? "POST" : "GET"} ${path}: ${response.status}`);
        throw new Failure(`${response.status}`);
      }
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url).toString();
        body = undefined;
        continue;
      }
      return { status: response.status, html };
    }
    throw new Failure(`too many redirects from ${path}`);
  }

  async signIn(username: string) {
    await this.request("/", "page");
    const answer = await this.request(
      "/login",
      "page",
      new URLSearchParams({ username, password: PASSWORD, code: CAPTCHA }),
    );
    if (!answer.html.includes('data-testid="user-name"')) {
      throw new Error(`${username} was not signed in (${answer.status})`);
    }
  }
}

/** The fake backend's API as the administrator (or another account). */
async function apiToken(base: string, username: string): Promise<string> {
  const answer = await fetch(`${base}/api/v1/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const envelope = (await answer.json()) as { code: number; data: { token: string } };
  if (envelope.code !== 200) throw new Error(`API login of ${username}: ${envelope.code}`);
  return envelope.data.token;
}

async function allOrders(base: string, token: string): Promise<ApiOrder[]> {
  const orders: ApiOrder[] = [];
  for (let current = 1; ; current++) {
    const answer = await fetch(`${base}/api/v1/cba/order?current=${current}&pageSize=1000`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(60_000),
    });
    const envelope = (await answer.json()) as {
      code: number;
      data: { list: ApiOrder[]; pagination: { total: number } };
    };
    if (envelope.code !== 200) throw new Error(`order list: ${envelope.code}`);
    orders.push(...envelope.data.list);
    if (envelope.data.list.length === 0 || orders.length >= envelope.data.pagination.total) break;
  }
  return orders;
}

const stateOf = (order: ApiOrder): OrderState => ({
  status: order.cbaStatus,
  previous: order.cbaStatus === 2 ? order.previousCbaStatus : null,
  remark: order.reasonForDetention,
});
const same = (a: OrderState, b: OrderState) =>
  a.status === b.status && a.previous === b.previous && a.remark === b.remark;
const show = (state: OrderState) =>
  `status ${state.status}${state.previous ? ` (from ${state.previous})` : ""}, remark "${state.remark}"`;

/** The orders one user owns: the expected state of each, and its history of states. */
interface Owned {
  orderNo: string;
  expected: OrderState;
  /** Every state an acknowledged operation left, oldest first (the seed's first). */
  history: OrderState[];
  /** An operation on it got no answer: its outcome is unknown, it is not checked. */
  uncertain: boolean;
}

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The count in the success notice ("操作成功: N 个订单已更新"), or null without one. */
function updatedCount(html: string): number | null {
  if (!html.includes('data-testid="operation-result"')) return null;
  const match = html.match(/(\d+) 个订单已更新/);
  return match ? Number(match[1]) : null;
}

interface Operation {
  intent: "detain" | "status" | "remarks";
  orderNos: string[];
  fields: Record<string, string>;
}

/**
 * Posts an operation and its confirmation as the page without JavaScript
 * does. Answers "applied", "refused" (the portal said why), or throws.
 */
async function operate(browser: Browser, op: Operation, tally: Tally) {
  const first = new URLSearchParams({ intent: op.intent });
  for (const no of op.orderNos) first.append("orderNoList", no);
  const asked = await browser.request("/order/", "operation", first);
  if (asked.status !== 200 || !asked.html.includes('data-testid="confirm-panel"')) {
    tally.unexpectedAnswers += 1;
    tally.note(`${op.intent} ${op.orderNos.join(",")}: no confirmation (${asked.status})`);
    throw new Failure("no confirmation");
  }
  const second = new URLSearchParams({ intent: op.intent, confirmed: "1" });
  for (const no of op.orderNos) second.append("orderNoList", no);
  for (const [name, value] of Object.entries(op.fields)) second.set(name, value);
  const answer = await browser.request("/order/", "operation", second);
  const count = updatedCount(answer.html);
  if (answer.status === 200 && count !== null) {
    if (count !== op.orderNos.length) {
      tally.unexpectedAnswers += 1;
      tally.note(`${op.intent} ${op.orderNos.join(",")}: ${count} updated`);
    }
    tally.acknowledged += 1;
    return "applied" as const;
  }
  if (answer.status === 400 && answer.html.includes('data-testid="confirm-panel"')) {
    return "refused" as const;
  }
  tally.unexpectedAnswers += 1;
  tally.note(`${op.intent} ${op.orderNos.join(",")}: answered ${answer.status}`);
  throw new Failure(`unexpected answer ${answer.status}`);
}

interface Planned {
  orders: Owned[];
  op: Operation;
  next: (state: OrderState) => OrderState;
}

/** The next operation on the user's own orders, and the state it leads to. */
function nextOperation(owned: Owned[], user: number, seq: number): Planned | null {
  const usable = owned.filter((order) => !order.uncertain && order.expected.status !== 3);
  const first = usable.length > 0 ? pick(usable) : undefined;
  if (!first) return null;
  // Sometimes two orders in the same state at once.
  const partner = usable.find(
    (order) =>
      order !== first &&
      order.expected.status === first.expected.status &&
      order.expected.previous === first.expected.previous,
  );
  const orders = partner && Math.random() < 0.3 ? [first, partner] : [first];
  const state = first.expected;
  const text = `u${user}-${seq}`;
  const roll = Math.random();
  if (roll < 0.35) {
    const remark = `remark ${text}`;
    return {
      orders,
      op: {
        intent: "remarks",
        orderNos: orders.map((o) => o.orderNo),
        fields: { reasonForDetention: remark },
      },
      next: (s: OrderState): OrderState => ({ ...s, remark }),
    };
  }
  if (state.status === 2 && state.previous !== null) {
    const back = state.previous;
    return {
      orders,
      op: {
        intent: "status",
        orderNos: orders.map((o) => o.orderNo),
        fields: { cbaStatus: String(back) },
      },
      next: (s: OrderState): OrderState => ({ ...s, status: back, previous: null }),
    };
  }
  const reason = `held ${text}`;
  return {
    orders,
    op: {
      intent: "detain",
      orderNos: orders.map((o) => o.orderNo),
      fields: { reasonForDetention: reason },
    },
    next: (s: OrderState): OrderState => ({ status: 2, previous: s.status, remark: reason }),
  } as const;
}

const FILTERS = ["", "cbaStatus=1", "cbaStatus=2", "cbaStatus=4", "consignee=%E7%8E%8B"];

async function browse(browser: Browser, orderNos: readonly string[]) {
  const roll = Math.random();
  if (roll < 0.45) {
    const query = [pick(FILTERS), Math.random() < 0.5 ? `current=${2 + random(5)}` : ""]
      .filter(Boolean)
      .join("&");
    await browser.request(`/order/${query ? `?${query}` : ""}`, "page");
  } else if (roll < 0.65) {
    // Looking one order up to open its lines (the row's detail is in the page).
    await browser.request(`/order/?orderNo=${encodeURIComponent(pick(orderNos))}`, "page");
  } else if (roll < 0.85) {
    await browser.request(`/server/${Math.random() < 0.3 ? `?current=2` : ""}`, "page");
  } else {
    await browser.request("/inventory_system/detail/", "page");
  }
}

/** Measures; `register` learns the portal at once, so a caller that gives up can stop it. */
export async function load(register: (portal: Portal) => void = () => {}): Promise<Row[]> {
  const portal = await startPortal(ORDERS);
  register(portal);
  try {
    return await measure(portal);
  } finally {
    await portal.stop();
  }
}

async function measure(portal: Portal): Promise<Row[]> {
  const base = portal.url;
  const adminToken = await apiToken(base, "admin@demo.test");
  const seed = await allOrders(base, adminToken);
  const company = new Set(
    (await allOrders(base, await apiToken(base, "manager@demo.test"))).map((o) => o.orderNo),
  );
  const movable = seed.filter((order) => order.cbaStatus === 1 || order.cbaStatus === 4);
  const companyPool = movable.filter((order) => company.has(order.orderNo));
  const otherPool = movable.filter((order) => !company.has(order.orderNo));
  const shared = companyPool.splice(0, SHARED);
  const initial = new Map(seed.map((order) => [order.orderNo, stateOf(order)]));

  const tally = new Tally();
  const accountOf = (user: number) => ACCOUNTS[user % ACCOUNTS.length] as string;
  const owned: Owned[][] = [];
  for (let user = 0; user < USERS; user++) {
    const pool = accountOf(user) === "admin@demo.test" ? otherPool : companyPool;
    owned.push(
      pool.splice(0, OWNED).map((order) => ({
        orderNo: order.orderNo,
        expected: stateOf(order),
        history: [stateOf(order)],
        uncertain: false,
      })),
    );
  }
  /** Acknowledged detentions of each shared order, by reason. */
  const sharedWins = new Map<string, string[]>(shared.map((order) => [order.orderNo, []]));
  const sharedUncertain = new Set<string>();
  const browsable = seed.map((order) => order.orderNo);

  const browsers: Browser[] = [];
  for (let user = 0; user < USERS; user++) {
    const browser = new Browser(base, tally);
    await browser.signIn(accountOf(user));
    browsers.push(browser);
  }

  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    browsers.map(async (browser, user) => {
      const mine = owned[user] ?? [];
      let seq = 0;
      let nextShared = random(SHARED);
      while (performance.now() < until) {
        seq += 1;
        const roll = Math.random();
        try {
          if (roll < 0.6) {
            await browse(browser, browsable);
          } else if (roll < 0.67 && shared.length > 0) {
            const order = shared[nextShared++ % shared.length] as ApiOrder;
            const reason = `shared u${user}-${seq}`;
            try {
              const outcome = await operate(
                browser,
                {
                  intent: "detain",
                  orderNos: [order.orderNo],
                  fields: { reasonForDetention: reason },
                },
                tally,
              );
              if (outcome === "applied") sharedWins.get(order.orderNo)?.push(reason);
              else tally.refusedShared += 1;
            } catch (error) {
              sharedUncertain.add(order.orderNo);
              throw error;
            }
          } else {
            const planned = nextOperation(mine, user, seq);
            if (!planned) continue;
            try {
              const outcome = await operate(browser, planned.op, tally);
              if (outcome === "applied") {
                for (const order of planned.orders) {
                  order.expected = planned.next(order.expected);
                  order.history.push(order.expected);
                }
              } else {
                tally.refusedOwn += 1;
                tally.note(`refused on own orders: ${planned.op.intent} ${planned.op.orderNos}`);
              }
            } catch (error) {
              for (const order of planned.orders) order.uncertain = true;
              throw error;
            }
          }
        } catch (error) {
          if (!(error instanceof Failure)) throw error;
        }
        await sleep(random(THINK_MS));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  // The final states, read through the API as the administrator.
  const final = new Map((await allOrders(base, adminToken)).map((o) => [o.orderNo, stateOf(o)]));
  let lost = 0;
  let unexpected = 0;
  let checked = 0;
  let touched = 0;
  for (const order of owned.flat()) {
    if (order.uncertain) continue;
    checked += 1;
    if (order.history.length > 1) touched += 1;
    const now = final.get(order.orderNo);
    if (!now) {
      lost += 1;
      tally.note(`${order.orderNo} is gone`);
    } else if (!same(now, order.expected)) {
      // An older state means an acknowledged operation did not stay applied.
      if (order.history.some((state) => same(state, now))) lost += 1;
      else unexpected += 1;
      tally.note(`${order.orderNo}: expected ${show(order.expected)}, found ${show(now)}`);
    }
  }
  for (const order of shared) {
    const wins = sharedWins.get(order.orderNo) ?? [];
    const now = final.get(order.orderNo);
    const before = initial.get(order.orderNo);
    if (!now || !before) continue;
    if (wins.length > 0) touched += 1;
    if (wins.length > 1) {
      unexpected += wins.length - 1;
      tally.note(`${order.orderNo}: detained ${wins.length} times (${wins.join("; ")})`);
    }
    if (sharedUncertain.has(order.orderNo) && wins.length === 0) continue;
    checked += 1;
    const expected: OrderState =
      wins.length === 0 ? before : { status: 2, previous: before.status, remark: wins[0] ?? "" };
    if (wins.length <= 1 && !same(now, expected)) {
      if (same(now, before)) lost += 1;
      else unexpected += 1;
      tally.note(`${order.orderNo}: expected ${show(expected)}, found ${show(now)}`);
    }
  }
  // Orders nobody operated on must be as seeded.
  const operated = new Set([
    ...owned.flat().map((o) => o.orderNo),
    ...shared.map((o) => o.orderNo),
  ]);
  for (const [orderNo, state] of initial) {
    if (operated.has(orderNo)) continue;
    const now = final.get(orderNo);
    if (!now || !same(now, state)) {
      unexpected += 1;
      tally.note(`${orderNo} changed although nobody operated on it`);
    }
  }
  for (const problem of tally.problems) console.info(`    ${problem}`);

  const label = `${USERS} users, ${SECONDS} s`;
  return [
    info(`load: operations acknowledged (${label})`, tally.acknowledged, "operations"),
    info("load: orders checked afterwards", checked, "orders"),
    info("load: of which changed by acknowledged operations", touched, "orders"),
    atMost("load: acknowledged but not applied (lost)", lost, "orders", 0),
    atMost("load: doubled or unexpected changes", unexpected, "orders", 0),
    atMost("load: 5xx answers", tally.serverErrors, "answers", 0),
    atMost("load: other errors (timeouts, resets)", tally.otherErrors, "requests", 0),
    atMost(
      "load: unexpected answers (no confirmation, 403...)",
      tally.unexpectedAnswers,
      "answers",
      0,
    ),
    atMost("load: operations refused on a user's own orders", tally.refusedOwn, "operations", 0),
    info(
      "load: shared orders detained (one acknowledgement each expected)",
      [...sharedWins.values()].filter((wins) => wins.length > 0).length,
      "orders",
    ),
    info("load: concurrent detentions of shared orders refused", tally.refusedShared, "operations"),
    info("load: requests per second", tally.requests / elapsed, "req/s"),
    info("load: page latency p50", percentile(tally.pageMs, 50), "ms"),
    info("load: page latency p99", percentile(tally.pageMs, 99), "ms"),
    info("load: operation post latency p50", percentile(tally.operationMs, 50), "ms"),
    info("load: operation post latency p99", percentile(tally.operationMs, 99), "ms"),
  ];
}

if (import.meta.main) {
  if (process.env.BENCH_LOAD_BUILD !== "0") {
    console.info("Building the portal…");
    await buildPortal();
  }
  const portals: Portal[] = [];
  console.info(`Measuring load (${USERS} users, ${SECONDS} s)…`);
  try {
    printTable(
      await withinLimit(
        load((portal) => portals.push(portal)),
        LOAD_LIMIT_MS,
      ),
    );
  } catch (error) {
    console.error(`  load failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    for (const portal of portals) await portal.stop();
  }
  // A run that ran out of time may leave requests open.
  process.exit();
}
