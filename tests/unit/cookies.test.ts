/**
 * One reading of a Cookie header for the portal, its server and the fake
 * backend: the first cookie of a name counts, a quoted value loses its
 * quotes, a percent-encoded one is decoded, and a broken encoding is kept
 * as sent instead of failing the request.
 */
import { describe, expect, it } from "vitest";
import { readCookie } from "~/utils/cookies.ts";
import { chosenColumns } from "~/utils/table-columns.ts";
import { mailboxOf } from "../../mocks/mailbox.ts";

const MAILBOX = "a1b2c3d4e5f6g7h8i9j0";

function withCookie(cookie: string): Request {
  return new Request("http://portal.test/", { headers: { Cookie: cookie } });
}

describe("readCookie", () => {
  it("reads a cookie among others, blanks around names and values ignored", () => {
    expect(readCookie("a=1; lang=en ;b=2", "lang")).toBe("en");
    expect(readCookie("a=1;  lang = en", "lang")).toBe("en");
    expect(readCookie("a=1", "lang")).toBeUndefined();
    expect(readCookie(null, "lang")).toBeUndefined();
    expect(readCookie("lang", "lang")).toBeUndefined();
  });

  it("reads only a pair's name: the name inside another's name or value, empty pairs, a last pair", () => {
    expect(readCookie("xlang=1; a=lang; lang_x=2", "lang")).toBeUndefined();
    expect(readCookie("a=lang=en; lang=zh", "lang")).toBe("zh");
    expect(readCookie(";; ;lang=en;", "lang")).toBe("en");
    expect(readCookie("a=1;lang=", "lang")).toBe("");
    expect(readCookie("lang;lang=en", "lang")).toBe("en");
    expect(readCookie("a=1; b=2", "")).toBeUndefined();
    expect(readCookie("=x; lang=en", "")).toBe("x");
  });

  it("reads past pairs without `=`, however many, before, between and after the named one", () => {
    expect(readCookie("lang;lang;a=1; lang;lang=en; lang", "lang")).toBe("en");
    expect(readCookie("a=1;lang;lang", "lang")).toBeUndefined();
    expect(readCookie("lang;lang", "lang")).toBeUndefined();
    const pairs = "lang;".repeat(3_000);
    expect(readCookie(`${pairs}lang=zh`, "lang")).toBe("zh");
    expect(readCookie(`${pairs}x=1;${pairs}lang=en;${pairs}`, "lang")).toBe("en");
    expect(readCookie(pairs, "lang")).toBeUndefined();
  });

  it("takes the first of duplicate names (the browser sends the most specific first)", () => {
    expect(readCookie("lang=en; lang=zh", "lang")).toBe("en");
  });

  it("never takes a cookie whose name only ends or starts like the one asked for", () => {
    expect(readCookie("xlang=en; langx=en", "lang")).toBeUndefined();
  });

  it("removes the quotes of a quoted value", () => {
    expect(readCookie('lang="en"', "lang")).toBe("en");
    expect(readCookie('lang=""', "lang")).toBe("");
    expect(readCookie('lang="', "lang")).toBe('"');
  });

  it("decodes a percent-encoded value, and keeps a broken encoding as sent", () => {
    expect(readCookie("t=orders%3Aa%2Cb%7Cpallets%3A", "t")).toBe("orders:a,b|pallets:");
    expect(readCookie("t=%E0%A4%A", "t")).toBe("%E0%A4%A");
    expect(readCookie("t=a=b=c", "t")).toBe("a=b=c");
  });
});

describe("every reader of cookies reads them the same way", () => {
  it("the fake backend's mailbox: quoted, duplicate and broken values", () => {
    expect(mailboxOf(withCookie(`demo_mailbox="${MAILBOX}"`))).toEqual({
      id: MAILBOX,
      fresh: false,
    });
    expect(mailboxOf(withCookie(`demo_mailbox=${MAILBOX}; demo_mailbox=other`)).id).toBe(MAILBOX);
    expect(mailboxOf(withCookie("demo_mailbox=%E0%A4%A")).fresh).toBe(true);
  });

  it("the table columns: a quoted value", () => {
    expect(chosenColumns(withCookie('table_columns="orders:a,b"'), "orders")).toEqual(["a", "b"]);
    expect(chosenColumns(withCookie("x=1"), "orders")).toBeNull();
  });
});
