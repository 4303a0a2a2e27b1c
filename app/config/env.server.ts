/**
 * The portal's configuration, read from the environment once and validated
 * with zod. A bad value stops the server at start with a readable message.
 *
 * Node runs this file directly (server.ts): relative imports with `.ts` only.
 */
import { isIP } from "node:net";
import { z } from "zod";
import { requestBoundsSchema } from "./request-bounds.ts";
import { seedSizesSchema } from "./seed-sizes.ts";

const DEMO_SESSION_SECRET = "demo-only-session-secret-change-me-in-production";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** The names express's `trust proxy` takes for whole address ranges. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_PROXY_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies the portal believes about the client's address: none, the
 * nearest `n` hops, or the listed addresses and subnets (express's
 * `trust proxy`). `true` (every hop) is refused: any client could then name
 * the address it likes in `X-Forwarded-For` and dodge every limit.
 */
const trustProxySchema = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "no" || text === "0") return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return hops;
  } else if (text !== "true" && text !== "yes") {
    const entries = text.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
  }
  ctx.addIssue({
    code: "custom",
    message:
      text === "true" || text === "yes"
        ? "true would believe X-Forwarded-For from anyone, so any client could forge its address: give the number of proxies in front of the portal (1 behind one nginx) or their addresses (e.g. 10.0.0.0/8, loopback)"
        : `must be false, a number of proxies in front of the portal (1 to ${MAX_PROXY_HOPS}), or their addresses and subnets, comma-separated (e.g. 10.0.0.0/8, loopback)`,
  });
  return z.NEVER;
});

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  API_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: "must be an http(s) URL such as https://api.example.com/api/v1",
    })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SESSION_SECRET: z
    .string()
    .min(32, "must be at least 32 characters; several secrets may be given, comma-separated")
    .optional(),
  COOKIE_SECURE: booleanFlag.optional(),
  TRUST_PROXY: trustProxySchema.default(false),
  REDIS_URL: z
    .url({
      protocol: /^rediss?$/,
      error: "must be a redis:// or rediss:// URL such as redis://redis:6379",
    })
    .optional(),
  TEST_CAPTCHA_CODE: z
    .string()
    .regex(/^[0-9A-Za-z]{4}$/, "must be 4 letters or digits")
    .optional(),
  TEST_WORLDS: booleanFlag.default(false),
  ...seedSizesSchema.shape,
  ...requestBoundsSchema.shape,
});

export type Env = ReturnType<typeof parseEnv>;

export function parseEnv(source: Record<string, string | undefined>) {
  // Empty variables count as unset, as a shell user expects from `FOO= npm start`.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const raw = rawEnvSchema.parse(cleaned);
  const demoMode = raw.API_BASE_URL === undefined;
  const production = raw.NODE_ENV === "production";

  if (!demoMode && raw.TEST_CAPTCHA_CODE) {
    throw new ConfigError(
      "TEST_CAPTCHA_CODE: only allowed with the fake backend (unset API_BASE_URL to run the demo).",
    );
  }
  if (!demoMode && raw.TEST_WORLDS) {
    throw new ConfigError(
      "TEST_WORLDS: only allowed with the fake backend (unset API_BASE_URL to run the demo).",
    );
  }
  if (!demoMode && production && !raw.SESSION_SECRET) {
    throw new ConfigError(
      "SESSION_SECRET: required in production when API_BASE_URL points at a real backend.",
    );
  }

  return {
    nodeEnv: raw.NODE_ENV,
    production,
    port: raw.PORT,
    host: raw.HOST,
    demoMode,
    /** Base URL of the backend API; in demo mode the fake backend answers in-process. */
    apiBaseUrl: raw.API_BASE_URL ?? "http://demo.invalid/api/v1",
    apiTimeoutMs: raw.API_TIMEOUT_MS,
    sessionSecrets: (raw.SESSION_SECRET ?? DEMO_SESSION_SECRET).split(",").map((s) => s.trim()),
    cookieSecure: raw.COOKIE_SECURE ?? (production && !demoMode),
    /** Express's `trust proxy`: false, a number of hops, or addresses and subnets. */
    trustProxy: raw.TRUST_PROXY,
    /** Where replicas share abuse counters and one-time keys; unset, each process keeps its own in memory. */
    redisUrl: raw.REDIS_URL,
    testCaptchaCode: raw.TEST_CAPTCHA_CODE,
    /** Each value of the `x-test-world` request header gets a fake backend of its own (end-to-end tests). */
    testWorlds: raw.TEST_WORLDS,
    /** The time a client has to send a whole request (headers and body). */
    requestTimeoutMs: raw.REQUEST_TIMEOUT_MS,
    /** Connections one client address may hold; 0 (no limit) behind a trusted proxy, which limits them. */
    maxConnectionsPerClient: raw.TRUST_PROXY === false ? raw.MAX_CONNECTIONS_PER_CLIENT : 0,
    seed: { services: raw.SEED_SERVICES, pallets: raw.SEED_PALLETS, orders: raw.SEED_ORDERS },
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Turns a zod or config error into lines a person can act on. */
export function describeConfigError(error: unknown): string {
  if (error instanceof z.ZodError) {
    return error.issues
      .map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`)
      .join("\n");
  }
  return error instanceof Error ? error.message : String(error);
}

let cached: Env | undefined;

/** The validated configuration of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Reads the environment again at the next `env()`. The server never calls
 * it; a test process that runs several files one after the other does,
 * between files that set the environment differently (tests/app-worker-setup.ts).
 */
export function forgetEnv(): void {
  cached = undefined;
}
