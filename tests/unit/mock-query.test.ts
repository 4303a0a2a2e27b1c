/**
 * The fake backend's parsed queries (mocks/route.ts `parsedQuery`): kept by
 * the query's text per schema and frozen, so a handler can neither change
 * what the next call with the same query gets nor see another query's
 * value; a failure is not kept and speaks each call's language.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../../mocks/errors.ts";
import { KEPT_QUERIES, parsedQuery } from "../../mocks/route.ts";

const schema = z.object({
  current: z.coerce.number().int().min(1),
  pageSize: z.coerce.number().int().min(1).max(100),
  status: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
});
const url = (query: string) => new URL(`http://127.0.0.1/api/v1/cba/order${query}`);

describe("a list's parsed query", () => {
  it("is the same frozen value for the same text, and its own for another", () => {
    const first = parsedQuery(schema, url("?current=1&pageSize=10&status=1&status=2"), "zh");
    expect(first).toEqual({ current: 1, pageSize: 10, status: ["1", "2"] });
    expect(parsedQuery(schema, url("?current=1&pageSize=10&status=1&status=2"), "en")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.status)).toBe(true);
    expect(() => {
      (first as { current: number }).current = 2;
    }).toThrow(TypeError);
    expect(() => first.status?.push("3")).toThrow(TypeError);
    expect(parsedQuery(schema, url("?current=2&pageSize=10"), "zh")).toEqual({
      current: 2,
      pageSize: 10,
    });
    // Empty values are dropped, as before.
    expect(parsedQuery(schema, url("?current=1&pageSize=10&status="), "zh")).toEqual({
      current: 1,
      pageSize: 10,
    });
  });

  it("fails every time for a bad query, in the call's language", () => {
    const bad = url("?current=0&pageSize=10");
    const failure = (lang: "zh" | "en") => {
      try {
        parsedQuery(schema, bad, lang);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const zh = failure("zh");
    const en = failure("en");
    expect(zh).toBeInstanceOf(ApiError);
    expect(en).toBeInstanceOf(ApiError);
    expect((zh as ApiError).params).not.toEqual((en as ApiError).params);
    expect(failure("zh")).toBeInstanceOf(ApiError);
  });

  it("keeps at most a bounded number of texts a schema", () => {
    const first = parsedQuery(schema, url("?current=1&pageSize=1"), "zh");
    for (let index = 0; index <= KEPT_QUERIES; index += 1) {
      parsedQuery(schema, url(`?current=${index + 2}&pageSize=1`), "zh");
    }
    const again = parsedQuery(schema, url("?current=1&pageSize=1"), "zh");
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
