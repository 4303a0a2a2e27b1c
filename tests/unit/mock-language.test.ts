/**
 * The fake backend reads a call's language (`langOf`, mocks/i18n.ts) as the
 * portal's own parser reads its Accept-Language, the same text read once or
 * again.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "../../app/utils/locale-path.ts";
import { langOf } from "../../mocks/i18n.ts";

function call(acceptLanguage?: string): Request {
  return new Request("http://127.0.0.1/api/v1/account/account-info", {
    headers: acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage },
  });
}

const range = fc.constantFrom("zh", "zh-CN", "en", "en-US", "en_GB", "fr", "*", "ZH-tw", "");
const weight = fc.constantFrom(
  "",
  ";q=0",
  ";q=0.5",
  ";q=1",
  ";q=0.8",
  ";q=2",
  ";Q=0.9",
  ";q=0.1234",
);
const header = fc
  .array(fc.tuple(range, weight), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([name, q]) => `${name}${q}`).join(", "));

describe("a call's language", () => {
  it("is the portal's reading of its Accept-Language, read once or again", () => {
    expect(langOf(call())).toBe(localeFromAcceptLanguage(null));
    fc.assert(
      fc.property(fc.array(header, { minLength: 1, maxLength: 100 }), (texts) => {
        for (const text of [...texts, ...texts]) {
          expect(langOf(call(text)), text).toBe(localeFromAcceptLanguage(text));
        }
      }),
      { numRuns: 20 },
    );
  });
});
