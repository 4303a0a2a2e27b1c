import { describe, expect, it } from "vitest";
import { noticeListDataSchema } from "../../app/contract/index.ts";
import { ADMIN, contractBackend, GUEST, MANAGER } from "./helpers.ts";

const server = contractBackend();
const { api } = server;

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
