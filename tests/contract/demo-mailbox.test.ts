import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { client, GUEST, reset, startServer, type TestServer } from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => reset());

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

  it("show an account's mail to the browser that signed in as it", async () => {
    const applicant = client(server);
    const other = client(server);
    await applicant.login(GUEST);
    // A request of another browser mails the guest (as a review would).
    await other.call("/account/captcha/email", { query: { email: GUEST, scene: "forgot" } });
    expect(await outbox(applicant)).toContain(GUEST);
  });

  it("gives a caller without a mailbox a new one in a cookie, and shows it nothing", async () => {
    const api = client(server);
    const answer = await api.raw("/demo/outbox", { headers: { "x-demo-mailbox": "" } });
    expect(answer.headers.get("set-cookie")).toMatch(/^demo_mailbox=[0-9a-f]{48}; Path=\//);
    expect((await answer.json()).data).toEqual([]);
  });
});
