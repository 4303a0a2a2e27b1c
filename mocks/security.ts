/** Password hashing (scrypt + salt), opaque tokens, and reading the client's device and IP. */
import { hash, randomBytes, randomFillSync, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(
  password: string,
  salt: Buffer = randomBytes(16),
): Promise<string> {
  const key = await derive(password, salt);
  return `scrypt$${salt.toString("hex")}$${key.toString("hex")}`;
}

const seedHashes = new Map<string, Promise<string>>();

/**
 * Hash for seed accounts: the salt comes from the seed, and the result is
 * remembered, so re-seeding in tests does not pay scrypt again. Derived on
 * the thread pool, so the accounts of a seed are hashed side by side.
 */
export function seedPasswordHash(password: string, saltHex: string): Promise<string> {
  const cacheKey = `${saltHex}:${password}`;
  let hash = seedHashes.get(cacheKey);
  if (!hash) {
    hash = derive(password, Buffer.from(saltHex, "hex")).then(
      (key) => `scrypt$${saltHex}$${key.toString("hex")}`,
    );
    hash.catch(() => seedHashes.delete(cacheKey));
    seedHashes.set(cacheKey, hash);
  }
  return hash;
}

/**
 * The seed accounts' hashes derived or taken so far, by salt and password:
 * a test run derives them once and hands them to each of its processes
 * (tests/seed-hashes-setup.ts), instead of every process deriving them again.
 */
export async function seedPasswordHashes(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    [...seedHashes].map(async ([cacheKey, hash]) => [cacheKey, await hash] as const),
  );
  return Object.fromEntries(entries);
}

/** Takes hashes `seedPasswordHashes` gave in another process of the same code. */
export function rememberSeedPasswordHashes(hashes: Record<string, string>): void {
  for (const [cacheKey, hash] of Object.entries(hashes)) {
    if (!seedHashes.has(cacheKey)) seedHashes.set(cacheKey, Promise.resolve(hash));
  }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, keyHex] = stored.split("$");
  if (scheme !== "scrypt" || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, "hex");
  const actual = await derive(password, Buffer.from(saltHex, "hex"));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** An opaque bearer token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The SHA-256 of `text` (its UTF-8), in hex. Node's one-shot `hash`: the
 * same digest as `createHash(...).update(...).digest("hex")` without a hash
 * object per call (every signed-in call checks its token by it).
 */
export function sha256(text: string): string {
  return hash("sha256", text, "hex");
}

/**
 * Random bytes for ids, drawn from the system's generator a page at a time
 * (as Node's randomUUID does): the backend makes an id for every call that
 * names no mailbox, and one call to the generator per id costs more than
 * the id. Every byte is used once.
 */
const idPool = Buffer.alloc(4096);
let idPoolUsed = idPool.length;

export function randomId(bytes = 12): string {
  if (bytes > idPool.length) return randomBytes(bytes).toString("hex");
  if (idPoolUsed + bytes > idPool.length) {
    randomFillSync(idPool);
    idPoolUsed = 0;
  }
  const id = idPool.toString("hex", idPoolUsed, idPoolUsed + bytes);
  idPoolUsed += bytes;
  return id;
}

/** A readable device from a User-Agent, e.g. "Chrome 156 / Windows". */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown";
  const ua = userAgent;
  const version = (pattern: RegExp): string => ua.match(pattern)?.[1] ?? "";
  let browser: string;
  if (/MicroMessenger\//.test(ua)) browser = `WeChat ${version(/MicroMessenger\/(\d+)/)}`;
  else if (/Edg(A|iOS)?\//.test(ua)) browser = `Edge ${version(/Edg(?:A|iOS)?\/(\d+)/)}`;
  else if (/OPR\//.test(ua)) browser = `Opera ${version(/OPR\/(\d+)/)}`;
  else if (/Firefox\//.test(ua)) browser = `Firefox ${version(/Firefox\/(\d+)/)}`;
  else if (/FxiOS\//.test(ua)) browser = `Firefox ${version(/FxiOS\/(\d+)/)}`;
  else if (/CriOS\//.test(ua)) browser = `Chrome ${version(/CriOS\/(\d+)/)}`;
  else if (/HeadlessChrome\//.test(ua))
    browser = `Headless Chrome ${version(/HeadlessChrome\/(\d+)/)}`;
  else if (/Chrom(e|ium)\//.test(ua)) browser = `Chrome ${version(/Chrom(?:e|ium)\/(\d+)/)}`;
  else if (/Version\/[\d.]+.*Safari\//.test(ua)) browser = `Safari ${version(/Version\/(\d+)/)}`;
  else if (/curl\//i.test(ua)) browser = `curl ${version(/curl\/([\d.]+)/i)}`;
  else if (/node|undici/i.test(ua)) browser = "Node.js";
  else browser = ua.split(/[\s/]/)[0] || "Unknown";

  let os = "";
  if (/Windows NT/.test(ua)) os = "Windows";
  else if (/iPhone|iPad|iPod/.test(ua)) os = "iOS";
  else if (/Mac OS X|Macintosh/.test(ua)) os = "macOS";
  else if (/Android/.test(ua)) os = "Android";
  else if (/CrOS/.test(ua)) os = "ChromeOS";
  else if (/Linux/.test(ua)) os = "Linux";
  return os ? `${browser.trim()} / ${os}` : browser.trim();
}

/** Client IP: the first X-Forwarded-For entry (the portal forwards it), else X-Real-IP. */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  if (first) return first.slice(0, 64);
  return request.headers.get("x-real-ip")?.trim().slice(0, 64) || "unknown";
}
