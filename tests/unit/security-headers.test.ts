import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseSecurityHeaders,
  type PageLocals,
  pageSecurityHeaders,
} from "../../server/security-headers.ts";

function directives(policy: string | null): Map<string, string> {
  return new Map(
    (policy ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

async function serve(app: express.Express): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function portal(options: { hsts: boolean; development: boolean }, nonces: unknown[] = []) {
  const app = express();
  app.disable("x-powered-by");
  app.use(baseSecurityHeaders({ hsts: options.hsts }));
  app.use(pageSecurityHeaders({ development: options.development }));
  app.get("/page", (_req, res) => {
    nonces.push((res.locals as PageLocals).cspNonce);
    res.send("<p>page</p>");
  });
  return app;
}

describe("security headers", () => {
  const nonces: unknown[] = [];
  let production: Awaited<ReturnType<typeof serve>>;
  let development: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    production = await serve(portal({ hsts: true, development: false }, nonces));
    development = await serve(portal({ hsts: false, development: true }));
  });

  afterAll(async () => {
    await production.close();
    await development.close();
  });

  it("names exactly the portal's directives, none added by the library", async () => {
    const policy = directives(
      (await fetch(`${production.base}/page`)).headers.get("Content-Security-Policy"),
    );
    expect([...policy.keys()].sort()).toEqual(
      [
        "base-uri",
        "connect-src",
        "default-src",
        "font-src",
        "form-action",
        "frame-ancestors",
        "frame-src",
        "img-src",
        "object-src",
        "script-src",
        "style-src",
        "style-src-attr",
        "worker-src",
      ].sort(),
    );
    expect(policy.get("script-src")).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'none'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("style-src")).toBe("'self'");
    expect(policy.get("connect-src")).toBe("'self'");
    for (const value of policy.values()) expect(value).not.toContain("unsafe-eval");
  });

  it("lets Vite's hot reload work in development only", async () => {
    const policy = directives(
      (await fetch(`${development.base}/page`)).headers.get("Content-Security-Policy"),
    );
    expect(policy.get("connect-src")).toContain("ws:");
    expect(policy.get("style-src")).toContain("'unsafe-inline'");
    expect(policy.get("script-src")).toMatch(/^'self' 'nonce-[^']+'$/);
  });

  it("gives every response a fresh nonce: the one the render gets is the one the policy names", async () => {
    nonces.length = 0;
    const first = await fetch(`${production.base}/page`);
    const second = await fetch(`${production.base}/page`);
    expect(nonces).toHaveLength(2);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(directives(first.headers.get("Content-Security-Policy")).get("script-src")).toBe(
      `'self' 'nonce-${nonces[0]}'`,
    );
    expect(directives(second.headers.get("Content-Security-Policy")).get("script-src")).toBe(
      `'self' 'nonce-${nonces[1]}'`,
    );
  });

  it("sends HSTS when asked, framing, sniffing and referrer always, never X-Powered-By", async () => {
    const response = await fetch(`${production.base}/page`);
    expect(response.headers.get("Strict-Transport-Security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(response.headers.get("X-Powered-By")).toBeNull();
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
  });

  it("sends no HSTS over plain HTTP", async () => {
    const response = await fetch(`${development.base}/page`);
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("writes, in one go, exactly the headers helmet writes for the same options", async () => {
    for (const hsts of [true, false]) {
      const headersOf = async (middleware: ReturnType<typeof baseSecurityHeaders>) => {
        const app = express();
        app.disable("x-powered-by");
        app.use(middleware);
        app.get("/page", (_req, res) => res.send("<p>page</p>"));
        const served = await serve(app);
        const answer = await fetch(`${served.base}/page`);
        await served.close();
        const headers = Object.fromEntries(answer.headers);
        for (const name of ["date", "etag", "content-length", "keep-alive", "connection"])
          delete headers[name];
        return headers;
      };
      const ours = await headersOf(baseSecurityHeaders({ hsts }));
      const helmets = await headersOf(
        helmet({
          contentSecurityPolicy: false,
          xFrameOptions: { action: "deny" },
          referrerPolicy: { policy: "same-origin" },
          strictTransportSecurity: hsts
            ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
            : false,
          crossOriginOpenerPolicy: { policy: "same-origin" },
          crossOriginResourcePolicy: { policy: "same-origin" },
        }) as unknown as ReturnType<typeof baseSecurityHeaders>,
      );
      expect(ours).toEqual(helmets);
      expect(ours["x-content-type-options"]).toBe("nosniff");
      expect("strict-transport-security" in ours).toBe(hsts);
    }
  });

  it("puts no policy on what only the outer server answers (static files, health check)", async () => {
    const app = express();
    app.use(baseSecurityHeaders({ hsts: false }));
    app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
    const outer = await serve(app);
    const response = await fetch(`${outer.base}/healthz`);
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await outer.close();
  });
});
