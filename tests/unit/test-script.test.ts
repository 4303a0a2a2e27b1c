/**
 * The suite's own orchestration (scripts/test.sh and the journeys' portal it
 * starts, scripts/journeys-server.ts): what it decides must not depend on a
 * race, and the portal it starts must be its own.
 */
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "test-script-"));
  dirs.push(dir);
  return dir;
}

function run(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 15_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** scripts/test.sh's `ensure_browser`, run by itself as the script runs it (errexit, pipefail). */
async function ensureBrowser(fontList: string) {
  const script = readFileSync("scripts/test.sh", "utf8");
  const fn = /^ensure_browser\(\) \{\n[\s\S]*?\n\}\n/m.exec(script)?.[0];
  expect(fn, "ensure_browser in scripts/test.sh").toBeDefined();
  const bin = tempDir();
  const installs = join(bin, "installs");
  const stub = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  stub("fc-list", fontList);
  stub("chromium-headless-shell", "exit 0");
  stub("apt-get", `echo "$*" >> "${installs}"`);
  stub("sudo", '"$@"');
  const result = await run("bash", ["-c", `set -euo pipefail\n${fn}\nensure_browser`], {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
  });
  return { ...result, installs: existsSync(installs) ? readFileSync(installs, "utf8") : "" };
}

describe("scripts/test.sh", () => {
  it("finds the CJK fonts however fc-list writes its list, and installs nothing then", async () => {
    // The match first, the rest of the list a moment later: a `grep -q` in a
    // pipe has ended by then, and the late write meets a closed pipe.
    const result = await ensureBrowser(
      [
        'echo "/usr/share/fonts/NotoSansCJK-Regular.ttc: Noto Sans CJK SC:style=Regular"',
        "sleep 0.5",
        'for i in $(seq 2000); do echo "/usr/share/fonts/font-$i.ttf: Font $i:style=Regular"; done',
      ].join("\n"),
    );
    expect(result.stdout).not.toContain("Installing");
    expect(result.installs).toBe("");
    expect(result.code).toBe(0);
  });

  it("installs the CJK fonts when fc-list lists none", async () => {
    const result = await ensureBrowser(
      'echo "/usr/share/fonts/dejavu.ttf: DejaVu Sans:style=Book"',
    );
    expect(result.stdout).toContain("Installing fonts-noto-cjk");
    expect(result.installs).toContain("install -y -qq fonts-noto-cjk");
  });
});

describe("the journeys' portal started before the journeys", () => {
  it("refuses a port that already answers, instead of handing the journeys another portal", async () => {
    const other = createServer((_request, response) => response.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const ready = join(tempDir(), "ready");
      const result = await run(process.execPath, ["scripts/journeys-server.ts", ready], {
        ...process.env,
        E2E_PORT: String(port),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("already answers");
      expect(existsSync(ready)).toBe(false);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
