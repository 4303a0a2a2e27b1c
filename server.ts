/**
 * The portal's HTTP server: `npm run dev` (Vite middleware, hot reload) and
 * `npm start` (the built app). Configuration is validated before anything
 * listens; a bad value stops the process with a readable message.
 */
import { existsSync } from "node:fs";
import compression from "compression";
import express from "express";
import { describeConfigError, type Env, parseEnv } from "./app/config/env.server.ts";
import { bodyLimit } from "./server/body-limit.ts";
import { boundedServer } from "./server/bounded-server.ts";
import { drainListeners } from "./server/drain-listeners.ts";
import { baseSecurityHeaders } from "./server/security-headers.ts";

let config: Env;
try {
  config = parseEnv(process.env);
} catch (error) {
  console.error(`Invalid configuration, the portal did not start:\n${describeConfigError(error)}`);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// The order list keeps its selection in the URL (up to 500 order numbers,
// about 13 KB, sent again as the Referer of the next request): room for both.
const MAX_HEADER_BYTES = 64 * 1024;
// A request must arrive whole within REQUEST_TIMEOUT_MS (a slow body holds
// its connection no longer), and one address holds a bounded number of them.
const server = boundedServer(app, {
  requestTimeoutMs: config.requestTimeoutMs,
  maxConnectionsPerClient: config.maxConnectionsPerClient,
  maxHeaderBytes: MAX_HEADER_BYTES,
});
// Only the proxies TRUST_PROXY names (a number of hops, or their addresses):
// entries a client wrote further left in X-Forwarded-For count for nothing.
app.set("trust proxy", config.trustProxy);
// Framing, sniffing, referrer; HSTS when the cookies are Secure (served over HTTPS).
app.use(baseSecurityHeaders({ hsts: config.cookieSecure }));
// A probe's answer is a few bytes: nothing to compress, no body to bound. The
// compression middleware stores functions on every response it passes, which
// a probe every few milliseconds would keep handing to the collector's old
// generation (docs/performance.md, "The workbook download's memory, second
// round").
app.get("/healthz", (_req, res) => {
  res.json({ status: "ok", demoMode: config.demoMode });
});
// Before anything reads a body: oversize posts and forms of too many fields
// are refused (413) as soon as they are known to be.
app.use(bodyLimit());
// Level 1, as nginx compresses by default: a page of orders takes 0.35 ms
// instead of 0.86 ms at the default level 6, for 13 % more bytes (15.6 KB
// instead of 13.7 KB).
app.use(compression({ level: 1 }));
// Removing a `drain` listener reaches the gzip stream that holds it.
app.use(drainListeners());

if (config.production) {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const serverEntry = `${buildDir}/server/index.js`;
  if (!existsSync(serverEntry)) {
    console.error(
      `No production build in ${buildDir}/, the portal did not start: run \`npm run build\` first (\`npm run demo\` builds and starts).`,
    );
    process.exit(1);
  }
  app.use(
    "/assets",
    express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }),
  );
  const publicFiles = express.static(`${buildDir}/client`, { maxAge: "1h" });
  const build = (await import(`./${serverEntry}`)) as { app: express.RequestHandler };
  // Every public file has an extension and no page has one: pages skip the
  // disk lookup and go to the build's handler in the same layer.
  app.use((req, res, next) => {
    if (!/\.[^/]+$/.test(req.path)) return build.app(req, res, next);
    publicFiles(req, res, (error?: unknown) => (error ? next(error) : build.app(req, res, next)));
  });
} else {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({
    // Hot reload through the portal's own port: no second port to collide
    // with another development server on the same machine.
    server: { middlewareMode: true, hmr: { server } },
    // Where Vite keeps the dependencies it bundles for the browser
    // (node_modules/.vite unless VITE_CACHE_DIR says otherwise).
    ...(process.env.VITE_CACHE_DIR ? { cacheDir: process.env.VITE_CACHE_DIR } : {}),
  });
  app.use(viteDevServer.middlewares);
  app.use(async (req, res, next) => {
    try {
      const source = (await viteDevServer.ssrLoadModule("./server/app.ts")) as {
        app: express.RequestHandler;
      };
      source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
}

server.listen(config.port, config.host, () => {
  const mode = config.demoMode
    ? "demo mode (fake backend at /api/v1)"
    : `backend ${config.apiBaseUrl}`;
  console.info(`Portal listening on http://${config.host}:${config.port} — ${mode}`);
});

// A container stop or Ctrl-C lets the requests in flight finish (at most 10 s)
// and exits normally, so exit hooks such as --cpu-prof still run.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
