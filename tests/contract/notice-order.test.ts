import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { noticeListDataSchema } from "../../app/contract/index.ts";
import { ADMIN, client, GUEST, MANAGER, reset, startServer, type TestServer } from "./helpers.ts";

let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer();
  api = client(server);
});
afterAll(() => server.close());
beforeEach(() => reset());

describe("notification order", () => {
  it("lists every user's notifications newest first by date", async () => {
    for (const account of [ADMIN, MANAGER, GUEST]) {
      const token = await api.login(account);
      const { list } = await api.ok(
        "/notice",
        { token, query: { pageSize: "50" } },
        noticeListDataSchema,
      );
      const times = list.map((notice) => notice.createdOn.seconds);
      expect(times.length, account).toBeGreaterThan(0);
      expect(times, account).toEqual([...times].sort((a, b) => b - a));
    }
  });
});
