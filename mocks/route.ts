/**
 * Turns a contract endpoint plus an implementation into msw request handlers:
 * lazy seeding, language, token and role checks, parsing of path parameters,
 * query (strings coerced by the schema; empty values dropped) and body, the
 * `{ code, data, msg }` envelope and coded errors.
 *
 * HTTP status: every coded answer of a JSON call is HTTP 200 and the body's
 * `code` tells success from failure. Binary calls (xlsx, images) answer their
 * failures as HTTP 400 with the JSON envelope. Unknown paths answer HTTP 404
 * and unexpected failures HTTP 500, both with an envelope.
 */
import { http } from "msw";
import { z } from "zod";
import { type EndpointDefinition, SYSTEM_PREFIXES } from "../app/contract/endpoint.ts";
import { ApiCode } from "../app/contract/envelope.ts";
import { hasAnyRole } from "../app/contract/roles.ts";
import { deepFreeze } from "../app/utils/kept.ts";
import { type Address, addressOf, urlOf } from "./bodiless-request.ts";
import { type DeviceRow, db, type UserRow } from "./db.ts";
import { ApiError, invalid } from "./errors.ts";
import { type Lang, langOf, t } from "./i18n.ts";
import { closedToCaller } from "./outside.ts";
import { authenticate } from "./session.ts";
import { ensureSeeded, isSeeded } from "./state.ts";
import { TextEnvelope } from "./text-envelope.ts";

export const API_BASE = "/api/v1";

/** Answers are checked against the contract in tests and when MOCK_API_STRICT=1. */
const STRICT = process.env.MOCK_API_STRICT === "1" || Boolean(process.env.VITEST);

export interface Ctx<P, Q, B> {
  request: Request;
  url: URL;
  lang: Lang;
  params: P;
  query: Q;
  body: B;
  /** The form of a multipart call. */
  form: FormData | null;
  /** Signed-in user and its device; set on every call with `auth: true`. */
  user: UserRow | null;
  device: DeviceRow | null;
  /** Path of the API base as the request reached it (e.g. "/api/v1"). */
  apiBase: string;
}

/**
 * A call's `Ctx`, its `URL` and API base made only for a handler that reads
 * them (one handler does: the image upload's answer names the API base),
 * once: the dispatch reads the address's parts (`Address`).
 */
class CallContext<P, Q, B> implements Ctx<P, Q, B> {
  readonly request: Request;
  readonly lang: Lang;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly form: FormData | null;
  readonly user: UserRow | null;
  readonly device: DeviceRow | null;
  readonly #address: Address;
  #url: URL | undefined;
  #apiBase: string | undefined;

  constructor(
    request: Request,
    address: Address,
    lang: Lang,
    params: P,
    query: Q,
    body: B,
    form: FormData | null,
    user: UserRow | null,
    device: DeviceRow | null,
  ) {
    this.request = request;
    this.#address = address;
    this.lang = lang;
    this.params = params;
    this.query = query;
    this.body = body;
    this.form = form;
    this.user = user;
    this.device = device;
  }

  get url(): URL {
    this.#url ??= urlOf(this.request);
    return this.#url;
  }

  get apiBase(): string {
    this.#apiBase ??= apiBaseOf(this.#address);
    return this.#apiBase;
  }
}

/** The signed-in user of an `auth: true` call. */
export function signedIn<P, Q, B>(ctx: Ctx<P, Q, B>): { user: UserRow; device: DeviceRow } {
  if (!ctx.user || !ctx.device) throw new ApiError(ApiCode.noToken, "noToken");
  return { user: ctx.user, device: ctx.device };
}

/**
 * The JSON text of an envelope this backend made, and its UTF-8 bytes where
 * they were kept, held by the answer itself: a server that writes answers to
 * a socket itself (mocks/standalone.ts) sends the text as it is instead of
 * reading it back through the answer's body stream. Properties of the
 * answer, not entries of a `WeakMap` keyed by it: V8's young-generation
 * collections keep a `WeakMap`'s values alive while their keys are young, so
 * every answer's text made since the last one was copied by each (about
 * 13 MB of the order list's texts at each scavenge) and dropped only at the
 * next; see docs/performance.md, "The fake backend's collections under the
 * portal (27 November 2026)".
 */
const ENVELOPE_TEXT = Symbol("envelope text");
const ENVELOPE_BYTES = Symbol("envelope bytes");

interface Envelope extends Response {
  /** The text, or what makes it the first time it is read (an answer whose bytes were kept). */
  [ENVELOPE_TEXT]?: string | (() => string);
  [ENVELOPE_BYTES]?: Buffer;
}

/**
 * Whether envelopes are made without a body: set once by a server that
 * writes every envelope's text itself (mocks/standalone.ts), where a body
 * stream per answer (a `ReadableStream` over the text, a third of what an
 * envelope costs to make) would never be read; there an envelope is a
 * `TextEnvelope`, an answer by `Response`'s shape (mocks/text-envelope.ts). Demo mode and the tests read
 * envelopes as Fetch answers and keep their bodies.
 */
let textOnly = false;

/** For a server that sends every envelope through `envelopeText`: envelopes are made without a body (`false`: with one again). */
export function makeEnvelopesAsText(asText = true): void {
  textOnly = asText;
}

export function envelope(code: number, data: unknown, msg: string, status = 200): Response {
  // What Response.json makes, with the text kept.
  return envelopeOf(JSON.stringify({ code, data, msg }), status);
}

/**
 * An answer's data as its JSON text, made by the handler from parts it
 * keeps (the order list's rows: mocks/logistics.ts), with the data itself
 * for the checks of the contract: under tests and MOCK_API_STRICT=1 the
 * data is checked as any answer's, and its JSON must be the text.
 */
export class DataText {
  #text: string | (() => string);
  readonly data: () => unknown;
  /** The text's UTF-8 bytes in pieces, kept too: a server writing bytes does not encode the text again. */
  readonly bytes: readonly Buffer[] | undefined;

  /**
   * `text` may be given as what makes it, with `bytes`: a server that writes
   * the bytes never reads the text (the order list's page of ten rows' texts
   * joined was a tenth of its handler), and it is made once if asked for.
   */
  constructor(text: string | (() => string), data: () => unknown, bytes?: readonly Buffer[]) {
    this.#text = text;
    this.data = data;
    this.bytes = bytes;
  }

  get text(): string {
    if (typeof this.#text === "function") this.#text = this.#text();
    return this.#text;
  }

  /** The text, or what makes it while it has not been made (for an envelope that keeps the bytes). */
  textOrMaker(): string | (() => string) {
    return this.#text;
  }
}

/**
 * The envelope `envelope(code, data, msg)` makes, of `dataText`, the JSON
 * text of `data`; with `dataBytes`, that text's UTF-8 pieces, the
 * envelope's bytes are kept for a server that writes them (`envelopeBytes`).
 */
export function envelopeOfDataText(
  code: number,
  dataText: string | (() => string),
  msg: string,
  dataBytes?: readonly Buffer[],
): Response {
  const head = () => `{"code":${JSON.stringify(code)},"data":`;
  const tail = () => `,"msg":${JSON.stringify(msg)}}`;
  if (textOnly && dataBytes) {
    // The bytes are what is written; the text is made only if asked for.
    const response = envelopeOf(
      () => head() + (typeof dataText === "string" ? dataText : dataText()) + tail(),
      200,
    );
    response[ENVELOPE_BYTES] = Buffer.concat([
      keptBytes(headBytes, code, head),
      ...dataBytes,
      keptBytes(tailBytes, msg, tail),
    ]);
    return response;
  }
  return envelopeOf(head() + (typeof dataText === "string" ? dataText : dataText()) + tail(), 200);
}

/**
 * The UTF-8 bytes of an envelope's head around its data, by its code
 * (`{"code":200,"data":`), and of its tail, by its message
 * (`,"msg":"操作成功"}`): the same few on every call. At most `KEPT_PIECES`
 * each; a full set starts again. Read only (copied into each answer's
 * bytes).
 */
const headBytes = new Map<number, Buffer>();
const tailBytes = new Map<string, Buffer>();
const KEPT_PIECES = 32;

function keptBytes<K>(kept: Map<K, Buffer>, key: K, text: () => string): Buffer {
  let bytes = kept.get(key);
  if (bytes === undefined) {
    bytes = ownBytes(text());
    if (kept.size >= KEPT_PIECES) kept.clear();
    kept.set(key, bytes);
  }
  return bytes;
}

/**
 * The UTF-8 bytes of a text to be kept, in a buffer of their own: a small
 * `Buffer.from` is a slice of a shared 8 KB pool, which a kept slice would
 * hold on to.
 */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** The UTF-8 bytes of an envelope's text (`envelopeText`), where they were kept. */
export function envelopeBytes(response: Response): Buffer | undefined {
  return response.bodyUsed ? undefined : (response as Envelope)[ENVELOPE_BYTES];
}

function envelopeOf(text: string | (() => string), status: number): Envelope {
  // Without a body: an answer by `Response`'s shape (mocks/text-envelope.ts).
  const response: Envelope = textOnly
    ? new TextEnvelope(status, [["content-type", "application/json"]])
    : new Response(typeof text === "string" ? text : text(), {
        status,
        headers: { "content-type": "application/json" },
      });
  response[ENVELOPE_TEXT] = text;
  return response;
}

/** Whether `response` is an envelope made by `envelope`, still unread (its text: `envelopeText`). */
export function isUnreadEnvelope(response: Response): boolean {
  return !response.bodyUsed && (response as Envelope)[ENVELOPE_TEXT] !== undefined;
}

/** The JSON text of an envelope made by `envelope`, if `response` is one and is still unread. */
export function envelopeText(response: Response): string | undefined {
  if (response.bodyUsed) return undefined;
  const envelope = response as Envelope;
  const text = envelope[ENVELOPE_TEXT];
  if (typeof text !== "function") return text;
  const made = text();
  envelope[ENVELOPE_TEXT] = made;
  return made;
}

/** Keeps the text of `from` (an envelope) for `to`, a copy with the same body. */
export function keepEnvelopeText(from: Response, to: Response): void {
  const text = (from as Envelope)[ENVELOPE_TEXT];
  if (text !== undefined) (to as Envelope)[ENVELOPE_TEXT] = text;
  const bytes = (from as Envelope)[ENVELOPE_BYTES];
  if (bytes !== undefined) (to as Envelope)[ENVELOPE_BYTES] = bytes;
}

const localeErrors = { zh: z.locales.zhCN().localeError, en: z.locales.en().localeError };

/** First problem of a failed parse as "path: message". */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  lang: Lang,
): z.output<S> {
  const result = schema.safeParse(input, { error: localeErrors[lang] });
  if (!result.success) throw invalid(firstIssue(result.error));
  return result.data;
}

/**
 * The parsed queries of each schema by the query's text, frozen: the pages
 * of a list ask the same few queries again and again (the order page's
 * `current=1&pageSize=10`), and zod's parse of the order list's filters was
 * about a twentieth of a call. A successful parse depends only on the text
 * (a failure's message on the language too: failures are not kept). At most
 * `KEPT_QUERIES` a schema; a full set starts again.
 */
const parsedQueries = new WeakMap<z.ZodType, Map<string, unknown>>();
export const KEPT_QUERIES = 256;

/** `url`'s query parsed by `schema` (its empty values dropped), kept frozen by its text. */
export function parsedQuery<S extends z.ZodType>(schema: S, url: Address, lang: Lang): z.output<S> {
  let kept = parsedQueries.get(schema);
  if (!kept) {
    kept = new Map();
    parsedQueries.set(schema, kept);
  }
  if (kept.has(url.search)) return kept.get(url.search) as z.output<S>;
  const parsed = deepFreeze(parseOrThrow(schema, queryObject(url), lang));
  if (kept.size >= KEPT_QUERIES) kept.clear();
  kept.set(url.search, parsed);
  return parsed;
}

function queryObject(url: Address): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  // The query as `url.searchParams` reads it (the same parse of the same text).
  for (const [key, value] of new URLSearchParams(url.search)) {
    if (value.trim() === "") continue;
    const previous = out[key];
    if (previous === undefined) out[key] = value;
    else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

function apiBaseOf(url: Address): string {
  const index = url.pathname.indexOf(`${API_BASE}/`);
  return index >= 0 ? url.pathname.slice(0, index + API_BASE.length) : API_BASE;
}

type Handler = ReturnType<typeof http.get>;

/** What a handler made by `route` answers, given the request and its path's parameters. */
export type RouteResolver = (call: {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
  /** The request's language where the dispatch read it already (msw's calls leave it out). */
  lang?: Lang;
}) => Promise<Response>;

/**
 * The resolver of every handler made by `route`, so the backend's own
 * dispatch (mocks/api.ts) can call it once msw's matcher has matched its
 * path, without msw's per-call machinery around it.
 */
const resolvers = new WeakMap<Handler, RouteResolver>();

/** The resolver behind a handler made by `route`. */
export function resolverOf(handler: Handler): RouteResolver | undefined {
  return resolvers.get(handler);
}

export function errorResponse(error: unknown, lang: Lang, binary: boolean): Response {
  if (error instanceof ApiError) {
    const message = t(lang, error.key, error.params);
    return envelope(error.code, message, message, binary ? 400 : 200);
  }
  console.error("[mock-api] unexpected failure:", error);
  const message = t(lang, "serverError");
  return envelope(ApiCode.serverError, message, message, 500);
}

/**
 * The language a signed-in call was made in is the account's language from
 * then on, for the mails it receives (a call that names no language says
 * nothing).
 */
function rememberLanguage(user: UserRow, request: Request, lang: Lang): UserRow | Promise<UserRow> {
  // Unchanged (every call but the first in another language): no write, nothing to wait for.
  if (user.lang === lang || !request.headers.has("accept-language")) return user;
  return db.users.update(user.id, (draft) => {
    draft.lang = lang;
  });
}

export function route<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
>(
  endpoint: EndpointDefinition<P, Q, B, D>,
  implementation: (
    ctx: Ctx<z.output<P>, z.output<Q>, z.output<B>>,
  ) => Promise<z.input<D> | Response | DataText> | z.input<D> | Response | DataText,
): Handler[] {
  const mswPath = endpoint.path.replace(/\{(\w+)\}/g, ":$1");
  const prefixes = ["", ...(endpoint.prefixed ? SYSTEM_PREFIXES.map((p) => `/${p}`) : [])];
  const method = endpoint.method.toLowerCase() as "get" | "post" | "put" | "delete";

  const resolve: RouteResolver = async ({ request, params, lang: known }) => {
    const lang = known ?? langOf(request);
    // A call closed to this caller answers exactly as an unknown path.
    if (closedToCaller(endpoint)) {
      const message = t(lang, "pathNotFound");
      return envelope(ApiCode.notFound, message, message, 404);
    }
    try {
      if (!isSeeded()) await ensureSeeded();
      const url = addressOf(request);
      let user: UserRow | null = null;
      let device: DeviceRow | null = null;
      if (endpoint.auth) {
        ({ user, device } = authenticate(request));
        const remembered = rememberLanguage(user, request, lang);
        user = remembered instanceof Promise ? await remembered : remembered;
        const roles = endpoint.roles ?? [];
        if (roles.length > 0 && !hasAnyRole(user.scope, roles)) {
          throw new ApiError(ApiCode.forbidden, "forbidden");
        }
      }
      const parsedParams = endpoint.params
        ? parseOrThrow(endpoint.params, params, lang)
        : undefined;
      const query = endpoint.query ? parsedQuery(endpoint.query, url, lang) : undefined;
      let form: FormData | null = null;
      let parsedBody: unknown;
      if (endpoint.multipart) {
        try {
          form = await request.formData();
        } catch {
          throw new ApiError(ApiCode.invalidParameters, "invalidForm");
        }
      } else if (endpoint.body) {
        const text = await request.text();
        let json: unknown = {};
        if (text.trim() !== "") {
          try {
            json = JSON.parse(text);
          } catch {
            throw new ApiError(ApiCode.invalidParameters, "invalidJson");
          }
        }
        parsedBody = parseOrThrow(endpoint.body, json, lang);
      }
      const made = implementation(
        new CallContext<z.output<P>, z.output<Q>, z.output<B>>(
          request,
          url,
          lang,
          parsedParams as z.output<P>,
          query as z.output<Q>,
          parsedBody as z.output<B>,
          form,
          user,
          device,
        ),
      );
      // A handler that answers at once (the order list, `accountInfo`) is not waited for.
      const result = made instanceof Promise ? await made : made;
      // An answer the handler made (an envelope of this server's is a text envelope).
      if (result instanceof Response || result instanceof TextEnvelope) return result;
      if (result instanceof DataText) {
        if (STRICT) checkAnswer(endpoint, result.data(), result);
        return envelopeOfDataText(ApiCode.ok, result.textOrMaker(), t(lang, "ok"), result.bytes);
      }
      if (STRICT) checkAnswer(endpoint, result);
      return envelope(ApiCode.ok, result, t(lang, "ok"));
    } catch (error) {
      return errorResponse(error, lang, Boolean(endpoint.binary));
    }
  };
  return prefixes.map((prefix) => {
    const handler = http[method](`*${API_BASE}${prefix}${mswPath}`, resolve);
    resolvers.set(handler, resolve);
    return handler;
  });
}

/** Throws unless `data` fits the endpoint's answer (and, given as text, is that text's JSON, and the bytes its UTF-8). */
function checkAnswer(
  endpoint: EndpointDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType>,
  data: unknown,
  given?: DataText,
): void {
  const text = given?.text;
  if (given?.bytes && !Buffer.concat(given.bytes).equals(Buffer.from(given.text))) {
    throw new Error(
      `Answer of ${endpoint.method} ${endpoint.path}: its kept bytes are not its text's UTF-8`,
    );
  }
  const checked = endpoint.data.safeParse(data);
  if (!checked.success) {
    throw new Error(
      `Answer of ${endpoint.method} ${endpoint.path} breaks the contract: ${firstIssue(checked.error)}`,
    );
  }
  if (text !== undefined && text !== JSON.stringify(data)) {
    throw new Error(
      `Answer of ${endpoint.method} ${endpoint.path}: its kept text is not its data's JSON`,
    );
  }
}
