import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const INCLUDE = [
  "tests/unit/**/*.test.{ts,tsx}",
  "tests/contract/**/*.test.ts",
  "tests/routes/**/*.test.ts",
  "tests/integration/**/*.test.ts",
  "tests/properties/**/*.test.ts",
  "app/**/*.test.{ts,tsx}",
  "mocks/**/*.test.ts",
];
const EXCLUDE = ["tests/e2e/**", "node_modules/**"];

/**
 * What lets a unit test file leave state behind for the next file in the same
 * worker: the fake backend and its worlds, the API client and the session,
 * stubs, spies and fake timers, the environment, globals, servers, child
 * processes (started directly or through the integration tests' helper, a
 * long file that is best begun early in a worker of its own), Redis (a
 * server of the tests' own and the store's connections to it).
 */
const SHARES_STATE_BESIDES_BACKEND =
  /api\.server|session\.server|setAuditDestination|vi\.(mock|doMock|stub|spyOn|useFakeTimers)|process\.env|globalThis|node:http|child_process|integration\/processes|worker_threads|startRedis|RedisStore|ioredis/;
// The fake backend: its modules, or a world of it through the contract files' fixture.
const SHARES_STATE = new RegExp(
  `mocks\\/|contractBackend\\(|${SHARES_STATE_BESIDES_BACKEND.source}`,
);

/**
 * What tests/shared-worker-setup.ts puts back after every file of a shared
 * worker (fake timers, spies, stubbed variables and globals) or requires
 * closed (servers): a file that uses only these shares a worker, unless it
 * also imports a module while its test runs (`import(`), which could keep a
 * stub, or miss it when another file imported that module first.
 */
const PUT_BACK_AFTER_EACH_FILE = /vi\.(stub|spyOn|useFakeTimers)|node:http/g;

/** A file's text without the uses of what is put back after it, when they count for nothing. */
function withoutWhatIsPutBack(text: string): string {
  return /\bimport\(/.test(text) ? text : text.replace(PUT_BACK_AFTER_EACH_FILE, "");
}

/** The test files of `dir` named by `name` whose text `keep` accepts, as paths from the root. */
function testFilesWhere(
  dir: string,
  name: RegExp,
  keep: (text: string, path: string) => boolean,
): string[] {
  return readdirSync(dir)
    .filter((file) => name.test(file))
    .map((file) => `${dir}/${file}`)
    .filter((path) => keep(readFileSync(path, "utf8"), path));
}

/**
 * Lines of a unit file that match the patterns above and share nothing: the
 * fake backend's functions that only compute from their arguments (its
 * clock's formatting, a request's mailbox, a mail's text, the workbook
 * reader and writer, the choice of a call's handler, the seed's sizes read
 * from the environment, the language of its messages) and its rows' schemas,
 * imported by name; an import
 * of types only; a forced garbage collection; a read of the time zone; a
 * module's path named as text. Any other use of these modules, or another
 * name imported beside these, still isolates a file.
 */
const HARMLESS_IN_UNITS =
  /^import \{ (formatChinaTime as backendTime, chinaDay|mailboxOf|codeMail|readImportRows|orderEventRow, orderRow, palletRow, serviceRow|langOf) \} from "\.\.\/\.\.\/mocks\/(clock|mailbox|mail|xlsx-reader|db|i18n)\.ts";$|^import \{ seedOptionsFromEnv \} from "\.\.\/\.\.\/mocks\/seed\.ts";$|^import \{ type CellValue, NUMBER_FORMATS, xlsxStream \} from "\.\.\/\.\.\/mocks\/xlsx-writer\.ts";$|^import \{ handlers, matchCall \} from "\.\.\/\.\.\/mocks\/api\.ts";$|^import type .*$|^ +globalThis\.gc\?\.\(\);$|^ +expect\(process\.env\.TZ \?\? ""\)\.not\.toBe\("Asia\/Shanghai"\);$|^ +"app\/middleware\/session\.server\.ts",$/gm;

/**
 * Unit and property test files of pure modules (none of the above): they run
 * one after the other in shared workers, without a fresh module graph per
 * file, which spares the start of a worker and the import of the same
 * modules per file (about 0.6 s of CPU a file). A file that starts to share
 * state moves to the isolated project by itself.
 */
const PURE_UNIT = ["tests/unit", "tests/properties"].flatMap((dir) =>
  testFilesWhere(
    dir,
    /\.test\.tsx?$/,
    (text) => !SHARES_STATE.test(withoutWhatIsPutBack(text.replace(HARMLESS_IN_UNITS, ""))),
  ),
);

/**
 * Contract files whose only state is the fake backend's default world, which
 * their `contractBackend` seeds afresh before the file's first test (and, by
 * default, before each): a file that follows another in the same worker
 * starts from the seed, not from what the other left. They share workers and
 * one module graph, so the fake backend's modules are imported once per
 * worker instead of once per file. A file that seeds by itself
 * (`reseed: "never"`) or shares any other state stays isolated; see
 * docs/decisions/*contract-files-share-workers*.
 */
const CONTRACT_RESEEDED = testFilesWhere(
  "tests/contract",
  /\.test\.ts$/,
  (text) =>
    text.includes("contractBackend(") &&
    !text.includes('reseed: "never"') &&
    !SHARES_STATE_BESIDES_BACKEND.test(text),
);

/**
 * What a route file may hold of the patterns above and still share a
 * worker: an import of types only; the cookie session's storage, which
 * keeps nothing on the server but a bounded cache of verified cookies (the
 * harness imports it into every route file anyway); the API client's class
 * (to spy on its calls: spies are put back after each file, see
 * PUT_BACK_AFTER_EACH_FILE); and the audit lines sent to a sink, which each
 * such file sets for itself before its tests. Reading the audit lines, or
 * putting the destination back, still isolates a file.
 */
const HARMLESS_IN_ROUTES =
  /^import type .*$|^import \{ (sessionStorage|setAuditDestination|Api) \} from "~\/utils\/(session|audit|api)\.server\.ts";$|^setAuditDestination\(\{ write: \(\) => undefined \}\);$/gm;

/**
 * Route files whose state is the in-process fake backend's world, which they
 * seed afresh themselves (`freshBackend` or `reset`), and the portal's
 * process-wide memory, which they only add to under keys of their own
 * (random submission keys and image-code tickets, each visitor's address).
 * They share workers and one module graph like the contract files. A file
 * that exhausts the portal's limits (it names `rate-limit.server`: counters
 * no reset clears, per account as well as per address) or shares any other
 * state above stays isolated; see docs/decisions/*contract-files-share-workers*.
 */
const ROUTES_RESEEDED = testFilesWhere("tests/routes", /\.test\.ts$/, (text) => {
  const rest = withoutWhatIsPutBack(text.replace(HARMLESS_IN_ROUTES, ""));
  return !/rate-limit\.server/.test(rest) && !SHARES_STATE_BESIDES_BACKEND.test(rest);
});

/**
 * What an API client's unit file may hold besides the patterns of a route
 * file and still share a worker with them: it points the client at a
 * backend of its own through the environment (`API_BASE_URL`,
 * `API_TIMEOUT_MS`; by hand or through tests/support/stand-in-backend.ts),
 * then imports the app's modules at its top; it may read `gc`, spy on
 * `fetch`, and collect the audit lines. The app's modules read that
 * configuration when asked for it, not when imported, and
 * tests/app-worker-setup.ts has it read afresh for each file; a module
 * another file imported first is the same module. Only the cookies take
 * values when imported (the session's secrets and `Secure` flag): a file
 * that sets those (`SESSION_SECRET`, `COOKIE_SECURE`, `NODE_ENV`) stays isolated.
 */
const HARMLESS_IN_CLIENT_UNITS =
  /^(const \{[^}]*\}|\}) = await import\("~\/[\w/.-]+"\);$|^vi\.stubEnv\("API_(BASE_URL|TIMEOUT_MS)", "[^"]*"\);$|^const gc = \(globalThis as \{ gc\?: \(\) => void \}\)\.gc;$|vi\.spyOn\(globalThis, "fetch"\)|\bsetAuditDestination\(/gm;

/**
 * The API client's and the session's unit files (tests/unit/api-*, the
 * audit, sign-in and session time-out files), which the above leaves
 * sharing nothing else: they run in the workers of `routes`, whose module
 * graph holds the same server modules; see
 * docs/decisions/*client-unit-files-share-the-route-workers*.
 */
const CLIENT_UNIT = testFilesWhere("tests/unit", /\.test\.tsx?$/, (text, path) => {
  if (PURE_UNIT.includes(path)) return false;
  if (/SESSION_SECRET|COOKIE_SECURE|NODE_ENV|resetModules/.test(text)) return false;
  const rest = withoutWhatIsPutBack(
    text
      .replace(HARMLESS_IN_CLIENT_UNITS, "")
      .replace(HARMLESS_IN_ROUTES, "")
      .replace(HARMLESS_IN_UNITS, ""),
  ).replace(/api\.server|session\.server/g, "");
  return !/rate-limit\.server/.test(rest) && !SHARES_STATE.test(rest);
});

// Vitest runs without the React Router plugin: unit and contract tests import
// modules directly. End-to-end specs belong to Playwright.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    // A time zone far from China: formatting must not depend on the server's zone.
    env: { TZ: "America/Los_Angeles" },
    pool: "forks",
    // Two files at a time: Vitest's default on a 2-core machine is one (all
    // cores but one), which leaves a core idle while a file waits on its
    // portal, backend or build; see docs/decisions/*vitest-two-workers*.
    maxWorkers: 2,
    // Lets the backend-deadline test force garbage collection (global.gc).
    execArgv: ["--expose-gc"],
    testTimeout: 20_000,
    // A file's first reseed took more than the default 10 s on a busy machine.
    hookTimeout: 20_000,
    // The seed accounts' password hashes (scrypt, 0.6 s of CPU) are derived
    // once for the run and handed to every test process; see
    // docs/decisions/*seed-password-hashes-once-per-test-run*.
    globalSetup: ["tests/seed-hashes.global.ts"],
    setupFiles: ["tests/seed-hashes-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "pure",
          include: PURE_UNIT,
          isolate: false,
          setupFiles: ["tests/seed-hashes-setup.ts", "tests/shared-worker-setup.ts"],
        },
      },
      { extends: true, test: { name: "contract", include: CONTRACT_RESEEDED, isolate: false } },
      {
        extends: true,
        test: {
          name: "routes",
          include: [...ROUTES_RESEEDED, ...CLIENT_UNIT],
          isolate: false,
          setupFiles: [
            "tests/seed-hashes-setup.ts",
            "tests/shared-worker-setup.ts",
            "tests/app-worker-setup.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: INCLUDE,
          exclude: [
            ...EXCLUDE,
            ...PURE_UNIT,
            ...CONTRACT_RESEEDED,
            ...ROUTES_RESEEDED,
            ...CLIENT_UNIT,
          ],
        },
      },
    ],
  },
});
