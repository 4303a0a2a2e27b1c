/**
 * Marking notifications as read (`/notice/read`): ids that are not ids are
 * refused with the translated message and change nothing (to the backend an
 * empty list means every notification); a notification's id marks that one.
 * The button that posts it is the journey's (account-defects.spec.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import zhCommon from "~/locales/zh/common.ts";
import * as notifications from "~/routes/notifications.tsx";
import * as noticeRead from "~/routes/resources/notice-read.ts";
import { freshBackend, signedIn, type Visitor } from "./account-harness.ts";
import { payloadOf } from "./harness.ts";

beforeEach(freshBackend);

type Notices = { list: { id: string; read?: boolean }[]; unread: number };

async function notices(browser: Visitor): Promise<Notices> {
  const page = await browser.get(notifications, "/notifications", { home: true });
  expect(page.status).toBe(200);
  return page.data as Notices;
}

function markRead(browser: Visitor, fields: [string, string][]) {
  return browser.send(noticeRead.action, "/notice/read", fields);
}

describe("marking notifications as read", () => {
  it("refuses ids that are not ids with the translated message, and changes nothing", async () => {
    const admin = await signedIn("admin@demo.test");
    const before = (await notices(admin)).unread;
    expect(before).toBeGreaterThan(0);
    for (const fields of [
      [["id", ""]],
      [
        ["id", ""],
        ["returnTo", "/notifications"],
      ],
    ] as [string, string][][]) {
      const answer = await markRead(admin, fields);
      expect(answer.response.status).toBe(400);
      expect(payloadOf(answer.value)).toEqual({ message: zhCommon.wrongFormat });
    }
    expect((await notices(admin)).unread).toBe(before);
  });

  it("marks the one named and goes back to the page", async () => {
    const admin = await signedIn("admin@demo.test");
    const { unread, list } = await notices(admin);
    const id = list.find((notice) => !notice.read)?.id ?? "";
    const answer = await markRead(admin, [
      ["id", id],
      ["returnTo", "/notifications"],
    ]);
    expect(answer.response.status).toBe(302);
    expect(answer.response.headers.get("Location")).toBe("/notifications");
    expect((await notices(admin)).unread).toBe(unread - 1);
  });
});
