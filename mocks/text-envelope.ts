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

/** Whether a character code is HTTP whitespace (tab, line feed, carriage return, space). */
function httpSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** `Headers`' checks of a name and a value, and its normal form of both. */
function checked(name: string, value: string): [string, string] {
  const text = String(value);
  // Trimmed only when it needs it (a mailbox's cookie, every call's, does not).
  const normal =
    text.length > 0 &&
    (httpSpace(text.charCodeAt(0)) || httpSpace(text.charCodeAt(text.length - 1)))
      ? text.replace(AROUND, "")
      : text;
  const lower = checkedName(name);
  if (FORBIDDEN_IN_VALUE.test(normal)) throw new TypeError(`Headers: invalid value of "${name}"`);
  return [lower, normal];
}

/** Names already checked, by how they were written: each call's are the same few. */
const checkedNames = new Map<string, string>();
const KEPT_NAMES = 64;

function checkedName(name: string): string {
  const known = checkedNames.get(name);
  if (known !== undefined) return known;
  if (!TOKEN.test(name)) throw new TypeError(`Headers: invalid header name "${name}"`);
  const lower = name.toLowerCase();
  if (checkedNames.size >= KEPT_NAMES) checkedNames.clear();
  checkedNames.set(name, lower);
  return lower;
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
    // Names each greater than the last (every envelope's: a type, then a cookie): already in order.
    if (this.#inOrder()) return this.#list;
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

  /** Whether every name is greater than the one before it (none twice). */
  #inOrder(): boolean {
    for (let index = 1; index < this.#list.length; index += 1) {
      if (
        (this.#list[index - 1] as [string, string])[0] >= (this.#list[index] as [string, string])[0]
      )
        return false;
    }
    return true;
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
  readonly headers: AnswerHeaders;

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

  // What every text envelope has: read from the class, not set on each answer.
  get statusText(): string {
    return "";
  }
  get type(): ResponseType {
    return "default";
  }
  get url(): string {
    return "";
  }
  get redirected(): boolean {
    return false;
  }
  get body(): null {
    return null;
  }
  /** With no body, nothing is ever used up (as undici's `Response` with none). */
  get bodyUsed(): boolean {
    return false;
  }

  /** undici's `Response` of the same status and headers as they are now. */
  protected real(): Response {
    return new Response(null, { status: this.status, headers: this.headers.sorted() });
  }
}

/**
 * An answer's headers and its length as `writeHead` takes them without an
 * object made of them first: names and values one after the other, each
 * name's values together where the name first came, the length last (or in
 * place of a length the answer named). The lines are those an object of the
 * same headers (a name's several values as a list) makes `writeHead` write.
 */
export function headerLines(pairs: Iterable<[string, string]>, length: string): string[] {
  const lines: string[] = [];
  for (const [name, value] of pairs) {
    let at = lines.length;
    // A name met before (in `Headers`' order, only a cookie): its values follow its first.
    for (let index = 0; index < lines.length; index += 2) {
      if (lines[index] !== name) continue;
      at = index + 2;
      while (lines[at] === name) at += 2;
      break;
    }
    if (at === lines.length) lines.push(name, value);
    else lines.splice(at, 0, name, value);
  }
  for (let index = 0; index < lines.length; index += 2) {
    if (lines[index] !== "content-length") continue;
    // An object's key set again keeps its first place, with the one value.
    lines[index + 1] = length;
    for (let later = lines.length - 2; later > index; later -= 2) {
      if (lines[later] === "content-length") lines.splice(later, 2);
    }
    return lines;
  }
  lines.push("content-length", length);
  return lines;
}
