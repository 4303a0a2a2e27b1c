import { describe, expect, it } from "vitest";
import { noStoreMiddleware } from "../../app/middleware/cache-control.server.ts";

type Args = Parameters<typeof noStoreMiddleware>[0];
const args = {} as Args;

describe("the root middleware keeping answers out of caches", () => {
  it("marks a page, a data request or a redirect no-store", async () => {
    for (const answer of [
      new Response("<p>page</p>"),
      new Response(null, { status: 302, headers: { Location: "/" } }),
      new Response("error", { status: 500 }),
    ]) {
      const response = await noStoreMiddleware(args, async () => answer);
      expect(response?.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("keeps the caching a route chose", async () => {
    const answer = new Response("img", { headers: { "Cache-Control": "private, max-age=3600" } });
    const response = await noStoreMiddleware(args, async () => answer);
    expect(response?.headers.get("Cache-Control")).toBe("private, max-age=3600");
  });

  it("marks an answer whose headers cannot change by copying it", async () => {
    const immutable = Response.redirect("http://portal.test/", 302);
    const response = await noStoreMiddleware(args, async () => immutable);
    expect(response?.status).toBe(302);
    expect(response?.headers.get("Location")).toBe("http://portal.test/");
    expect(response?.headers.get("Cache-Control")).toBe("no-store");
  });
});
