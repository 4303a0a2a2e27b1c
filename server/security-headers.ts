/**
 * Security headers of every answer. The outer server sets the ones that hold
 * for everything (framing, sniffing, referrer, HSTS); the request handler of
 * the build adds, per response, the Content-Security-Policy with a fresh
 * nonce that React Router puts on every script it renders, and keeps pages,
 * data requests and downloads out of every cache.
 *
 * Node runs this file directly (server.ts): relative imports with `.ts` only.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

type Next = (error?: unknown) => void;

/** One year, the HSTS preload minimum. */
const HSTS = "max-age=31536000; includeSubDomains";

/** A fresh nonce for one response: 128 random bits, base64. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy of the portal's pages. Scripts: only the portal's own files and
 * inline scripts carrying this response's nonce (no 'unsafe-inline').
 * Styles: the portal's stylesheets; `style` attributes are allowed (React
 * renders a few, e.g. a CSS variable of the recovery page), style elements
 * are not. Development adds what Vite's hot reload needs.
 */
export function contentSecurityPolicy(nonce: string, development = false): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Headers of every answer of the server, static files and health check included. */
export function baseSecurityHeaders(options: { hsts: boolean }) {
  return function setBaseHeaders(_req: IncomingMessage, res: ServerResponse, next: Next): void {
    // A back office is never framed by another site, never sniffed, and keeps
    // its URLs (queries name orders and consignees) to itself.
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    // Only when cookies are Secure: the portal is then served over HTTPS.
    if (options.hsts) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}

export interface PageLocals {
  cspNonce?: string;
}

/**
 * Headers of what the request handler answers (pages, `.data` requests,
 * resource routes, the demo API): the policy with this response's nonce
 * (kept in `res.locals.cspNonce` for the render), and `Cache-Control:
 * no-store` unless the route chose its own caching.
 */
export function pageSecurityHeaders(options: { development: boolean }) {
  return function setPageHeaders(
    _req: IncomingMessage,
    res: ServerResponse & { locals?: PageLocals },
    next: Next,
  ): void {
    const nonce = newNonce();
    res.locals = { ...res.locals, cspNonce: nonce };
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options.development));
    const writeHead = res.writeHead;
    res.writeHead = function writeHeadNoStore(this: ServerResponse, ...args: unknown[]) {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
