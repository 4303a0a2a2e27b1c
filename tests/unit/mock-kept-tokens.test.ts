/**
 * The fake backend keeps the SHA-256 of the tokens that passed its check
 * (mocks/session.ts), by token, so a session's calls do not digest the same
 * token again: a kept hash answers exactly as the digest would, a token
 * whose call is refused is dropped at once, and the set is bounded.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ApiCode } from "../../app/contract/envelope.ts";
import { mockClock, resetMockDb } from "../../mocks/api.ts";
import { db } from "../../mocks/db.ts";
import { ApiError } from "../../mocks/errors.ts";
import {
  authenticate,
  endDevice,
  KEPT_TOKENS,
  keptTokenCount,
  startSession,
  TOKEN_IDLE_SECONDS,
  takeOffline,
} from "../../mocks/session.ts";

const call = (token: string) =>
  new Request("http://127.0.0.1/api/v1/account/account-info", {
    headers: { authorization: `Bearer ${token}` },
  });

function refusal(token: string): number | undefined {
  try {
    authenticate(call(token));
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

function admin() {
  const id = db.userIdByName.get("admin@demo.test");
  const user = id ? db.users.get(id) : undefined;
  if (!user) throw new Error("no admin in the seed");
  return user;
}

beforeEach(async () => {
  mockClock.reset();
  await resetMockDb({ services: 1, pallets: 2, orders: 10 });
});

describe("the tokens' kept hashes", () => {
  it("answer as the digest does, call after call, and are dropped when a call is refused", async () => {
    const token = await startSession(admin(), call(""));
    expect(keptTokenCount()).toBe(0);
    const { device } = authenticate(call(token));
    expect(keptTokenCount()).toBe(1);
    expect(authenticate(call(token)).device.deviceNo).toBe(device.deviceNo);
    expect(keptTokenCount()).toBe(1);
    // Signed out: the kept hash does not let the token through, and is dropped.
    await endDevice(device.deviceNo, "logout");
    expect(refusal(token)).toBe(ApiCode.tokenInvalid);
    expect(keptTokenCount()).toBe(0);
    expect(refusal(token)).toBe(ApiCode.tokenInvalid);
    // A forged token is never kept.
    expect(refusal("forged")).toBe(ApiCode.tokenInvalid);
    expect(keptTokenCount()).toBe(0);
  });

  it("let nothing through that the token's device, lifetime or account refuses", async () => {
    const user = admin();
    const offline = await startSession(user, call(""));
    const idle = await startSession(user, call(""));
    const disabled = await startSession(user, call(""));
    for (const token of [offline, idle, disabled]) authenticate(call(token));
    expect(keptTokenCount()).toBe(3);

    await takeOffline(user.id, "forced", authenticate(call(idle)).device.deviceNo);
    expect(refusal(offline)).toBe(ApiCode.forcedOffline);
    expect(keptTokenCount()).toBe(2);

    mockClock.advance((TOKEN_IDLE_SECONDS + 1) * 1000);
    expect(refusal(idle)).toBe(ApiCode.tokenInvalid);
    expect(keptTokenCount()).toBe(1);

    mockClock.reset();
    await db.users.update(user.id, (draft) => {
      draft.enabled = false;
    });
    expect(refusal(disabled)).toBe(ApiCode.forcedOffline);
    expect(keptTokenCount()).toBe(0);
  });

  it("are at most KEPT_TOKENS", async () => {
    const user = admin();
    const tokens: string[] = [];
    for (let index = 0; index <= KEPT_TOKENS; index += 1)
      tokens.push(await startSession(user, call("")));
    for (const token of tokens) {
      authenticate(call(token));
      expect(keptTokenCount()).toBeLessThanOrEqual(KEPT_TOKENS);
    }
    // Each still passes, kept or digested again.
    for (const token of tokens) expect(refusal(token)).toBeUndefined();
  });
});
