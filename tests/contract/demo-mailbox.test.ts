import { describe, expect, it } from "vitest";
import { mockClock } from "../../mocks/api.ts";
import { MAX_MAILBOXES_PER_ACCOUNT } from "../../mocks/mailbox.ts";
import { ADMIN, client, contractBackend, MANAGER } from "./helpers.ts";

const server = contractBackend();

const outbox = async (api: ReturnType<typeof client>, headers: Record<string, string> = {}) =>
  ((await api.call("/demo/outbox", { headers })).data as { to: string }[]).map((mail) => mail.to);

describe("demo mailboxes", () => {
  it("show a browser only the mails its own requests caused", async () => {
    const mine = client(server);
    const theirs = client(server);
    await mine.call("/account/captcha/email", { query: { email: "mine@example.com" } });
    await theirs.call("/account/captcha/email", { query: { email: "theirs@example.com" } });
    expect(await outbox(mine)).toEqual(["mine@example.com"]);
    expect(await outbox(theirs)).toEqual(["theirs@example.com"]);
    // Asking for another's address shows nothing of theirs.
    const answer = await mine.call("/demo/outbox", { query: { to: "theirs@example.com" } });
    expect(answer.data).toEqual([]);
  });

  it("show an account's mail to the browser that signed in as it, not to the one that caused it", async () => {
    const applicant = client(server);
    const admin = client(server);
    await applicant.login("hangzhou.trade@demo.test");
    // The platform starts the review and approves: the result is mailed to the applicant.
    const token = await admin.login(ADMIN);
    const review = (body: object) =>
      admin.call("/cba/cba-company/review", { method: "PUT", token, body });
    const queue = await admin.call<{ list: { id: string; username: string }[] }>(
      "/cba/cba-company/review",
      { token },
    );
    const id = queue.data.list.find((row) => row.username === "hangzhou.trade@demo.test")?.id;
    expect((await review({ id })).code).toBe(200);
    expect((await review({ id, approved: true })).code).toBe(200);
    expect(await outbox(applicant)).toEqual(["hangzhou.trade@demo.test"]);
    expect(await outbox(admin)).toEqual([]);
  });

  it("file a reset code only in the mailboxes that registered or signed in as the account", async () => {
    const owner = client(server);
    const stranger = client(server);
    const email = await owner.registerAccount("owner@example.com");
    // The stranger asks for a reset code of an account it does not hold...
    const sent = await stranger.call("/account/captcha/email", {
      query: { email, scene: "forgot" },
    });
    expect(sent.code).toBe(200);
    // ...and never reads it; the browser that registered the account does.
    expect(await outbox(stranger)).toEqual([]);
    expect(await owner.lastMail(email)).toMatchObject({
      text: expect.stringContaining("重置密码"),
    });
    // A browser that signs in as the account reads its later mail too.
    const laptop = client(server);
    await laptop.login(email);
    mockClock.advance(61_000);
    await stranger.call("/account/captcha/email", { query: { email, scene: "forgot" } });
    expect(await outbox(laptop)).toEqual([email]);
    expect(await outbox(stranger)).toEqual([]);
  });

  it("file a sub-account's invitation only in the mailbox of the browser that created it", async () => {
    const creator = client(server);
    const otherManager = client(server);
    await otherManager.login(MANAGER);
    const token = await creator.login(MANAGER);
    const created = await creator.call("/account/sub-account", {
      method: "POST",
      token,
      body: { email: "picker@example.com", role: "GUEST" },
    });
    expect(created.code).toBe(200);
    expect(await outbox(creator)).toEqual(["picker@example.com"]);
    expect(await outbox(otherManager)).toEqual([]);
  });

  it("remember at most the newest 50 mailboxes of an account", async () => {
    const first = client(server);
    const email = await first.registerAccount("busy@example.com");
    for (let index = 0; index < MAX_MAILBOXES_PER_ACCOUNT; index += 1) {
      await client(server).login(email);
    }
    const last = client(server);
    await last.login(email);
    await first.call("/account/captcha/email", { query: { email, scene: "forgot" } });
    expect(await outbox(last)).toEqual([email]);
    // The registering browser was the oldest: it keeps its registration code, not the reset code.
    const kept = (await first.call<{ text: string }[]>("/demo/outbox")).data;
    expect(kept.map((mail) => mail.text)).toEqual([expect.stringContaining("激活账号")]);
  }, 60_000); // Fifty sign-ins, each checking a scrypt hash.

  it("gives a caller without a mailbox a new one in a cookie, and shows it nothing", async () => {
    const api = client(server);
    const answer = await api.raw("/demo/outbox", { headers: { "x-demo-mailbox": "" } });
    expect(answer.headers.get("set-cookie")).toMatch(/^demo_mailbox=[0-9a-f]{48}; Path=\//);
    expect((await answer.json()).data).toEqual([]);
  });
});
