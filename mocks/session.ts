/**
 * Tokens and devices. Each login creates a device row holding the SHA-256 of
 * an opaque random token. A token works while its device is online and
 * neither idle nor past its lifetime (the portal's session lifetimes: a token
 * taken out of a session ends with it); an offline device tells why: single
 * login elsewhere (20003), forced offline, password change or disabled
 * account (20004), logout (20002).
 */
import { SESSION_IDLE_MS, SESSION_MAX_MS } from "../app/config/session-lifetime.ts";
import { ApiCode } from "../app/contract/envelope.ts";
import { nowSeconds } from "./clock.ts";
import { type Db, type DeviceRow, db, nextSeq, type OfflineReason, type UserRow } from "./db.ts";
import { ApiError } from "./errors.ts";
import { clientIp, describeDevice, newToken, randomId, sha256 } from "./security.ts";
import { currentWorld } from "./worlds.ts";

/** A token ends this long after its login, like the portal's session... */
export const TOKEN_TTL_SECONDS = SESSION_MAX_MS / 1000;
/** ...and after this long without a call. */
export const TOKEN_IDLE_SECONDS = SESSION_IDLE_MS / 1000;

/**
 * When each device's token was last used (seconds), per world. Kept beside
 * the table, not in the row: a call only reads, and rewriting a row on every
 * call would cost a collection scan. A device not found here (a backend
 * restarted from its data file) counts as seen now; its lifetime still ends it.
 */
const lastSeenByDb = new WeakMap<Db, Map<string, number>>();

function lastSeen(): Map<string, number> {
  const key = currentWorld().db;
  let map = lastSeenByDb.get(key);
  if (!map) {
    map = new Map();
    lastSeenByDb.set(key, map);
  }
  return map;
}

/** Whether a device's token works at `now`: online, within its lifetime, not idle. */
export function tokenAlive(device: DeviceRow, now: number): boolean {
  if (device.status !== "online" || device.expiresOn <= now) return false;
  const seen = lastSeen().get(device.deviceNo);
  return seen === undefined || now - seen < TOKEN_IDLE_SECONDS;
}

/** Forgets the last use of every token (tests reseed between cases). */
export function clearLastSeen(): void {
  lastSeen().clear();
}

export function authenticate(request: Request): { user: UserRow; device: DeviceRow } {
  const header = request.headers.get("authorization");
  if (!header || header.trim() === "") throw new ApiError(ApiCode.noToken, "noToken");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match?.[1]) throw new ApiError(ApiCode.tokenInvalid, "tokenInvalid");
  const token = match[1];
  const known = verifiedHashes.get(token);
  const tokenHash = known ?? sha256(token);
  const deviceNo = db.deviceNoByToken.get(tokenHash);
  const device = deviceNo ? db.devices.get(deviceNo) : undefined;
  const now = nowSeconds();
  const user = device && db.users.get(device.userId);
  const refusal = refusalOf(device, user, now);
  if (refusal || !device || !user) {
    // A token is kept only while its calls pass.
    if (known !== undefined) verifiedHashes.delete(token);
    throw refusal ?? new ApiError(ApiCode.tokenInvalid, "tokenInvalid");
  }
  lastSeen().set(device.deviceNo, now);
  if (known === undefined) keepVerifiedHash(token, tokenHash);
  return { user, device };
}

/** Why a token's call is refused, given its device and the device's user (none: it passes). */
function refusalOf(
  device: DeviceRow | undefined,
  user: UserRow | undefined,
  now: number,
): ApiError | undefined {
  if (!device) return new ApiError(ApiCode.tokenInvalid, "tokenInvalid");
  if (device.status === "Offline") {
    if (device.offlineReason === "single")
      return new ApiError(ApiCode.loggedInElsewhere, "loggedInElsewhere");
    if (device.offlineReason === "logout")
      return new ApiError(ApiCode.tokenInvalid, "tokenInvalid");
    // The signed-out device is told why.
    if (device.offlineReason === "password")
      return new ApiError(ApiCode.forcedOffline, "passwordChangedOffline");
    if (device.offlineReason === "disabled")
      return new ApiError(ApiCode.forcedOffline, "accountDisabled");
    if (device.offlineReason === "deleted")
      return new ApiError(ApiCode.forcedOffline, "accountDeleted");
    return new ApiError(ApiCode.forcedOffline, "forcedOffline");
  }
  if (!tokenAlive(device, now)) return new ApiError(ApiCode.tokenInvalid, "tokenInvalid");
  if (!user) return new ApiError(ApiCode.tokenInvalid, "tokenInvalid");
  if (!user.enabled) return new ApiError(ApiCode.forcedOffline, "accountDisabled");
  return undefined;
}

/**
 * The SHA-256 of the tokens that last passed `authenticate`, by token: the
 * portal sends the same token with every call of a session (two a page),
 * and the digest was the largest piece of a call's token check. The hash is
 * a function of the token alone, so a kept one is the one `sha256` would
 * make; the device, its status, its lifetime, its idle time and its user are
 * still read on every call. Held in this process's memory only (never in
 * the data file, where only the hashes are), at most `KEPT_TOKENS` tokens
 * (a full set starts again), and a token is dropped as soon as a call
 * carrying it is refused (logged out, taken offline, expired, its account
 * disabled). docs/decisions/2026-11-27-fake-backend-verified-token-hashes.md.
 */
const verifiedHashes = new Map<string, string>();
export const KEPT_TOKENS = 1024;

function keepVerifiedHash(token: string, tokenHash: string): void {
  if (verifiedHashes.size >= KEPT_TOKENS) verifiedHashes.clear();
  verifiedHashes.set(token, tokenHash);
}

/** How many tokens' hashes are kept (tests). */
export function keptTokenCount(): number {
  return verifiedHashes.size;
}

/** Forgets the kept hashes (tests reseed between cases). */
export function clearVerifiedHashes(): void {
  verifiedHashes.clear();
}

/** Creates the device row of a login and answers its token. */
export async function startSession(user: UserRow, request: Request): Promise<string> {
  const token = newToken();
  const now = nowSeconds();
  if (user.isSingleLogin) await takeOffline(user.id, "single");
  const device = await db.devices.insert({
    deviceNo: `${now.toString(36)}${randomId(6)}`,
    userId: user.id,
    tokenHash: sha256(token),
    device: describeDevice(request.headers.get("user-agent")),
    ip: clientIp(request),
    createdOn: now,
    expiresOn: now + TOKEN_TTL_SECONDS,
    status: "online",
    offlineReason: null,
    seq: nextSeq(),
  });
  db.deviceNoByToken.set(device.tokenHash, device.deviceNo);
  lastSeen().set(device.deviceNo, now);
  await db.users.update(user.id, (draft) => {
    draft.lastLoginOn = now;
    draft.failedLogins = 0;
    draft.lockedUntil = null;
  });
  return token;
}

/** Sets a user's online devices offline, except `keep`. */
export async function takeOffline(
  userId: string,
  reason: OfflineReason,
  keep?: string,
): Promise<number> {
  const keys: string[] = [];
  for (const device of db.devices.values()) {
    if (device.userId === userId && device.status === "online" && device.deviceNo !== keep) {
      keys.push(device.deviceNo);
    }
  }
  await db.devices.updateMany(keys, (draft) => {
    draft.status = "Offline";
    draft.offlineReason = reason;
  });
  return keys.length;
}

export async function endDevice(deviceNo: string, reason: OfflineReason): Promise<void> {
  await db.devices.update(deviceNo, (draft) => {
    draft.status = "Offline";
    draft.offlineReason = reason;
  });
}
