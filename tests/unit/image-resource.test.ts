/**
 * The licence and identity images the portal passes on: never kept by the
 * browser, so the next user of a shared computer cannot open them from its
 * cache after sign-out.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/resources/image.ts";
import type { Api } from "~/utils/api.server.ts";
import { apiContext } from "~/utils/request-context.server.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function signedInContext() {
  const context = new RouterContextProvider();
  const api = {
    hasToken: true,
    download: async () => new Response(PNG, { headers: { "Content-Type": "image/png" } }),
  };
  context.set(apiContext, api as unknown as Api);
  return context;
}

describe("licence and identity images", () => {
  it("are sent with Cache-Control: no-store", async () => {
    const url = new URL("http://127.0.0.1/image?id=licence-1");
    const response = await loader({
      url,
      context: signedInContext(),
      request: new Request(url),
      params: {},
    } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toBe("image/png");
  });
});
