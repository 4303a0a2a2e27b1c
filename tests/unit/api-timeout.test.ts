/**
 * The backend deadline against a real socket: a backend on 127.0.0.1 that
 * sends headers and then stalls, one that drips its body, and one that never
 * answers. Garbage collection is forced all the while (vitest runs with
 * --expose-gc): a deadline that only a Request holds would be collected and
 * never fire.
 *
 * The three run at once, each with its own calls: the stand-in backend
 * answers a call as its token says, so the file waits out one deadline, not
 * three.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { standInBackend } from "../support/stand-in-backend.ts";

type Mode = "stall-after-headers" | "drip" | "silent" | "ok";
const timers = new Set<ReturnType<typeof setInterval>>();

/** Answers as the call's token says (`Bearer <mode>`), so calls of every mode can run at once. */
function answer(request: IncomingMessage, response: ServerResponse) {
  // No keep-alive: every call opens a connection of its own.
  response.shouldKeepAlive = false;
  const mode = (request.headers.authorization ?? "").replace(/^Bearer /, "") as Mode;
  if (mode === "silent") return;
  if (mode === "ok") {
    response.setHeader("Content-Type", "application/json");
    response.end(
      JSON.stringify({
        code: 200,
        msg: "success",
        data: { username: "a@b.test", isSingleLogin: false, scope: ["CBA_MANAGER"] },
      }),
    );
    return;
  }
  response.writeHead(200, { "Content-Type": "application/json" });
  response.flushHeaders();
  response.write('{"code":200,"data":');
  if (mode === "drip") {
    const timer = setInterval(() => response.write(" "), 50);
    timers.add(timer);
    response.once("close", () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  }
}

const TIMEOUT_MS = 1500;
await standInBackend(answer, { timeoutMs: TIMEOUT_MS });

const { Api } = await import("~/utils/api.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

const gc = (globalThis as { gc?: () => void }).gc;

async function newApi(mode: Mode) {
  return new Api({
    token: mode,
    locale: "zh",
    session: await storage.getSession(),
    genericMessage: "网络通信异常",
  });
}

/** What a call threw and how long it took. */
async function call(mode: Mode): Promise<{ error: unknown; elapsed: number }> {
  const api = await newApi(mode);
  const started = performance.now();
  let error: unknown;
  try {
    await api.call("accountInfo");
  } catch (thrown) {
    error = thrown;
  }
  return { error, elapsed: performance.now() - started };
}

/**
 * The call, and how late a plain timer of the deadline's length started at
 * the same moment fired (the machine's own lag, which is not the client's
 * fault on a busy test machine).
 */
async function callBeside(mode: Mode): Promise<{ error: unknown; elapsed: number; lag: number }> {
  const started = performance.now();
  const reference = new Promise<number>((resolve) =>
    setTimeout(() => resolve(performance.now() - started - TIMEOUT_MS), TIMEOUT_MS),
  );
  const { error, elapsed } = await call(mode);
  return { error, elapsed, lag: Math.max(0, await reference) };
}

// Garbage collected every 100 ms while the file's calls run, all of them at once.
let collector: ReturnType<typeof setInterval> | undefined;

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  collector = setInterval(() => gc?.(), 100);
});

afterAll(() => {
  clearInterval(collector);
  for (const timer of timers) clearInterval(timer);
  timers.clear();
});

describe("backend deadline", () => {
  it("runs with garbage collection exposed", () => {
    expect(typeof gc).toBe("function");
  });

  it("answers normally from a healthy backend", async () => {
    const { error } = await call("ok");
    expect(error).toBeUndefined();
  });

  it.concurrent.for(["stall-after-headers", "drip", "silent"] as const)(
    "ends a %s backend within the timeout plus a second, with the timeout page",
    async (which, { expect }) => {
      const runs = await Promise.all(Array.from({ length: 2 }, () => callBeside(which)));
      for (const { error, elapsed, lag } of runs) {
        expect(error).toMatchObject({ data: { kind: "timeout" }, init: { status: 504 } });
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
        expect(elapsed - lag).toBeLessThan(TIMEOUT_MS + 1000);
      }
    },
  );
});
