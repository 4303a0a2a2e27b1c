import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The production build the test run shares (scripts/test.sh); else one per port is built. */
const SHARED_BUILD = process.env.TEST_BUILD_DIR;
export const E2E_CAPTCHA_CODE = "T3ST";
/**
 * Debian's headless shell of Chromium: the same engine without the desktop
 * browser around it: the journeys take about 40 % less CPU time in it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * The portal the journeys run against: Playwright starts it, or
 * scripts/test.sh does (scripts/journeys-server.ts) as soon as the build is
 * made, so that it is up and seeded when the journeys begin.
 */
export const JOURNEYS_SERVER = {
  command: SHARED_BUILD ? "npm start" : "npm run build && npm start",
  url: `http://127.0.0.1:${PORT}/healthz`,
  timeout: 180_000,
  env: {
    PORT: String(PORT),
    // A build of its own per port, so parallel runs never overwrite each other's files.
    BUILD_DIR: SHARED_BUILD ?? `build/e2e-${PORT}`,
    HOST: "127.0.0.1",
    TEST_CAPTCHA_CODE: E2E_CAPTCHA_CODE,
    // A freshly seeded fake backend for every test (tests/e2e/fixtures.ts).
    TEST_WORLDS: "1",
    SEED_SERVICES: "8",
    SEED_PALLETS: "40",
    SEED_ORDERS: "600",
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test has a fake backend of its own (fixtures.ts), so any test may run beside any other.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "zh-CN",
    // A failed journey keeps its trace: actions with their timing and source,
    // console, network, and a screenshot of the failure. Neither the
    // screencast nor the DOM snapshot of every action is recorded: both are
    // made in every journey, failed or not, and were a sixth and a tenth of
    // the run's CPU time (docs/decisions/2026-11-26-journeys-trace-without-snapshots.md).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false, sources: true },
    screenshot: "only-on-failure",
    // The portal's service worker would start in every journey's fresh
    // context, cache the assets and take every page load and asset; only the
    // journeys about it (offline.spec.ts, the policy journey) let it run.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    ...JOURNEYS_SERVER,
    // scripts/test.sh starts the portal itself while Vitest runs
    // (scripts/journeys-server.ts) and names its port here; anywhere else
    // a portal already answering on the port is refused, not reused.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === String(PORT),
  },
});
