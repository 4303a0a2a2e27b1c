/**
 * `npm start` refuses to start, with one readable line and exit code 1,
 * when there is nothing it could serve: no production build, or a
 * configuration that does not hold.
 */
import { describe, expect, it } from "vitest";
import { freePort, start } from "./processes.ts";

async function startProduction(env: Record<string, string>) {
  const child = start(process.execPath, ["server.ts"], {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    ...env,
  });
  return { code: await child.exited, output: child.output() };
}

describe("npm start", () => {
  it("without a build says to build first", async () => {
    const { code, output } = await startProduction({ BUILD_DIR: "build/never-built" });
    expect(code).toBe(1);
    expect(output).toContain("No production build in build/never-built/");
    expect(output).toContain("npm run build");
    expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|\n\s+at /);
  });

  it("with an invalid configuration names the setting", async () => {
    const { code, output } = await startProduction({ PORT: "not-a-port" });
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration, the portal did not start");
    expect(output).toContain("PORT");
  });
});
