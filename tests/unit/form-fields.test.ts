/**
 * The streaming field counters: what a form parser would call fields and
 * names, counted chunk by chunk, however the body is cut into chunks.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldCounter } from "../../server/form-fields.ts";
import { runs } from "../properties/arbitraries.ts";

const LIMITS = { fields: 6, repeats: 3, nameLength: 12 };

/** What the counter refuses `body` for (false: nothing), fed in chunks cut at `cuts`. */
function passes(contentType: string, body: string, cuts: number[] = []): string | false {
  const counter = fieldCounter(contentType, LIMITS);
  if (!counter) throw new Error("no counter");
  const bytes = Buffer.from(body);
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  let passed: string | false = false;
  for (const point of [...points, bytes.length]) {
    passed = passed || (counter.write(bytes.subarray(start, point)) ?? false);
    start = point;
  }
  return passed;
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data; boundary=----b0und4ry";

function multipart(names: string[]): string {
  return `${names
    .map(
      (name, index) =>
        `------b0und4ry\r\nContent-Disposition: form-data; name="${name}"${index % 2 ? '; filename="a.png"\r\nContent-Type: image/png' : ""}\r\n\r\nvalue ${index}\r\n--b0und4ry-ish\r\n`,
    )
    .join("")}------b0und4ry--\r\nepilogue`;
}

describe("form field counters", () => {
  it("count only forms", () => {
    expect(fieldCounter("application/json", LIMITS)).toBeUndefined();
    expect(fieldCounter("multipart/form-data", LIMITS)).toBeUndefined();
    expect(fieldCounter(undefined, LIMITS)).toBeUndefined();
    expect(fieldCounter('multipart/form-data; boundary="x y"', LIMITS)).toBeDefined();
  });

  it("let forms within the limits through", () => {
    expect(passes(URLENCODED, "a=1&b=2&a=3&c&&d=&a=4")).toBe(false);
    expect(passes(URLENCODED, "a=1&b=2&c=3&d=4&e=5&f=6")).toBe(false);
    expect(passes(MULTIPART, multipart(["a", "b", "a", "c", "a", "d"]))).toBe(false);
  });

  it("refuse too many fields and too many repeats of one name", () => {
    expect(passes(URLENCODED, "a=1&b=2&c=3&d=4&e=5&f=6&g=7")).toBe("tooManyFields");
    expect(passes(URLENCODED, "a=1&a=2&a=3&a=4")).toBe("tooManyFields");
    expect(passes(MULTIPART, multipart(["a", "b", "c", "d", "e", "f", "g"]))).toBe("tooManyFields");
    expect(passes(MULTIPART, multipart(["x", "x", "x", "x"]))).toBe("tooManyFields");
  });

  it("refuse names no form has: longer than any (a deep path is a long name), or a list index past the fields", () => {
    expect(passes(URLENCODED, "orderNoList1=1")).toBe(false);
    expect(passes(URLENCODED, "a.a.a.a.a.a.a=1")).toBe("badName");
    expect(passes(URLENCODED, `${"k".repeat(5_000)}=1`, [7, 3_000])).toBe("badName");
    expect(passes(MULTIPART, multipart(["a[0][0][0][0]"]))).toBe("badName");
    expect(passes(URLENCODED, "a[5]=1&b[0]=2")).toBe(false);
    expect(passes(URLENCODED, "a[6]=1")).toBe("badName");
    expect(passes(URLENCODED, "u[999999999]=1")).toBe("badName");
    expect(passes(URLENCODED, "u%5B99%5D=1")).toBe("badName");
    const headers = `--x\r\nContent-Disposition: form-data; name="a"\r\nX-Padding: ${"p".repeat(20_000)}`;
    expect(passes("multipart/form-data; boundary=x", headers)).toBe("badName");
  });

  it("take a name as the parser decodes it", () => {
    expect(passes(URLENCODED, "a=1&%61=2&a=3&%61=4")).toBe("tooManyFields");
    expect(passes(URLENCODED, "a+b=1&a%20b=2&a b=3&a+b=4")).toBe("tooManyFields");
    expect(passes(URLENCODED, "%E4%B8%AD=1&中=2&%e4%b8%ad=3&中=4")).toBe("tooManyFields");
  });

  it("give the same answer however the body is cut into chunks", () => {
    const name = fc.constantFrom("a", "b", "orderNoList", "%61", "a+b", "中", "");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.string({ maxLength: 6 })), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (fields, cuts) => {
          const urlencoded = fields
            .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
            .join("&");
          expect(passes(URLENCODED, urlencoded, cuts)).toBe(passes(URLENCODED, urlencoded));
          const body = multipart(fields.map(([key]) => key));
          expect(passes(MULTIPART, body, cuts)).toBe(passes(MULTIPART, body));
        },
      ),
      // A new seed each run, printed on failure (FC_SEED replays it).
      runs(300),
    );
  });

  it("read a body of 50,000 repeats of one name only up to the limit", () => {
    const counter = fieldCounter(URLENCODED, { fields: 2_500, repeats: 2_000, nameLength: 256 });
    const body = Buffer.from(Array.from({ length: 50_000 }, (_, i) => `a=${i}`).join("&"));
    expect(counter?.write(body)).toBe("tooManyFields");
  });
});
