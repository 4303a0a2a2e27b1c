/**
 * What an abuse limit counts for a client address: one IPv4 address, or one
 * IPv6 /64 network. A single IPv6 subscriber is given a whole /64 (2^64
 * addresses, often more), so counting each IPv6 address on its own would let
 * one client open a fresh counter with every request: the limit would never
 * bite, and each made-up address would take a counter's memory. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket
 * names an IPv4 peer) is that IPv4 address. Anything else (`unknown`, a
 * malformed value) is kept as it is, bounded in length.
 *
 * Shared by the portal's limits (app/utils/rate-limit.server.ts) and the fake
 * backend's (mocks/limits.ts), so both count the same clients together.
 */
export function addressSubject(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const groups = ipv6Groups(bare);
  if (!groups) return bare.slice(0, 64);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, each without leading zeros; null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  if (!address.includes(":")) return null;
  let text = address;
  // A trailing IPv4 part (`64:ff9b::192.0.2.1`) stands for the last two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => group.replace(/^0+(?=.)/, ""));
}
