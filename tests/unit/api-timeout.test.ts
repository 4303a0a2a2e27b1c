/**
 * The backend deadline against a real socket: a backend on 127.0.0.1 that
 * sends headers and then stalls, one that drips its body, and one that never
 * answers. Garbage collection is forced all the while (vitest runs with
 * --expose-gc): a deadline that only a Request holds would be collected and
 * never fire.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { standInBackend } from "../support/stand-in-backend.ts";

type Mode = "stall-after-headers" | "drip" | "silent" | "ok";
let mode: Mode = "ok";
const timers = new Set<ReturnType<typeof setInterval>>();

function answer(_request: IncomingMessage, response: ServerResponse) {
  // No keep-alive: every call opens a connection of its own.
  response.shouldKeepAlive = false;
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
  }
}

const TIMEOUT_MS = 1500;
await standInBackend(answer, { timeoutMs: TIMEOUT_MS });

const { Api } = await import("~/utils/api.server.ts");
const { sessionStorage: storage } = await import("~/utils/session.server.ts");

const gc = (globalThis as { gc?: () => void }).gc;

async function newApi() {
  return new Api({
    token: "tok-1",
    locale: "zh",
    session: await storage.getSession(),
    genericMessage: "网络通信异常",
  });
}

/**
 * Runs the call while collecting garbage every 100 ms; resolves to what it
 * threw, how long it took, and how late a plain timer of the same length
 * started at the same moment fired (the machine's own lag, which is not the
 * client's fault on a busy test machine).
 */
async function callUnderGc(): Promise<{ error: unknown; elapsed: number; lag: number }> {
  const api = await newApi();
  const collector = setInterval(() => gc?.(), 100);
  const started = performance.now();
  const reference = new Promise<number>((resolve) =>
    setTimeout(() => resolve(performance.now() - started - TIMEOUT_MS), TIMEOUT_MS),
  );
  let error: unknown;
  try {
    await api.call("accountInfo");
  } catch (thrown) {
    error = thrown;
  }
  const elapsed = performance.now() - started;
  clearInterval(collector);
  return { error, elapsed, lag: Math.max(0, await reference) };
}

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  for (const timer of timers) clearInterval(timer);
  timers.clear();
});

describe("backend deadline", () => {
  it("runs with garbage collection exposed", () => {
    expect(typeof gc).toBe("function");
  });

  it("answers normally from a healthy backend", async () => {
    mode = "ok";
    const { error } = await callUnderGc();
    expect(error).toBeUndefined();
  });

  it.each(["stall-after-headers", "drip", "silent"] as const)(
    "ends a %s backend within the timeout plus a second, with the timeout page",
    async (which) => {
      mode = which;
      const runs = await Promise.all(Array.from({ length: 2 }, () => callUnderGc()));
      for (const { error, elapsed, lag } of runs) {
        expect(error).toMatchObject({ data: { kind: "timeout" }, init: { status: 504 } });
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
        expect(elapsed - lag).toBeLessThan(TIMEOUT_MS + 1000);
      }
    },
  );
});
