/**
 * The request handler inside the build: the fake backend in demo mode, then
 * React Router. Bundled by Vite as the server entry, so the fake backend and
 * the API client share one module graph (one database) in each process.
 */
import { createRequestHandler } from "@react-router/express";
import { createRequestListener } from "@remix-run/node-fetch-server";
import express from "express";
import { RouterContextProvider } from "react-router";
import { env } from "~/config/env.server.ts";
import { cspNonceContext } from "~/utils/csp-nonce.server.ts";
import { requestInfoContext } from "~/utils/request-context.server.ts";
import { type PageLocals, pageSecurityHeaders } from "./security-headers.ts";

export const app = express();
app.disable("x-powered-by");
// Content-Security-Policy with a nonce per response; no caching of user data.
app.use(pageSecurityHeaders({ development: !env().production }));

if (env().demoMode) {
  // The published contract, beside the fake backend that implements it.
  app.get("/api/v1/openapi.json", async (_req, res) => {
    const { default: document } = await import("../docs/openapi.json");
    res.json(document);
  });
  // `app.all` keeps the full URL (a mount path would be stripped from req.url).
  app.all(/^\/api\/v1(\/.*)?$/, async (req, res) => {
    const { handleMockApiRequest } = await import("../mocks/api.ts");
    await createRequestListener(handleMockApiRequest)(req, res);
  });
}

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { clientIp: req.ip ?? req.socket.remoteAddress ?? "" });
      context.set(cspNonceContext, (res.locals as PageLocals).cspNonce);
      return context;
    },
  }),
);
