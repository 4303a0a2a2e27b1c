import { describe, expect, it, vi } from "vitest";
import { describeConfigError, env, forgetEnv, parseEnv } from "~/config/env.server.ts";

function messageOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    return describeConfigError(error);
  }
  return "";
}

describe("configuration", () => {
  it("defaults to demo mode on port 3000", () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      demoMode: true,
      port: 3000,
      host: "0.0.0.0",
      production: false,
    });
    expect(config.seed).toEqual({ services: 20, pallets: 200, orders: 5000 });
  });

  it("reads a real backend, port and host", () => {
    const config = parseEnv({
      API_BASE_URL: "https://api.example.com/api/v1/",
      PORT: "8080",
      HOST: "127.0.0.1",
      SESSION_SECRET: "a".repeat(32),
      NODE_ENV: "production",
    });
    expect(config).toMatchObject({
      demoMode: false,
      apiBaseUrl: "https://api.example.com/api/v1",
      port: 8080,
      cookieSecure: true,
    });
  });

  it("explains bad values", () => {
    expect(messageOf({ PORT: "http" })).toMatch(/^PORT: /);
    expect(messageOf({ API_BASE_URL: "ftp://x" })).toMatch(/^API_BASE_URL: /);
    expect(messageOf({ SESSION_SECRET: "short" })).toMatch(/^SESSION_SECRET: must be at least 32/);
    expect(messageOf({ SEED_ORDERS: "-5" })).toMatch(/^SEED_ORDERS: /);
  });

  it("requires a session secret for a real backend in production", () => {
    expect(messageOf({ API_BASE_URL: "https://api.example.com", NODE_ENV: "production" })).toMatch(
      /SESSION_SECRET: required/,
    );
  });

  it("allows the test captcha code only with the fake backend", () => {
    expect(parseEnv({ TEST_CAPTCHA_CODE: "T3ST" }).testCaptchaCode).toBe("T3ST");
    expect(
      messageOf({ TEST_CAPTCHA_CODE: "T3ST", API_BASE_URL: "https://api.example.com" }),
    ).toMatch(/TEST_CAPTCHA_CODE: only allowed/);
  });

  it("trusts only the proxies TRUST_PROXY names: a number of hops or addresses, never every hop", () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, loopback,::1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
      "::1",
    ]);
    expect(parseEnv({ TRUST_PROXY: "172.18.0.4,fd00::/8" }).trustProxy).toEqual([
      "172.18.0.4",
      "fd00::/8",
    ]);
    for (const every of ["true", "yes", "TRUE"]) {
      expect(messageOf({ TRUST_PROXY: every })).toMatch(
        /^TRUST_PROXY: true would believe X-Forwarded-For from anyone.*number of proxies/,
      );
    }
    for (const bad of ["11", "proxy.example.com", "10.0.0.0/33", "10.0.0.1/8/8", "1.2.3"]) {
      expect(messageOf({ TRUST_PROXY: bad }), bad).toMatch(/^TRUST_PROXY: must be false, a number/);
    }
  });

  it("reads REDIS_URL, and only a redis:// or rediss:// URL", () => {
    expect(parseEnv({}).redisUrl).toBeUndefined();
    expect(parseEnv({ REDIS_URL: "redis://redis:6379" }).redisUrl).toBe("redis://redis:6379");
    expect(parseEnv({ REDIS_URL: "rediss://user:pw@cache.example.com:6380/2" }).redisUrl).toBe(
      "rediss://user:pw@cache.example.com:6380/2",
    );
    expect(messageOf({ REDIS_URL: "http://redis:6379" })).toMatch(
      /^REDIS_URL: must be a redis:\/\//,
    );
    expect(messageOf({ REDIS_URL: "redis" })).toMatch(/^REDIS_URL: /);
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ API_BASE_URL: "", PORT: "" })).toMatchObject({ demoMode: true, port: 3000 });
  });

  it("reads the environment once, and again only after forgetEnv", () => {
    forgetEnv();
    vi.stubEnv("PORT", "4001");
    expect(env().port).toBe(4001);
    vi.stubEnv("PORT", "4002");
    expect(env().port).toBe(4001);
    forgetEnv();
    expect(env().port).toBe(4002);
    vi.unstubAllEnvs();
    forgetEnv();
  });
});
