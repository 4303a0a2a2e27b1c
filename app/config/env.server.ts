/**
 * The portal's configuration, read from the environment once and validated
 * with zod. A bad value stops the server at start with a readable message.
 *
 * Node runs this file directly (server.ts): relative imports with `.ts` only.
 */
import { z } from "zod";
import { seedSizesSchema } from "./seed-sizes.ts";

const DEMO_SESSION_SECRET = "demo-only-session-secret-change-me-in-production";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

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
  TRUST_PROXY: booleanFlag.default(false),
  TEST_CAPTCHA_CODE: z
    .string()
    .regex(/^[0-9A-Za-z]{4}$/, "must be 4 letters or digits")
    .optional(),
  TEST_WORLDS: booleanFlag.default(false),
  ...seedSizesSchema.shape,
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
    trustProxy: raw.TRUST_PROXY,
    testCaptchaCode: raw.TEST_CAPTCHA_CODE,
    /** Each value of the `x-test-world` request header gets a fake backend of its own (end-to-end tests). */
    testWorlds: raw.TEST_WORLDS,
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
