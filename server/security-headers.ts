/**
 * Security headers of every answer, through helmet. The outer server sets the
 * ones that hold for everything (framing, sniffing, referrer, HSTS); the
 * request handler of the build adds, per response, the Content-Security-Policy
 * with a fresh nonce that React Router puts on every script it renders.
 * Keeping pages out of caches is React Router's part
 * (app/middleware/cache-control.server.ts), the demo API's is server/app.ts's.
 *
 * Node runs this file directly (server.ts): relative imports with `.ts` only.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { pooledRandomBytes } from "../app/utils/random-bytes.server.ts";

type Next = (error?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** One year, the HSTS preload minimum. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

export interface PageLocals {
  cspNonce?: string;
}

type WithLocals = ServerResponse & { locals?: PageLocals };

/** A fresh nonce for one response: 128 random bits, base64. */
function newNonce(): string {
  return pooledRandomBytes(16).toString("base64");
}

/**
 * The policy of the portal's pages. Scripts: only the portal's own files and
 * inline scripts carrying this response's nonce (no 'unsafe-inline').
 * Styles: the portal's stylesheets; `style` attributes are allowed (React
 * renders a few, e.g. a CSS variable of the recovery page), style elements
 * are not. Development adds what Vite's hot reload needs. helmet's defaults
 * are off: every directive is named here, none comes from a library upgrade.
 */
function directives(development: boolean) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      (_req: IncomingMessage, res: ServerResponse) =>
        `'nonce-${(res as WithLocals).locals?.cspNonce}'`,
    ],
    styleSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    workerSrc: ["'self'", "blob:"],
    frameSrc: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Headers of every answer of the server, static files and health check
 * included. helmet decides them (its choices per header, and any it adds or
 * drops in a release); none depends on the request, so helmet writes them
 * once, here, and every answer gets that list in one loop instead of a
 * chain of a dozen middlewares.
 */
export function baseSecurityHeaders(options: { hsts: boolean }): Middleware {
  const written = recorded(helmetFor(options));
  return function setBaseHeaders(_req, res, next) {
    for (const [name, value] of written.set) res.setHeader(name, value);
    for (const name of written.removed) res.removeHeader(name);
    next();
  };
}

/** What a middleware that looks at no request writes on an answer. */
function recorded(middleware: Middleware): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const answer = {
    setHeader(name: string, value: string) {
      removed.delete(name.toLowerCase());
      set.set(name, value);
    },
    removeHeader(name: string) {
      for (const key of set.keys()) if (key.toLowerCase() === name.toLowerCase()) set.delete(key);
      removed.add(name.toLowerCase());
    },
  };
  let passed = false;
  middleware({} as IncomingMessage, answer as unknown as ServerResponse, () => {
    passed = true;
  });
  if (!passed) throw new Error("the security headers' middleware did not pass the request on");
  return { set: [...set], removed: [...removed] };
}

function helmetFor(options: { hsts: boolean }): Middleware {
  return helmet({
    // The policy needs the nonce of a rendered page: pageSecurityHeaders.
    contentSecurityPolicy: false,
    // A back office is never framed by another site, never sniffed, and keeps
    // its URLs (queries name orders and consignees) to itself.
    xFrameOptions: { action: "deny" },
    xContentTypeOptions: true,
    referrerPolicy: { policy: "same-origin" },
    // Only when cookies are Secure: the portal is then served over HTTPS.
    strictTransportSecurity: options.hsts
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false }
      : false,
    // The portal loads nothing from other origins and is opened by no other
    // site's window: helmet's isolation headers cost it nothing.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
}

/**
 * The Content-Security-Policy of what the request handler answers (pages,
 * `.data` requests, resource routes, the demo API), with a nonce of this
 * response kept in `res.locals.cspNonce` for the render.
 */
export function pageSecurityHeaders(options: { development: boolean }): Middleware {
  const policy = policyFor(options.development);
  return function setPolicy(_req, res: WithLocals, next) {
    const cspNonce = newNonce();
    if (res.locals) res.locals.cspNonce = cspNonce;
    else res.locals = { cspNonce };
    res.setHeader("Content-Security-Policy", policy(cspNonce));
    next();
  };
}

/**
 * helmet writes the policy once, with a marker where the nonce goes; each
 * answer only puts its nonce in (the rest of the policy never changes, and
 * writing it from the directives on every answer cost a page about 1 % of
 * its CPU).
 */
function policyFor(development: boolean): (nonce: string) => string {
  const marker = "N0NCE-MARKER";
  let written = "";
  const answer = {
    locals: { cspNonce: marker },
    setHeader(_name: string, value: string) {
      written = value;
    },
  };
  helmet.contentSecurityPolicy({ useDefaults: false, directives: directives(development) })(
    {} as IncomingMessage,
    answer as unknown as ServerResponse,
    () => {},
  );
  // Split where the nonce goes, however many directives carry it.
  const parts = written.split(marker);
  if (parts.length < 2) throw new Error("the policy has no place for the nonce");
  return (nonce) => parts.join(nonce);
}
