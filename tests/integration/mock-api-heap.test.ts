/**
 * `npm run mock-api` collects its garbage in full once its data is seeded,
 * before it listens (mocks/startup-heap.ts): the seed's garbage is not left
 * for a full collection in the middle of the calls. Read from V8's own trace
 * of each collection (`--trace-gc`), where a collection the program asks for
 * is named "testing".
 */
import { afterAll, describe, expect, it } from "vitest";
import { type Child, freePort, startMockApi, stop, waitForOutput } from "./processes.ts";

let api: Child | undefined;

afterAll(async () => {
  if (api) await stop(api);
});

describe("the standalone fake backend's heap at start", () => {
  it("collects in full once before it listens, and answers", async () => {
    const port = await freePort();
    api = startMockApi(port, {}, ["--trace-gc"]);
    await waitForOutput(api, "listening on", 60_000);
    const output = api.output();
    const beforeListening = output.slice(0, output.indexOf("listening on"));
    const asked = beforeListening
      .split("\n")
      .filter((line) => /\bMark-Compact\b/.test(line) && /\btesting\b/.test(line));
    expect(asked).toHaveLength(1);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.text()).toBe("ok");
  }, 90_000);
});
