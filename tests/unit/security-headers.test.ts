import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  type PageLocals,
  pageSecurityHeaders,
} from "../../server/security-headers.ts";

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("Content-Security-Policy", () => {
  it("allows only the portal's scripts and those with the nonce", () => {
    const policy = directives(contentSecurityPolicy("abc123"));
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'none'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("style-src")).toBe("'self'");
    for (const value of policy.values()) expect(value).not.toContain("unsafe-eval");
    expect(policy.get("script-src")).not.toContain("unsafe-inline");
  });

  it("lets Vite's hot reload work in development only", () => {
    const policy = directives(contentSecurityPolicy("n", true));
    expect(policy.get("connect-src")).toContain("ws:");
    expect(policy.get("script-src")).toBe("'self' 'nonce-n'");
  });
});

describe("header middleware", () => {
  let server: Server;
  let base: string;
  const nonces: (string | undefined)[] = [];

  beforeAll(async () => {
    const app = express();
    app.disable("x-powered-by");
    app.use(baseSecurityHeaders({ hsts: true }));
    app.use(pageSecurityHeaders({ development: false }));
    app.get("/page", (_req, res) => {
      nonces.push((res.locals as PageLocals).cspNonce);
      res.send("<p>page</p>");
    });
    app.get("/image", (_req, res) => {
      res.setHeader("Cache-Control", "private, max-age=3600");
      res.send("img");
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("gives every response a fresh nonce, named by its policy", async () => {
    const first = await fetch(`${base}/page`);
    const second = await fetch(`${base}/page`);
    expect(nonces).toHaveLength(2);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(first.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonces[0]}'`);
    expect(second.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonces[1]}'`);
  });

  it("keeps answers out of caches unless the route chose otherwise", async () => {
    expect((await fetch(`${base}/page`)).headers.get("Cache-Control")).toBe("no-store");
    expect((await fetch(`${base}/image`)).headers.get("Cache-Control")).toBe(
      "private, max-age=3600",
    );
  });

  it("sends HSTS when asked, and never X-Powered-By", async () => {
    const response = await fetch(`${base}/page`);
    expect(response.headers.get("Strict-Transport-Security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(response.headers.get("X-Powered-By")).toBeNull();
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("sends no HSTS over plain HTTP", async () => {
    const app = express();
    app.use(baseSecurityHeaders({ hsts: false }));
    app.get("/", (_req, res) => res.send("x"));
    const plain = createServer(app);
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const response = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`);
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    plain.closeAllConnections();
    await new Promise((resolve) => plain.close(resolve));
  });
});
