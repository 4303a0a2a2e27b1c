/**
 * Preload of bench/timeline.ts (`node --import`, through NODE_OPTIONS): in
 * a server it is loaded into (the portal, its backend, the floor), notes on
 * the monotonic clock every process of the machine shares when each request
 * arrives and is answered, when each backend call is made, written, and
 * answered, when React's render starts and is ready, and every collection;
 * and writes it all to TIMELINE_DIR/<role>-<pid>.jsonl on SIGUSR2. Nothing
 * of the product changes but an `x-trace` header on each backend call, by
 * which the backend's record of it is found.
 */
import dc from "node:diagnostics_channel";
import { appendFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { PerformanceObserver, performance } from "node:perf_hooks";

interface Call {
  id: string;
  path: string;
  made: number;
  written?: number;
  headers?: number;
  complete?: number;
}
export interface Traced {
  kind: "request";
  id: string;
  url: string;
  start: number;
  calls: Call[];
  connects: number;
  render?: number;
  allReady?: number;
  writeHead?: number;
  end?: number;
  finish?: number;
  idle?: number;
}
export interface Collection {
  kind: "gc";
  type: number;
  start: number;
  ms: number;
}

const script = process.argv[1] ?? "";
const role = script.endsWith("standalone.ts")
  ? "backend"
  : script.includes("floor")
    ? "floor"
    : script.endsWith("server.ts")
      ? "portal"
      : undefined;
const folder = process.env.TIMELINE_DIR;

if (role && folder) {
  const now = () => Number(process.hrtime.bigint()) / 1e6;
  const offset = now() - performance.now();
  const records: (Traced | Collection)[] = [];
  const file = `${folder}/${role}-${process.pid}.jsonl`;
  process.on("SIGUSR2", () => {
    const lines = records.splice(0).map((record) => JSON.stringify(record));
    if (lines.length > 0) appendFileSync(file, `${lines.join("\n")}\n`);
  });

  type Noted = { __traced?: Traced };
  let current: Traced | undefined;
  let count = 0;
  const loops = new WeakMap<Traced, ReturnType<typeof performance.eventLoopUtilization>>();
  dc.subscribe("http.server.request.start", (message) => {
    const { request, response } = message as {
      request: http.IncomingMessage;
      response: http.ServerResponse & Noted;
    };
    const id = request.headers["x-trace"];
    current = {
      kind: "request",
      id: typeof id === "string" ? id : `${role}:${++count}`,
      url: request.url ?? "",
      start: now(),
      calls: [],
      connects: 0,
    };
    loops.set(current, performance.eventLoopUtilization());
    response.__traced = current;
  });
  dc.subscribe("http.server.response.finish", (message) => {
    const traced = (message as { response: Noted }).response.__traced;
    if (!traced) return;
    traced.finish = now();
    traced.idle = performance.eventLoopUtilization(loops.get(traced)).idle;
    records.push(traced);
  });
  const { writeHead, end } = http.ServerResponse.prototype;
  http.ServerResponse.prototype.writeHead = function (this: Noted, ...args: unknown[]) {
    if (this.__traced && this.__traced.writeHead === undefined) this.__traced.writeHead = now();
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof writeHead;
  http.ServerResponse.prototype.end = function (this: Noted, ...args: unknown[]) {
    if (this.__traced && this.__traced.end === undefined) this.__traced.end = now();
    return (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof end;

  type UndiciRequest = { path: string; addHeader(name: string, value: string): void } & {
    __call?: Call;
  };
  let calls = 0;
  dc.subscribe("undici:request:create", (message) => {
    const { request } = message as { request: UndiciRequest };
    const call: Call = { id: `${process.pid}.${++calls}`, path: request.path, made: now() };
    request.__call = call;
    request.addHeader("x-trace", call.id);
    current?.calls.push(call);
  });
  const note = (channel: string, step: "written" | "headers" | "complete") =>
    dc.subscribe(channel, (message) => {
      const call = (message as { request: UndiciRequest }).request.__call;
      if (call) call[step] = now();
    });
  note("undici:client:sendHeaders", "written");
  note("undici:request:headers", "headers");
  note("undici:request:trailers", "complete");
  dc.subscribe("undici:client:beforeConnect", () => {
    if (current) current.connects++;
  });

  if (role !== "backend") {
    // The CommonJS module both the portal's and the floor's builds import.
    const server = createRequire(`${process.cwd()}/package.json`)("react-dom/server") as {
      renderToPipeableStream(children: unknown, options?: Record<string, unknown>): unknown;
    };
    const render = server.renderToPipeableStream;
    server.renderToPipeableStream = (children, options = {}) => {
      const traced = current;
      if (traced) traced.render = now();
      const ready = options.onAllReady as (() => void) | undefined;
      if (ready) {
        options.onAllReady = () => {
          if (traced) traced.allReady = now();
          ready();
        };
      }
      return render(children, options);
    };
  }

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind } = ((entry as { detail?: unknown }).detail ?? {}) as { kind?: number };
      records.push({
        kind: "gc",
        type: kind ?? 0,
        start: entry.startTime + offset,
        ms: entry.duration,
      });
    }
  }).observe({ entryTypes: ["gc"] });
}
