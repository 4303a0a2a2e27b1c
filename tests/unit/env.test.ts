import { describe, expect, it } from "vitest";
import { describeConfigError, parseEnv } from "~/config/env.server.ts";

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

  it("treats empty variables as unset", () => {
    expect(parseEnv({ API_BASE_URL: "", PORT: "" })).toMatchObject({ demoMode: true, port: 3000 });
  });
});
