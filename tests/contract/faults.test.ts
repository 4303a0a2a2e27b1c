/**
 * Failures arranged by an end-to-end test (`PUT /demo/fault`): only in a test
 * world, only there, and only for the path named.
 */
import { describe, expect, it } from "vitest";
import { handleMockApiRequest } from "../../mocks/api.ts";
import { runInWorld } from "../../mocks/worlds.ts";

const BASE = "http://backend.test/api/v1";

async function call(method: string, path: string, body?: unknown) {
  const response = await handleMockApiRequest(
    new Request(`${BASE}${path}`, {
      method,
      headers: { "content-type": "application/json", "accept-language": "en" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return (await response.json()) as { code: number; data: unknown; msg: string };
}

const FAULT = { method: "GET", path: "/cba/brand", code: 500 };

describe("arranged failures", () => {
  it("are refused outside a test world", async () => {
    const answer = await call("PUT", "/demo/fault", FAULT);
    expect(answer.code).toBe(40004);
    expect(answer.msg).toContain("end-to-end test");
    expect((await call("GET", "/cba/brand")).code).not.toBe(500);
  });

  it("make the named call of that world fail until code 200 ends them", async () => {
    const world = `faults-${Date.now()}`;
    await runInWorld(world, async () => {
      expect((await call("PUT", "/demo/fault", FAULT)).code).toBe(200);
      const failed = await call("GET", "/cba/brand");
      expect(failed).toMatchObject({ code: 500, msg: "Sorry, the server has an error" });
      // Another path, another method: untouched.
      expect((await call("GET", "/cba/category")).code).not.toBe(500);
      expect((await call("POST", "/cba/brand")).code).not.toBe(500);
    });
    // Another world never sees it.
    await runInWorld(`${world}-other`, async () => {
      expect((await call("GET", "/cba/brand")).code).not.toBe(500);
    });
    await runInWorld(world, async () => {
      expect((await call("GET", "/cba/brand")).code).toBe(500);
      await call("PUT", "/demo/fault", { ...FAULT, code: 200 });
      expect((await call("GET", "/cba/brand")).code).not.toBe(500);
    });
  });
});
