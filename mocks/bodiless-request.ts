/**
 * The Fetch `Request` of a call that carries no body (GET, HEAD), for the
 * standalone server (mocks/standalone.ts).
 *
 * node-fetch-server's `createRequest` makes, for every call, an abort
 * controller whose signal the `Request` carries, listeners on the answer to
 * abort it if the client goes away first, and for a call with a body a
 * stream over it. The fake backend's handlers read none of the signal, and
 * of the rest they read the address, the method and a few headers by name
 * (`headers.get`, `headers.has`). A call without a body is therefore made
 * into a `BodilessRequest`: a `Request` by its public shape, holding the
 * address, the method and the headers as `createRequest` makes them (the
 * headers as its `createHeaders` gathers them, the `Host` header,
 * `localhost` without one; plain HTTP/1, so no `:authority` and no TLS),
 * read by name from a map; anything else asked of it (iterating the
 * headers, changing them, `clone()`, the body's readers) is answered by
 * undici's own `Request` and `Headers`, made the first time they are asked
 * for. See docs/decisions/2026-11-27-fake-backend-bodiless-requests.md and
 * docs/decisions/2026-11-27-fake-backend-request-by-its-shape.md.
 *
 * Node runs this file directly (mocks/standalone.ts): relative imports with
 * `.ts` only.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHeaders, createRequest } from "@remix-run/node-fetch-server";
import { UndiciBody, UndiciHeaderIterators } from "./undici-body.ts";

/** Whether a call of this method has no body by Fetch's rule (`createRequest` gives it none). */
export function takesNoBody(method: string | undefined): boolean {
  return method === "GET" || method === "HEAD";
}

/** The signal of every bodiless request: nobody aborts it (as the `Request`'s own, made without one). */
const NEVER_ABORTED = new AbortController().signal;

/**
 * A request's headers, read by name from Node's object of them
 * (`req.headers`: names in lower case, a repeated name's values joined, or
 * a list for `set-cookie`), as `createRequest`'s `createHeaders` gathers
 * them: each name once, a list's values joined by ", ", none of HTTP/2's
 * pseudo-headers (`:path`). Read where they are, not copied into a map of
 * their own on every call (the servers change `req.headers` only before
 * they make the request: the `x-forwarded-for` of the standalone server
 * and of demo mode's public mount, server/app.ts). The
 * first call of anything else makes undici's `Headers` of them, which
 * answers everything from then on (so a change is seen by every reader).
 */
class GatheredHeaders extends UndiciHeaderIterators implements Headers {
  readonly #req: IncomingMessage;
  #headers: Headers | undefined;

  constructor(req: IncomingMessage) {
    super();
    this.#req = req;
  }

  /** A header's value by its name in lower case (a name of HTTP/2's pseudo-headers: none). */
  #value(key: string): string | undefined {
    const node = this.#req.headers;
    if (!Object.hasOwn(node, key) || key.startsWith(":")) return undefined;
    const value = node[key];
    if (value == null) return undefined;
    return Array.isArray(value) ? value.join(", ") : value;
  }

  /** undici's `Headers` of the same headers (`createHeaders`'), from now on the only one read. */
  protected real(): Headers {
    this.#headers ??= createHeaders(this.#req);
    return this.#headers;
  }

  /** A copy of the gathered headers, as a record (for a `Request` made of them). */
  record(): Record<string, string> {
    return Object.fromEntries(this.real());
  }

  get(name: string): string | null {
    if (this.#headers) return this.#headers.get(name);
    return this.#value(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    if (this.#headers) return this.#headers.has(name);
    return this.#value(name.toLowerCase()) !== undefined;
  }

  append(name: string, value: string): void {
    this.real().append(name, value);
  }

  delete(name: string): void {
    this.real().delete(name);
  }

  set(name: string, value: string): void {
    this.real().set(name, value);
  }

  getSetCookie(): string[] {
    return this.real().getSetCookie();
  }

  forEach(
    callback: (value: string, key: string, parent: Headers) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this.real()) callback.call(thisArg, value, key, this);
  }
}

/**
 * The parts of a request's address the fake backend's dispatch reads (the
 * route lookup, the query's parse, the API base), as a `URL` gives them:
 * strings only, so one can be shared between requests. A `URL` is one.
 */
export interface Address {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly pathname: string;
  readonly search: string;
}

function partsOf(url: URL): Address {
  return Object.freeze({
    href: url.href,
    origin: url.origin,
    protocol: url.protocol,
    pathname: url.pathname,
    search: url.search,
  });
}

/**
 * The addresses of the calls made so far, parsed, by their text (`http://`,
 * the Host header, the request's target): a client makes the same few calls
 * again and again (the order page's two), and parsing the address was the
 * largest of a bodiless call's own pieces (about 5 µs a call in the profile
 * of a backend behind the portal). At most `KEPT_ADDRESSES` texts of at most
 * `KEPT_ADDRESS_LENGTH` characters each (a longer one is parsed every
 * time); a full set starts again. A text that makes no address is never
 * kept (it throws, as before).
 */
const addresses = new Map<string, Address>();
export const KEPT_ADDRESSES = 256;
export const KEPT_ADDRESS_LENGTH = 512;

/** The parsed parts of an address's text, kept by the text (`addresses`). */
export function keptAddress(text: string): Address {
  const known = addresses.get(text);
  if (known !== undefined) return known;
  const address = partsOf(new URL(text));
  if (text.length > KEPT_ADDRESS_LENGTH) return address;
  if (addresses.size >= KEPT_ADDRESSES) addresses.clear();
  addresses.set(text, address);
  return address;
}

/**
 * The `Request` of a GET or HEAD, by its public shape: its address (its
 * parts parsed once per text and shared: `address`; a `URL` of it made only
 * if one is asked for: `parsedUrl`), method and headers are its own; the
 * body's readers and `clone()` are undici's `Request`'s, made of the same
 * address, method and headers when first asked for.
 */
export class BodilessRequest extends UndiciBody<Request> implements Request {
  readonly method: string;
  readonly url: string;
  readonly headers: GatheredHeaders;
  /** The address's parts, shared with other requests to the same address (strings: nothing to change). */
  readonly address: Address;
  #url: URL | undefined;
  #request: Request | undefined;

  /** `url`: the parts of a kept address, or a `URL` this request alone holds. */
  constructor(method: string, url: Address | URL, headers: GatheredHeaders) {
    super();
    this.method = method;
    if (url instanceof URL) {
      this.#url = url;
      this.address = partsOf(url);
    } else {
      this.address = url;
    }
    this.url = this.address.href;
    this.headers = headers;
  }

  /**
   * The request's address as a `URL`, made the first time it is asked for
   * and then the same for every reader of this request (the route's handler
   * reads it as `ctx.url`): read only (a change of it would not change
   * `url`; the dispatch changes a copy: `at`).
   */
  parsedUrl(): URL {
    this.#url ??= new URL(this.address.href);
    return this.#url;
  }

  /** The same request at another address (the dispatch's, without a trailing slash). */
  at(url: URL): BodilessRequest {
    return new BodilessRequest(this.method, new URL(url), this.headers);
  }

  /** undici's `Request` of the same address, method and headers. */
  protected real(): Request {
    this.#request ??= new Request(this.url, {
      method: this.method,
      headers: this.headers.record(),
    });
    return this.#request;
  }

  get bodyUsed(): boolean {
    return this.#request?.bodyUsed ?? false;
  }

  // What every bodiless request has, as a `Request` made without options:
  // read from the class, not set on each request.
  get signal(): AbortSignal {
    return NEVER_ABORTED;
  }
  get body(): null {
    return null;
  }
  get cache(): RequestCache {
    return "default";
  }
  get credentials(): RequestCredentials {
    return "same-origin";
  }
  get destination(): RequestDestination {
    return "";
  }
  get integrity(): string {
    return "";
  }
  get keepalive(): boolean {
    return false;
  }
  get mode(): RequestMode {
    return "cors";
  }
  get redirect(): RequestRedirect {
    return "follow";
  }
  get referrer(): string {
    return "about:client";
  }
  get referrerPolicy(): ReferrerPolicy {
    return "";
  }
}

/**
 * The request node-fetch-server's `createRequest` makes of `req`, a GET or
 * HEAD, without its abort signal. The headers are its `createHeaders`'s
 * (each name once, several values joined by ", "). A `Host` that makes no
 * address throws, as `createRequest`'s `Request` does.
 */
export function bodilessRequest(req: IncomingMessage): BodilessRequest {
  const headers = new GatheredHeaders(req);
  const address = keptAddress(`http://${headers.get("host") ?? "localhost"}${req.url}`);
  return new BodilessRequest(req.method ?? "GET", address, headers);
}

/**
 * The `Request` createRequest makes of a call of another method that
 * carries no body by HTTP/1.1's rule (neither Content-Length nor
 * Transfer-Encoding) on a server that hands such a request over as already
 * ended (Node's `optimizeEmptyRequests`, the standalone server's): its
 * address, method and headers (createRequest's `createHeaders`), an empty
 * body stream, and a signal aborted when the answer is closed before it
 * was sent. createRequest itself would take such a request for one whose
 * client went away (it is ended but not complete), abort its signal and
 * fail its body at once.
 */
function emptyBodyRequest(req: IncomingMessage, res: ServerResponse): Request {
  const headers = createHeaders(req);
  const lifecycle = new AbortController();
  let sent = false;
  res.once("finish", () => {
    sent = true;
  });
  res.once("close", () => {
    if (!sent) lifecycle.abort();
  });
  return new Request(`http://${headers.get("host") ?? "localhost"}${req.url}`, {
    method: req.method ?? "GET",
    headers,
    signal: lifecycle.signal,
    body: new ReadableStream({
      start(controller) {
        controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);
}

/**
 * The `Request` the fake backend's servers make of a call (the standalone
 * server, demo mode's public mount, the contract tests' server): a
 * `BodilessRequest` for a GET or HEAD; for another method,
 * node-fetch-server's, or, for one the server handed over as already ended
 * (no body by its headers: `emptyBodyRequest`), the same with an empty body.
 * A `Host` that makes no address throws.
 */
export function fetchRequestOf(req: IncomingMessage, res: ServerResponse): Request {
  if (takesNoBody(req.method)) return bodilessRequest(req);
  return req.readableEnded ? emptyBodyRequest(req, res) : createRequest(req, res);
}

/** `request` at another address (a `Request` made of it, or a bodiless request's copy). */
export function requestAt(request: Request, url: URL): Request {
  return request instanceof BodilessRequest ? request.at(url) : new Request(url, request);
}

/**
 * `request`'s address, parsed; a bodiless request's is parsed once and
 * shared by its readers, so it is read only (changed only as a copy).
 */
export function urlOf(request: Request): URL {
  return request instanceof BodilessRequest ? request.parsedUrl() : new URL(request.url);
}

/**
 * The parts of `request`'s address the dispatch reads: a bodiless request's
 * kept parts (no `URL` made), otherwise its address parsed.
 */
export function addressOf(request: Request): Address {
  return request instanceof BodilessRequest ? request.address : new URL(request.url);
}
