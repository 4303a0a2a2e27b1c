/**
 * The request handler inside the build: the fake backend in demo mode, then
 * React Router. Bundled by Vite as the server entry, so the fake backend and
 * the API client share one module graph (one database) in each process.
 *
 * A function, not an express app of its own: the server's app runs it as
 * one of its layers, so a request stays in one app (no second app's
 * settings, and express's `req`/`res` prototypes are not swapped for a
 * nested app's and back on every request;
 * docs/decisions/2026-11-27-one-express-app.md), and a router only for
 * demo mode's API and the test worlds.
 */

import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { env } from "~/config/env.server.ts";
import { setServerBuild } from "~/middleware/stale-build.server.ts";
import { readCookie } from "~/utils/cookies.ts";
import { requestInfoContext } from "~/utils/request-context.server.ts";
import { routeGroups } from "./route-groups.ts";
import { type PageLocals, pageSecurityHeaders } from "./security-headers.ts";

// Content-Security-Policy with a nonce per response (pages are kept out of
// caches by the root middleware, app/middleware/cache-control.server.ts).
const setPolicy = pageSecurityHeaders({ development: !env().production });

/**
 * Demo mode's API and the test worlds, in front of React Router: a router of
 * their own, none when the portal runs against its backend (a page then
 * goes from the policy straight to React Router, with no router between).
 */
const routes = env().testWorlds || env().demoMode ? express.Router() : undefined;

/**
 * Name the fake-backend world of a request when the portal runs with
 * TEST_WORLDS=1: the header, else the cookie (a browser sends test headers on
 * page requests but not on downloads; it always sends its cookies).
 */
export const WORLD_HEADER = "x-test-world";
export const WORLD_COOKIE = "test-world";

if (routes && env().testWorlds) {
  // Every end-to-end test sends an id of its own, so tests running side by side
  // never see each other's changes; everything the request starts, the
  // in-process fake backend included, runs in that test's world.
  routes.use(async (req, _res, next) => {
    const id = req.get(WORLD_HEADER) ?? readCookie(req.get("cookie"), WORLD_COOKIE);
    if (!id) return next();
    const { runInWorld } = await import("../mocks/worlds.ts");
    runInWorld(id.slice(0, 200), () => next());
  });
}

if (routes && env().demoMode) {
  // Answers of the API are one account's data: never stored. Set before the
  // answer's own headers, which Node lets win (writeHead merges over setHeader).
  routes.use("/api/v1", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  // The published contract, beside the fake backend that implements it.
  routes.get("/api/v1/openapi.json", async (_req, res) => {
    const { default: document } = await import("../docs/openapi.json");
    res.json(document);
  });
  // `app.all` keeps the full URL (a mount path would be stripped from req.url).
  routes.all(/^\/api\/v1(\/.*)?$/, async (req, res) => {
    // A direct caller is known by its own address (X-Forwarded-For only with
    // TRUST_PROXY, as express works it out), never by a header it made up:
    // the fake backend's limits count per address.
    req.headers["x-forwarded-for"] = req.ip ?? req.socket.remoteAddress ?? "";
    const { handleMockApiRequest } = await import("../mocks/api.ts");
    const { answerThroughFetch } = await import("../mocks/unread-body.ts");
    // Anyone on the internet: the calls only the portal and the tests make
    // are closed to it (mocks/outside.ts). The portal's own calls are
    // answered in-process and never come this way. The rest of a body left
    // unread is dropped, or it would hold up the caller's next call on the
    // same connection (mocks/unread-body.ts).
    await answerThroughFetch(req, res, (request) =>
      handleMockApiRequest(request, { outside: true }),
    );
  });
}

function getLoadContext(req: express.Request, res: express.Response) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    clientIp: req.ip ?? req.socket.remoteAddress ?? "",
    cspNonce: (res.locals as PageLocals).cspNonce,
  });
  return context;
}

// The build a browser's `.data` requests are compared with: React Router's
// version of this build, which its browser code names (a tab of an older
// release is reloaded, app/middleware/stale-build.server.ts).
setServerBuild(build.assets.version);

// React Router over the group of routes the address could reach, each
// group's handler made once (server/route-groups.ts): a build, not a
// function returning it, for which React Router would rebuild its route
// table and matcher on every request.
const groups = routeGroups(build);
const handlers = new Map<ServerBuild, express.RequestHandler>();
function reactRouter(req: express.Request, res: express.Response, next: express.NextFunction) {
  const grouped = groups.buildFor(req.path);
  let handler = handlers.get(grouped);
  if (!handler) {
    handler = createRequestHandler({ build: grouped, getLoadContext });
    handlers.set(grouped, handler);
  }
  return handler(req, res, next);
}
routes?.use(reactRouter);

/**
 * The request handler of the build, one layer of the server's app: the
 * policy, then demo mode's and the tests' routes when there are any, then
 * React Router.
 */
export function app(req: express.Request, res: express.Response, next: express.NextFunction) {
  setPolicy(req, res, (error?: unknown) => {
    if (error) next(error);
    else if (routes) routes(req, res, next);
    else reactRouter(req, res, next);
  });
}
