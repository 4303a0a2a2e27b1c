/**
 * What an abuse limit counts: an IPv4 address, or an IPv6 /64 network,
 * whichever way the address is written.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressSubject } from "~/utils/address-subject.ts";
import { runs } from "../properties/arbitraries.ts";

const group = fc.integer({ min: 0, max: 0xffff });
const groups = (n: number) => fc.array(group, { minLength: n, maxLength: n });

/** Eight groups written in full, with leading zeros. */
const full = (values: number[]) => values.map((v) => v.toString(16).padStart(4, "0")).join(":");
/** The same address as RFC 5952 writes it: no leading zeros, the longest run of zeros as `::`. */
function compressed(values: number[]): string {
  let best = { at: -1, length: 0 };
  for (let at = 0; at < 8; ) {
    let length = 0;
    while (at + length < 8 && values[at + length] === 0) length += 1;
    if (length > best.length) best = { at, length };
    at += length || 1;
  }
  const hex = values.map((v) => v.toString(16));
  if (best.length < 2) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.length).join(":")}`;
}

describe("addressSubject", () => {
  it("keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as it", () => {
    expect(addressSubject("203.0.113.7")).toBe("203.0.113.7");
    expect(addressSubject("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressSubject("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64", () => {
    expect(addressSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressSubject("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
    expect(addressSubject("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressSubject("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("gives every address of one /64 the same subject, however it is written", () => {
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (network, a, b) => {
        const one = [...network, ...a];
        const other = [...network, ...b];
        const subject = addressSubject(full(one));
        expect(addressSubject(compressed(one))).toBe(subject);
        expect(addressSubject(compressed(other))).toBe(subject);
        expect(addressSubject(full(other).toUpperCase())).toBe(subject);
      }),
      runs(100),
    );
  });

  it("tells different /64 networks apart", () => {
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (a, b, host) => {
        fc.pre(a.join() !== b.join());
        expect(addressSubject(compressed([...a, ...host]))).not.toBe(
          addressSubject(compressed([...b, ...host])),
        );
      }),
      runs(100),
    );
  });

  it("keeps anything that is not an address as it is, at most 64 characters", () => {
    expect(addressSubject("unknown")).toBe("unknown");
    expect(addressSubject("1:2:3")).toBe("1:2:3");
    expect(addressSubject("1::2::3")).toBe("1::2::3");
    expect(addressSubject("x".repeat(200))).toHaveLength(64);
  });
});
