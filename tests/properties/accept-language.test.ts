/**
 * The portal (its first-visit redirect) and the fake backend (the language of
 * its messages) read the same Accept-Language header: for any header they
 * must choose the same language.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "~/utils/locale-path.ts";
import { langOf } from "../../mocks/i18n.ts";
import { runs } from "./arbitraries.ts";

/** Language ranges as clients send them, well-formed or not. */
const tag = fc.oneof(
  fc.constantFrom("zh", "en", "zh-CN", "zh_CN", "en-US", "en_US", "EN-gb", "Zh-Hant-TW", "*"),
  fc.constantFrom("fr", "de-DE", "ja", "zhx", "eng", "en-", "-en", "", " en "),
  fc.stringMatching(/^[A-Za-z_-]{0,12}$/),
);
const quality = fc.oneof(
  fc.constant(""),
  fc.constantFrom(";q=0", ";q=1", ";q=0.5", ";q=0.500", ";q=1.000", ";Q=0.8", "; q=0.3", ";q=1.5"),
  fc.constantFrom(";q=", ";q=abc", ";q=0.5x", ";q=-1", ";q=.5", ";q=0.1234", ";q=NaN", ";level=1"),
  fc.double({ min: 0, max: 1.2, noNaN: true }).map((q) => `;q=${q}`),
  fc.stringMatching(/^;[ a-zA-Z0-9=.]{0,10}$/),
);
/** Whatever the printable ASCII of a header may hold. */
const anything = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const header = fc.oneof(
  fc
    .array(
      fc.tuple(tag, quality).map(([t, q]) => `${t}${q}`),
      { maxLength: 6 },
    )
    .map((parts) => parts.join(",")),
  fc
    .array(
      fc.tuple(tag, quality).map(([t, q]) => `${t}${q}`),
      { maxLength: 6 },
    )
    .map((parts) => parts.join(" , ")),
  anything,
);

describe("Accept-Language", () => {
  it("the portal and the fake backend choose the same language for any header", () => {
    fc.assert(
      fc.property(header, (value) => {
        const request = new Request("http://portal.test/", {
          headers: { "Accept-Language": value },
        });
        const sent = request.headers.get("Accept-Language");
        expect(langOf(request)).toBe(localeFromAcceptLanguage(sent));
      }),
      runs(2000),
    );
  });
});
