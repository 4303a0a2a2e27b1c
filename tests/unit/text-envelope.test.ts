/**
 * The answer an envelope is made into for the standalone server
 * (mocks/text-envelope.ts) reads as undici's `Response` of the same status
 * and headers: its headers under any sequence of changes, in `Headers`'
 * order, by name in any case, with the same refusals.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnswerHeaders, headerLines, TextEnvelope } from "../../mocks/text-envelope.ts";

const NAMES = ["content-type", "Content-Type", "set-cookie", "Set-Cookie", "x-a", "X-B", "vary"];
const value = fc.stringMatching(/^[ \t]?[\x21-\x7e]([\x20-\x7e]{0,12}[\x21-\x7e])?[ \t]?$/);
const change = fc.tuple(
  fc.constantFrom("append", "set", "delete"),
  fc.constantFrom(...NAMES),
  value,
);

/** What every reader of the headers answers. */
function read(headers: Headers, sorted: [string, string][]) {
  return {
    sorted,
    byName: NAMES.map((name) => [headers.get(name), headers.has(name)]),
    cookies: headers.getSetCookie(),
    each: (() => {
      const seen: string[] = [];
      headers.forEach((v, k) => {
        seen.push(`${k}=${v}`);
      });
      return seen;
    })(),
  };
}

describe("an answer's headers as a list", () => {
  it("read as undici's Headers after any changes", () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 12 }), (changes) => {
        const list = new AnswerHeaders([["content-type", "application/json"]]);
        const real = new Headers({ "content-type": "application/json" });
        for (const [what, name, val] of changes) {
          if (what === "delete") {
            list.delete(name);
            real.delete(name);
          } else {
            list[what](name, val);
            real[what](name, val);
          }
        }
        expect(read(list, list.sorted())).toEqual(read(real, [...real]));
        expect([...list]).toEqual([...real]);
        expect([...list.keys()]).toEqual([...real.keys()]);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses what Headers refuses", () => {
    const list = new AnswerHeaders([]);
    for (const [name, val] of [
      ["a b", "1"],
      ["x-a", "1\r\nx-b: 2"],
      ["", "1"],
      ["x-a", "a\0b"],
    ] as const) {
      expect(() => new Headers().append(name, val)).toThrow(TypeError);
      expect(() => list.append(name, val)).toThrow(TypeError);
    }
    expect(() => list.get("a b")).toThrow(TypeError);
    expect(() => new Headers().get("a b")).toThrow(TypeError);
  });
});

describe("a text envelope", () => {
  it("reads as undici's Response of no body, the same status and headers", async () => {
    for (const status of [200, 400, 404, 500]) {
      const made = new TextEnvelope(status, [["content-type", "application/json"]]);
      made.headers.append("Set-Cookie", "demo_mailbox=abc; Path=/; HttpOnly; SameSite=Lax");
      const real = new Response(null, { status, headers: { "content-type": "application/json" } });
      real.headers.append("Set-Cookie", "demo_mailbox=abc; Path=/; HttpOnly; SameSite=Lax");
      const shape = (answer: Response) => ({
        status: answer.status,
        statusText: answer.statusText,
        ok: answer.ok,
        type: answer.type,
        url: answer.url,
        redirected: answer.redirected,
        body: answer.body,
        bodyUsed: answer.bodyUsed,
        headers: [...answer.headers],
      });
      expect(shape(made)).toEqual(shape(real));
      expect(await made.text()).toBe(await real.clone().text());
      expect((await made.arrayBuffer()).byteLength).toBe(0);
      await expect(made.json()).rejects.toThrow(SyntaxError);
      expect(shape(made.clone())).toEqual(shape(real.clone()));
      expect(made.bodyUsed).toBe(false);
    }
    expect(() => new TextEnvelope(199, [])).toThrow(RangeError);
    expect(() => new Response(null, { status: 199 })).toThrow(RangeError);
  });
});

describe("an answer's header lines for writeHead", () => {
  /** What the standalone server gave `writeHead` before: an object, a name's several values as a list. */
  function asObject(pairs: [string, string][], length: string): string[] {
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of pairs) {
      const previous = headers[key];
      if (previous === undefined) headers[key] = value;
      else headers[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    headers["content-length"] = length;
    return Object.entries(headers).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).flatMap((one) => [key, one]),
    );
  }

  it("are the lines of the same headers given as an object, for any headers in any order", () => {
    const name = fc.constantFrom("content-type", "set-cookie", "x-a", "vary", "content-length");
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 8 }), fc.nat(), (list, size) => {
        const pairs = list as [string, string][];
        expect(headerLines(pairs, String(size))).toEqual(asObject(pairs, String(size)));
        const sorted = new AnswerHeaders([...pairs]).sorted();
        expect(headerLines(sorted, String(size))).toEqual(asObject(sorted, String(size)));
      }),
      { numRuns: 500 },
    );
  });
});
