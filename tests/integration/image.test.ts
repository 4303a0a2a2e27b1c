/**
 * The deployable image's files are enough to run it (Dockerfile, without
 * Docker). The runtime stage of the Dockerfile is read and laid out in a
 * folder of its own: its COPY lines as written, its ENV, its CMD; the
 * production dependencies installed as its `prod-deps` stage installs them
 * (from npm's cache when it has them) and the build made as its `build`
 * stage makes it. Then the image's command starts the portal in demo mode, and the
 * command compose.yaml gives the image for the fake backend starts that.
 * A module the runtime imports but the image lacks fails here, not at
 * deployment.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser, MANAGER, PASSWORD } from "./browser.ts";

/** The image code the portal of this test also accepts (TEST_CAPTCHA_CODE, demo mode only). */
const IMAGE_TEST_CODE = "T3ST";

import {
  type Child,
  freePort,
  portalBuild,
  ROOT,
  start,
  stop,
  waitForOutput,
} from "./processes.ts";

vi.setConfig({ testTimeout: 60_000 });
const run = promisify(execFile);

interface Stage {
  name: string;
  /** Instructions after FROM, continuation lines joined. */
  lines: string[];
}

function stagesOf(dockerfile: string): Stage[] {
  const joined = dockerfile.replace(/\\\n/g, " ");
  const stages: Stage[] = [];
  for (const raw of joined.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const from = line.match(/^FROM\s+\S+(?:\s+AS\s+(\S+))?/i);
    if (from) stages.push({ name: from[1] ?? "", lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

function instructions(stage: Stage, keyword: string): string[] {
  const prefix = new RegExp(`^${keyword}\\s+`, "i");
  return stage.lines.filter((line) => prefix.test(line)).map((line) => line.replace(prefix, ""));
}

/** ENV lines of the form `A=1 B=2`. */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of instructions(stage, "ENV")) {
    for (const [, name = "", value = ""] of line.matchAll(/(\w+)=("[^"]*"|\S+)/g)) {
      env[name] = value.replace(/^"|"$/g, "");
    }
  }
  return env;
}

const WORKDIR = "/app";

/**
 * The build stage's `react-router build` into `into`: a copy of the build
 * the test run shares when there is one (made by the same command), else a
 * build of its own.
 */
async function stageBuild(into: string): Promise<void> {
  const built = await portalBuild(into);
  if (built !== into) await cp(join(ROOT, built), into, { recursive: true });
}

interface LockedPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
}

/**
 * The prod-deps stage's `npm ci --omit=dev --ignore-scripts` into `into`,
 * which holds package.json and package-lock.json. npm ci lays out the
 * lockfile's tree as it stands and leaves out the packages marked `dev` (and
 * the optional ones for other systems); the project's own node_modules, made
 * by npm ci from the same lockfile, holds every one of them at the same
 * path. So they are hard-linked from there: the same files at the same
 * places (all but npm's `.bin` links, which the image's commands do not
 * use), without npm unpacking them again (about 28 s of CPU, most of this
 * file's). Where the project's node_modules lacks a package the image needs,
 * or holds another version of it, npm ci runs as the Dockerfile runs it.
 */
async function installProductionPackages(into: string): Promise<void> {
  const manifest = JSON.parse(await readFile(join(into, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const lock = JSON.parse(await readFile(join(into, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockedPackage & { dependencies?: Record<string, string> }>;
  };
  // npm ci refuses a lockfile that does not match package.json.
  expect(lock.packages[""]?.dependencies ?? {}).toEqual(manifest.dependencies ?? {});
  const installed = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== "" && !entry.dev)
    .filter(([path, entry]) => !entry.optional || existsSync(join(ROOT, path)))
    .map(([path]) => path);
  const sameVersion = async (path: string) => {
    const file = join(ROOT, path, "package.json");
    if (!existsSync(file)) return false;
    const { version } = JSON.parse(await readFile(file, "utf8")) as { version?: string };
    return version === lock.packages[path]?.version;
  };
  if (!(await Promise.all(installed.map(sameVersion))).every(Boolean)) {
    await run(
      "npm",
      ["ci", "--omit=dev", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"],
      { cwd: into },
    );
    return;
  }
  // A package inside another's folder comes with it.
  const outermost = installed.filter(
    (path) => !installed.some((other) => path.startsWith(`${other}/`)),
  );
  const copy = (how: string[]) =>
    run("cp", [...how, "--parents", ...outermost, into], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
  // Hard links need one file system; a temporary folder elsewhere gets copies
  // (into a fresh folder: a copy onto a link would write the project's file).
  await copy(["--archive", "--link"]).catch(async () => {
    await rm(join(into, "node_modules"), { recursive: true, force: true });
    await copy(["--archive"]);
  });
}

describe("the Docker image's runtime stage", () => {
  let dir: string;
  let image: string;
  let cmd: string[];
  let healthcheck: string;
  let imageEnv: Record<string, string>;
  const children: Child[] = [];

  beforeAll(async () => {
    const stages = stagesOf(await readFile(join(ROOT, "Dockerfile"), "utf8"));
    const runtime = stages.at(-1);
    if (!runtime) throw new Error("the Dockerfile has no stage");
    const stageNamed = (name: string) => stages.find((stage) => stage.name === name);
    // What this test does in place of the stages it copies from.
    expect(instructions(stageNamed("prod-deps") ?? runtime, "RUN").join(" ")).toContain(
      "npm ci --omit=dev --ignore-scripts",
    );
    expect(instructions(stageNamed("build") ?? runtime, "RUN").join(" ")).toContain(
      "react-router build",
    );

    dir = await mkdtemp(join(tmpdir(), "image-"));
    image = join(dir, "app");
    const stageRoots: Record<string, string> = {
      "prod-deps": join(dir, "prod-deps"),
      build: join(dir, "build-stage"),
    };
    const prodDeps = stageRoots["prod-deps"]!;
    await mkdir(prodDeps, { recursive: true });
    await cp(join(ROOT, "package.json"), join(prodDeps, "package.json"));
    await cp(join(ROOT, "package-lock.json"), join(prodDeps, "package-lock.json"));
    await Promise.all([
      installProductionPackages(prodDeps),
      stageBuild(join(stageRoots.build!, "build")),
    ]);

    await mkdir(image, { recursive: true });
    for (const copy of instructions(runtime, "COPY")) {
      const words = copy.split(/\s+/);
      const from = words.find((word) => word.startsWith("--from="))?.slice("--from=".length);
      const paths = words.filter((word) => !word.startsWith("--"));
      const destination = paths.pop() ?? "";
      const target = join(image, destination);
      for (const source of paths) {
        if (from && !stageRoots[from]) throw new Error(`COPY --from=${from}: unknown stage`);
        const origin = from
          ? join(stageRoots[from] ?? "", relative(WORKDIR, source))
          : join(ROOT, source);
        // `COPY a b ./dir/` puts a and b into dir; `COPY dir ./dir` copies the folder.
        const into = paths.length > 1 || destination.endsWith("/");
        const path = into ? join(target, source.split("/").at(-1) ?? "") : target;
        await mkdir(dirname(path), { recursive: true });
        // What the other stages made is here once: moved, not copied (249 MB of packages).
        if (from) await rename(origin, path);
        else await cp(origin, path, { recursive: true });
      }
    }
    cmd = JSON.parse(instructions(runtime, "CMD")[0] ?? "[]") as string[];
    healthcheck = instructions(runtime, "HEALTHCHECK")[0]?.replace(/^.*?\bCMD\s+/, "") ?? "";
    expect(healthcheck).toMatch(/^node /);
    imageEnv = envOf(runtime);
  }, 180_000);

  // Removes the image's folder, its 249 MB of packages included: longer than
  // a hook's default time on a busy machine.
  afterAll(async () => {
    await Promise.all(children.map((child) => stop(child)));
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  /** A command of the image, run as the image runs it (its folder, its ENV, Node 24). */
  function startInImage(command: string[], env: Record<string, string>): Child {
    const [program, ...args] = command;
    expect(program).toBe("node");
    const child = start(process.execPath, args, { ...imageEnv, ...env }, image);
    children.push(child);
    return child;
  }

  it("starts the portal in demo mode with its CMD; a person signs in and sees a page", async () => {
    const port = await freePort();
    // The demo files a mail to an account only for browsers that signed in as
    // it, so a first sign-in here uses the test image code (demo mode only).
    const portal = startInImage(cmd, {
      HOST: "127.0.0.1",
      PORT: String(port),
      TEST_CAPTCHA_CODE: IMAGE_TEST_CODE,
    });
    await waitForOutput(portal, "Portal listening on");
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({
      status: "ok",
      demoMode: true,
    });
    // The image's own health check, as Docker runs it (shell form, in the image's folder).
    const check = healthcheck.replace(/^node\b/, JSON.stringify(process.execPath));
    await expect(
      run("sh", ["-c", check], { cwd: image, env: { ...process.env, PORT: String(port) } }),
    ).resolves.toBeDefined();
    const browser = new Browser(base);
    await (await browser.request("/")).arrayBuffer();
    const login = await browser.request("/login", {
      form: { username: MANAGER, password: PASSWORD, code: IMAGE_TEST_CODE },
    });
    expect([302, 303], portal.output()).toContain(login.status);
    const page = await browser.request("/order");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("DD");
  });

  it("runs the fake backend on its own, as compose.yaml's mock-api does", async () => {
    const port = await freePort();
    const api = startInImage(["node", "mocks/standalone.ts"], {
      MOCK_API_HOST: "127.0.0.1",
      MOCK_API_PORT: String(port),
      MOCK_API_DATA_FILE: join(dir, "mock-api.data"),
      MOCK_API_QUIET: "1",
    });
    await waitForOutput(api, "listening on");
    expect((await fetch(`http://127.0.0.1:${port}/health`)).ok).toBe(true);
  });
});
