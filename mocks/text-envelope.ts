/**
 * The answer an envelope is made into for a server that writes envelopes'
 * text itself (mocks/standalone.ts, `makeEnvelopesAsText` in
 * mocks/route.ts): a `Response` by its public shape, with no body, its
 * status, and headers kept as a list of names and values.
 *
 * undici's `Response` converts its status and headers through WebIDL,
 * makes a `Headers` of its own and its internal state for every answer;
 * such an answer is then only read for its status, given a mailbox's cookie
 * (mocks/mailbox.ts) and written (its headers in `Headers`' order: names
 * sorted, each cookie on its own). Here the headers are a list, kept in
 * `Headers`' rules (names in lower case, values trimmed and checked, a
 * name's values joined by ", " when read); the body's readers and `clone()`
 * are undici's `Response`'s, made of the same status and headers when
 * asked for. See docs/decisions/2026-11-27-fake-backend-request-by-its-shape.md.
 *
 * Node runs this file directly (mocks/standalone.ts): relative imports with
 * `.ts` only.
 */
import { UndiciBody, UndiciHeaderIterators } from "./undici-body.ts";

/** A header's name: an HTTP token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a header's value may not hold. */
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;
/** HTTP whitespace around a value, which `Headers` drops. */
const AROUND = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** `Headers`' checks of a name and a value, and its normal form of both. */
function checked(name: string, value: string): [string, string] {
  const normal = String(value).replace(AROUND, "");
  if (!TOKEN.test(name)) throw new TypeError(`Headers: invalid header name "${name}"`);
  if (FORBIDDEN_IN_VALUE.test(normal)) throw new TypeError(`Headers: invalid value of "${name}"`);
  return [name.toLowerCase(), normal];
}

function checkedName(name: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`Headers: invalid header name "${name}"`);
  return name.toLowerCase();
}

function byNameOnly([a]: [string, string], [b]: [string, string]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An answer's headers, as a list of lower-case names and values, read as `Headers` reads them. */
export class AnswerHeaders extends UndiciHeaderIterators implements Headers {
  readonly #list: [string, string][];

  constructor(list: [string, string][]) {
    super();
    this.#list = list;
  }

  /** The headers in the order `Headers` gives them: names sorted, a name's values joined but each cookie on its own. */
  sorted(): [string, string][] {
    // Sorted by name, a name's values in the order they came (the sort is stable).
    const byName = this.#list.length > 1 ? [...this.#list].sort(byNameOnly) : this.#list;
    const out: [string, string][] = [];
    for (const [name, value] of byName) {
      const last = out[out.length - 1];
      if (last && last[0] === name && name !== "set-cookie") last[1] = `${last[1]}, ${value}`;
      else out.push([name, value]);
    }
    return out;
  }

  get(name: string): string | null {
    const wanted = checkedName(name);
    let joined: string | null = null;
    for (const [key, value] of this.#list) {
      if (key === wanted) joined = joined === null ? value : `${joined}, ${value}`;
    }
    return joined;
  }

  has(name: string): boolean {
    const wanted = checkedName(name);
    return this.#list.some(([key]) => key === wanted);
  }

  append(name: string, value: string): void {
    this.#list.push(checked(name, value));
  }

  set(name: string, value: string): void {
    const entry = checked(name, value);
    this.delete(entry[0]);
    this.#list.push(entry);
  }

  delete(name: string): void {
    const wanted = checkedName(name);
    for (let index = this.#list.length - 1; index >= 0; index -= 1) {
      if (this.#list[index]?.[0] === wanted) this.#list.splice(index, 1);
    }
  }

  getSetCookie(): string[] {
    return this.#list.filter(([key]) => key === "set-cookie").map(([, value]) => value);
  }

  forEach(
    callback: (value: string, key: string, parent: Headers) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this.sorted()) callback.call(thisArg, value, key, this);
  }

  /** A new undici `Headers` of the same headers, for its iterators. */
  protected real(): Headers {
    const headers = new Headers();
    for (const [name, value] of this.#list) headers.append(name, value);
    return headers;
  }
}

/** An answer with no body, by `Response`'s public shape (`undici`'s own made for its readers). */
export class TextEnvelope extends UndiciBody<Response> implements Response {
  readonly status: number;
  readonly statusText = "";
  readonly headers: AnswerHeaders;
  readonly type: ResponseType = "default";
  readonly url = "";
  readonly redirected = false;
  readonly body = null;
  /** With no body, nothing is ever used up (as undici's `Response` with none). */
  readonly bodyUsed = false;

  constructor(status: number, headers: [string, string][]) {
    super();
    if (status < 200 || status > 599 || !Number.isInteger(status)) {
      throw new RangeError(`Response: status ${status} is not in the range 200 to 599`);
    }
    this.status = status;
    this.headers = new AnswerHeaders(headers);
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  /** undici's `Response` of the same status and headers as they are now. */
  protected real(): Response {
    return new Response(null, { status: this.status, headers: this.headers.sorted() });
  }
}
