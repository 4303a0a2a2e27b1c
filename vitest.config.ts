import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin: unit and contract tests import
// modules directly. End-to-end specs belong to Playwright.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "tests/unit/**/*.test.{ts,tsx}",
      "tests/contract/**/*.test.ts",
      "tests/routes/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/properties/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "mocks/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    // A time zone far from China: formatting must not depend on the server's zone.
    env: { TZ: "America/Los_Angeles" },
    pool: "forks",
    // Lets the backend-deadline test force garbage collection (global.gc).
    execArgv: ["--expose-gc"],
    testTimeout: 20_000,
  },
});
