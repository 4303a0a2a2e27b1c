/**
 * nginx keeps connections to the portal open between requests. If it kept
 * one longer than the portal does, it could send a request on a connection
 * the portal is closing: the request meets a reset, and nginx does not retry
 * a post, so the user gets a 502.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS } from "../../server/bounded-server.ts";

/** nginx's time units (`4s`, `500ms`, `1m`) in milliseconds. */
function milliseconds(value: string): number {
  const match = /^(\d+)(ms|s|m)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  const unit = match[2] === "ms" ? 1 : match[2] === "m" ? 60_000 : 1_000;
  return Number(match[1]) * unit;
}

describe("the proxy's kept connections to the portal", () => {
  it("are dropped by nginx before the portal drops them", async () => {
    const config = await readFile(new URL("../../deploy/nginx.conf", import.meta.url), "utf8");
    const upstream = /upstream portal \{([^}]*)\}/.exec(config)?.[1];
    expect(upstream, "deploy/nginx.conf has an upstream block for the portal").toBeDefined();
    expect(upstream).toMatch(/^\s*keepalive \d+;/m);
    // Without its own keepalive_timeout nginx keeps an idle connection 60 s.
    const timeout = /^\s*keepalive_timeout (\S+);/m.exec(upstream ?? "")?.[1] ?? "60s";
    expect(milliseconds(timeout)).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });
});
