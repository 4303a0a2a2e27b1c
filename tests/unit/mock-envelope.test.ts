/**
 * The envelopes keep their JSON text for a server that writes it as it is
 * (mocks/standalone.ts), which has them made without a body, a new mailbox's cookie reaches every kind of answer,
 * and ids drawn from the pooled random page stay distinct.
 */
import { describe, expect, it } from "vitest";
import { DEMO_MAILBOX_COOKIE } from "../../app/contract/demo.ts";
import { withMailbox } from "../../mocks/mailbox.ts";
import {
  DataText,
  envelope,
  envelopeBytes,
  envelopeOfDataText,
  envelopeText,
  isUnreadEnvelope,
  makeEnvelopesAsText,
} from "../../mocks/route.ts";
import { randomId } from "../../mocks/security.ts";

const data = { rows: [{ id: "DD1", name: '箱 "A"', at: null }], total: 1 };

/** An envelope made as the standalone server makes them (`makeEnvelopesAsText`), the switch put back after. */
function madeAsText(make: () => Response): Response {
  makeEnvelopesAsText();
  try {
    return make();
  } finally {
    makeEnvelopesAsText(false);
  }
}

describe("envelopes", () => {
  it("answer what Response.json answers, and keep that text until the body is read", async () => {
    const made = envelope(0, data, "ok", 200);
    const plain = Response.json({ code: 0, data, msg: "ok" }, { status: 200 });
    expect(made.status).toBe(plain.status);
    expect([...made.headers]).toEqual([...plain.headers]);
    const text = envelopeText(made);
    expect(text).toBe(JSON.stringify({ code: 0, data, msg: "ok" }));
    expect(await made.text()).toBe(await plain.text());
    expect(envelopeText(made)).toBeUndefined();
    expect(envelopeText(plain)).toBeUndefined();
  });
});

describe("envelopes of a server that writes their text itself", () => {
  it("are made without a body, with the same status, headers and text", async () => {
    const plain = Response.json({ code: 40004, data, msg: "not found" }, { status: 404 });
    const made = madeAsText(() => envelope(40004, data, "not found", 404));
    expect(made.body).toBeNull();
    expect(made.status).toBe(plain.status);
    expect([...made.headers]).toEqual([...plain.headers]);
    expect(envelopeText(made)).toBe(await plain.text());
    // With a new mailbox's cookie added, the text is still there.
    const withCookie = await withMailbox(
      new Request("http://127.0.0.1/api/v1/notice"),
      async () => made,
    );
    expect(withCookie.headers.get("set-cookie")).toMatch(new RegExp(`^${DEMO_MAILBOX_COOKIE}=`));
    expect(envelopeText(withCookie)).toBe(JSON.stringify({ code: 40004, data, msg: "not found" }));
    // Every other envelope has its body again.
    expect(await envelope(0, data, "ok").text()).toBe(JSON.stringify({ code: 0, data, msg: "ok" }));
  });
});

describe("envelopes of data given as text", () => {
  const text = JSON.stringify(data);
  // The text's UTF-8 in pieces, cut inside the rows as a list joined from kept rows would be.
  const pieces = [
    Buffer.from(text.slice(0, 9)),
    Buffer.from(text.slice(9, 20)),
    Buffer.from(text.slice(20)),
  ];

  it("answer what envelope() answers for the data", async () => {
    const made = envelopeOfDataText(200, text, "成功", pieces);
    expect(envelopeText(made)).toBe(JSON.stringify({ code: 200, data, msg: "成功" }));
    expect(await made.text()).toBe(await envelope(200, data, "成功").text());
    // Read as a Fetch answer (demo mode, the tests), no bytes are kept.
    expect(envelopeBytes(made)).toBeUndefined();
  });

  it("keep the envelope's bytes for a server that writes them, through a new mailbox's cookie", async () => {
    const made = madeAsText(() => envelopeOfDataText(200, text, "成功", pieces));
    const expected = Buffer.from(JSON.stringify({ code: 200, data, msg: "成功" }));
    expect(envelopeBytes(made)?.equals(expected)).toBe(true);
    const withCookie = await withMailbox(
      new Request("http://127.0.0.1/api/v1/cba/order"),
      async () => made,
    );
    expect(envelopeBytes(withCookie)?.equals(expected)).toBe(true);
  });

  it("given as what makes the text, make it only when it is read, once, for a server that writes the bytes", async () => {
    let made = 0;
    const maker = () => {
      made += 1;
      return text;
    };
    const kept = madeAsText(() => envelopeOfDataText(200, maker, "成功", pieces));
    const expected = JSON.stringify({ code: 200, data, msg: "成功" });
    expect(envelopeBytes(kept)?.equals(Buffer.from(expected))).toBe(true);
    expect(isUnreadEnvelope(kept)).toBe(true);
    expect(made).toBe(0);
    expect(envelopeText(kept)).toBe(expected);
    expect(envelopeText(kept)).toBe(expected);
    expect(made).toBe(1);
    // Read as a Fetch answer (no bytes kept), the text is the body at once.
    const read = envelopeOfDataText(200, maker, "成功", pieces);
    expect(made).toBe(2);
    expect(await read.text()).toBe(expected);
    expect(isUnreadEnvelope(read)).toBe(false);
  });

  it("given as what makes the text, keep it for a handler's DataText and read it once", () => {
    let made = 0;
    const given = new DataText(
      () => {
        made += 1;
        return text;
      },
      () => data,
      pieces,
    );
    expect(made).toBe(0);
    expect(given.text).toBe(text);
    expect(given.text).toBe(text);
    expect(made).toBe(1);
    expect(given.textOrMaker()).toBe(text);
  });
});

describe("a new mailbox's cookie", () => {
  const request = () => new Request("http://127.0.0.1/api/v1/notice");

  it("is added to an envelope, which keeps its text", async () => {
    const answer = envelope(0, data, "ok");
    const response = await withMailbox(request(), async () => answer);
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${DEMO_MAILBOX_COOKIE}=\\w+;`));
    expect(envelopeText(response)).toBe(JSON.stringify({ code: 0, data, msg: "ok" }));
  });

  it("is added to a copy of an answer whose headers are fixed, with its body", async () => {
    const fixed = Response.redirect("http://127.0.0.1/elsewhere", 302);
    const response = await withMailbox(request(), async () => fixed);
    expect(response).not.toBe(fixed);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://127.0.0.1/elsewhere");
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${DEMO_MAILBOX_COOKIE}=`));
  });

  it("is not set for a request that names its mailbox", async () => {
    const named = new Request("http://127.0.0.1/api/v1/notice", {
      headers: { cookie: `${DEMO_MAILBOX_COOKIE}=${"a".repeat(32)}` },
    });
    const response = await withMailbox(named, async () => envelope(0, null, "ok"));
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

describe("random ids", () => {
  it("have the asked length in hex and do not repeat across pages of the pool", () => {
    const ids = Array.from({ length: 600 }, (_, index) => randomId(index % 2 ? 24 : 6));
    for (const [index, id] of ids.entries()) {
      expect(id).toMatch(index % 2 ? /^[0-9a-f]{48}$/ : /^[0-9a-f]{12}$/);
    }
    const long = ids.filter((_, index) => index % 2);
    expect(new Set(long).size).toBe(long.length);
    expect(randomId(5000)).toMatch(/^[0-9a-f]{10000}$/);
  });
});
