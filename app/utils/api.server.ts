/**
 * The one API client. Every call to the backend goes through `Api`, and this
 * file is the one place where backend answers are mapped to what the user
 * sees (docs/product.md, Error codes):
 *
 * - success: `data`, validated against the contract's schema;
 * - 20001-20004: the session ends, the user lands on `/` with the message;
 * - 40003 / 40004: the 403 / 404 page;
 * - other coded errors: `attempt` returns them for the form to show, `call`
 *   throws them to the route's error boundary with their message;
 * - HTTP 404 / 500 without an envelope: the 404 / 500 error pages;
 * - timeouts, unreachable or malformed backends: a clear error page.
 */
import { data, redirect } from "react-router";
import type { z } from "zod";
import { env } from "~/config/env.server.ts";
import {
  ApiCode,
  buildPath,
  DEMO_MAILBOX_HEADER,
  type EndpointName,
  type Endpoints,
  type Envelope,
  endpoints,
  envelopeSchema,
  isMessageCode,
  isSessionEndCode,
  type SystemPrefix,
} from "~/contract/index.ts";
import { LOCALE_TAGS, type Locale } from "~/locales/index.ts";
import { accountReads } from "~/utils/account-reads.server.ts";
import { type AuditResult, audit, auditTarget } from "~/utils/audit.server.ts";
import {
  type BackendAnswer,
  BackendCall,
  fromResponse,
  httpTransport,
  parseJson,
  type Transport,
  toRequest,
} from "~/utils/backend-transport.server.ts";
import { checkedBefore, keepChecked } from "~/utils/checked-answers.server.ts";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { type AppSession, commitSession } from "~/utils/session.server.ts";

type Infer<T> = T extends z.ZodType ? z.input<T> : never;
type Output<T> = T extends z.ZodType ? z.output<T> : never;

export type CallInput<N extends EndpointName> = {
  params?: Infer<Endpoints[N]["params"]>;
  query?: Infer<Endpoints[N]["query"]>;
  body?: Infer<Endpoints[N]["body"]>;
  formData?: FormData;
  /** `/seller` or `/is` variant of a prefixed account call. */
  prefix?: SystemPrefix;
  /**
   * The account a call acts on when no session names one (a password reset:
   * the address the code was sent to), for the audit line.
   */
  actor?: string;
};

export type CallResult<N extends EndpointName> = Output<Endpoints[N]["data"]>;

/** A business error the backend answered with a code and a message. */
export interface ApiFailure {
  ok: false;
  code: number;
  message: string;
}

export type Attempt<N extends EndpointName> = { ok: true; data: CallResult<N> } | ApiFailure;

export interface ApiOptions {
  token?: string;
  locale: Locale;
  clientIp?: string;
  userAgent?: string | null;
  session: AppSession;
  /** 'network communication abnormal' in the user's language, for codes without a message. */
  genericMessage: string;
  /** Demo mode: the browser's demo mailbox, so the fake backend files its mail there. */
  demoMailbox?: string;
  /**
   * The time the request may spend waiting for the backend, shared by every
   * call it makes (`API_TIMEOUT_MS` from the client's creation when left out).
   */
  budget?: RequestBudget;
}

let demoTransport: Promise<Transport> | undefined;
let replacedTransport: Transport | undefined;

/** Tests answer the client's calls themselves; `undefined` puts the real transport back. */
export function setTransport(transport: Transport | undefined): void {
  replacedTransport = transport;
}

/** Demo mode answers in-process from the fake backend; nothing of mocks/ loads otherwise. */
function transport(): Transport | Promise<Transport> {
  if (replacedTransport) return replacedTransport;
  if (!env().demoMode) return httpTransport;
  demoTransport ??= import("../../mocks/api.ts").then(
    (mocks) => async (call, signal) =>
      fromResponse(await raceAbort(mocks.handleMockApiRequest(toRequest(call)), signal)),
  );
  return demoTransport;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * One deadline for a whole request, not one per call: a sign-in makes three
 * calls, and a hung backend must not hold the user three timeouts long. Each
 * call gets what is left; once a call ran out of it, so did the request.
 */
export class RequestBudget {
  private readonly endsAt: number;
  private readonly now: () => number;
  private spent = false;

  constructor(ms: number, now: () => number = () => performance.now()) {
    this.now = now;
    this.endsAt = now() + ms;
  }

  /** Milliseconds left for the request's next call (0: none). */
  remaining(): number {
    return this.spent ? 0 : Math.max(0, Math.ceil(this.endsAt - this.now()));
  }

  /** A call timed out: nothing is left for the calls after it. */
  spend(): void {
    this.spent = true;
  }
}

/**
 * The deadline of one backend call, headers and body together. A plain timer
 * holds the controller strongly until it fires or the answer has been read,
 * so no garbage collection can lose it (unlike `AbortSignal.timeout`, whose
 * timer only holds its signal weakly).
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(ms: number, onExpire?: () => void) {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      onExpire?.();
      this.controller.abort(new DOMException(`backend gave no answer in ${ms} ms`, "TimeoutError"));
    }, ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get expired(): boolean {
    return this.controller.signal.aborted;
  }

  /** The answer is complete: the timer is no longer needed. */
  finish(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function timeoutError() {
  return data<ErrorPayload>({ kind: "timeout" }, { status: 504 });
}

/**
 * How the client of a page's loaders sends while the user is checked
 * (app/middleware/require-user.server.ts): `call` sends a call or an
 * attempt (at once or once the user is allowed) and answers it once the user
 * is allowed; `download` sends a download once the user is allowed.
 */
export interface ApiGate {
  call<Answer>(name: EndpointName, send: () => Promise<Answer>): Promise<Answer>;
  download(send: () => Promise<Response>): Promise<Response>;
}

export class Api {
  private readonly options: ApiOptions;
  /** The user behind the token, once the backend named them (account info), for the audit trail. */
  private actor: string | undefined;

  private readonly budget: RequestBudget;

  /** A client behind a gate sends every call through `api`, the request's own client. */
  private readonly gated: { api: Api; gate: ApiGate } | undefined;

  constructor(options: ApiOptions, gated?: { api: Api; gate: ApiGate }) {
    this.options = options;
    this.budget = gated?.api.budget ?? options.budget ?? new RequestBudget(env().apiTimeoutMs);
    this.gated = gated;
  }

  /**
   * The same client (its options, its request's budget and user) whose calls
   * go through `gate`. A client of the class itself, not an object with this
   * one as its prototype: V8 gave each request's such object, and this one
   * once it was a prototype, shapes of their own.
   */
  behind(gate: ApiGate): Api {
    return new Api(this.options, { api: this, gate });
  }

  /** The same client, and the same request's budget, for a freshly obtained token (right after login). */
  withToken(token: string): Api {
    return new Api({ ...this.options, token, budget: this.budget });
  }

  /**
   * Logins and every call that changes or exports data leave an audit line:
   * who, from where, what, which orders, and how it ended. Reads do not.
   */
  private record<N extends EndpointName>(
    name: N,
    input: CallInput<N>,
    result: AuditResult,
    code?: number,
    answer?: unknown,
  ): void {
    if (!audited(name)) return;
    const body = input.body as Record<string, unknown> | undefined;
    const isLogin = name === "login";
    const typedName = body && typeof body.username === "string" ? body.username : undefined;
    audit({
      event: isLogin ? "login" : "operation",
      action: name,
      user: isLogin ? typedName : (this.actor ?? input.actor ?? typedName ?? null),
      ip: this.options.clientIp ?? null,
      device: this.options.userAgent ?? null,
      result,
      ...(code !== undefined && result === "refused" ? { backendCode: code } : {}),
      ...auditTarget(input.params, body, answer, filterOf(name, input.query)),
    });
  }

  get hasToken(): boolean {
    return Boolean(this.options.token);
  }

  /** Calls an endpoint; any failure is thrown as the right error page or redirect. */
  call<N extends EndpointName>(name: N, input: CallInput<N> = {}): Promise<CallResult<N>> {
    const gated = this.gated;
    if (gated) return gated.gate.call(name, () => gated.api.call(name, input));
    return this.callNow(name, input);
  }

  private async callNow<N extends EndpointName>(
    name: N,
    input: CallInput<N>,
  ): Promise<CallResult<N>> {
    const result = await this.attempt(name, input);
    if (result.ok) return result.data;
    throw codedError(result.code, result.message);
  }

  /**
   * Calls an endpoint and returns a business error instead of throwing it, for
   * forms that show the backend's message beside their fields (a number that
   * does not exist, 40004, included). Session ends, permission and transport
   * failures are still thrown.
   */
  attempt<N extends EndpointName>(name: N, input: CallInput<N> = {}): Promise<Attempt<N>> {
    const gated = this.gated;
    if (gated) return gated.gate.call(name, () => gated.api.attempt(name, input));
    return this.dropsStaleReads(name, () => this.attemptOnce(name, input));
  }

  /**
   * Runs a call; one that may change data drops every account read kept
   * before (app/utils/account-reads.server.ts) once it is over, answered,
   * refused or lost on the way alike.
   */
  private async dropsStaleReads<T>(name: EndpointName, run: () => Promise<T>): Promise<T> {
    if (!changesData(name)) return run();
    try {
      return await run();
    } finally {
      await accountReads.mayHaveChanged();
    }
  }

  private async attemptOnce<N extends EndpointName>(
    name: N,
    input: CallInput<N>,
  ): Promise<Attempt<N>> {
    const { answer, deadline } = await this.send(name, input);
    const bytes = await this.readBytes(answer, name, deadline, input);
    // The very bytes of an answer checked before (./checked-answers.server.ts).
    const checked = bytes && checkedBefore(name, bytes);
    if (checked !== undefined) return this.answered(name, input, checked as CallResult<N>);
    const envelope = this.envelopeOf(answer, name, bytes);
    if (envelope.code === ApiCode.ok) {
      const parsed = endpoints[name].data.safeParse(envelope.data);
      if (!parsed.success) {
        console.error(`[api] ${name}: answer does not match the contract`, parsed.error.issues);
        this.record(name, input, "malformed");
        throw malformed();
      }
      const data = parsed.data as CallResult<N>;
      return this.answered(name, input, bytes ? keepChecked(name, bytes, data) : data);
    }
    this.record(name, input, "refused", envelope.code);
    const message = this.messageOf(envelope);
    await this.throwIfFatal(envelope.code, message);
    return { ok: false, code: envelope.code, message };
  }

  /** A successful answer's data, checked against the contract. */
  private answered<N extends EndpointName>(
    name: N,
    input: CallInput<N>,
    data: CallResult<N>,
  ): Attempt<N> {
    if (name === "accountInfo") this.actor = (data as { username: string }).username;
    this.record(name, input, "ok", undefined, data);
    return { ok: true, data };
  }

  /**
   * An operation's audit line names its user. A request that changes
   * something before any page asked who is signed in (sign-out, marking
   * notifications read, the other resource routes) asks the backend first;
   * if that fails, the call itself meets the same refusal.
   */
  private async learnActor(name: EndpointName): Promise<void> {
    if (!this.mustLearnActor(name)) return;
    await this.attempt("accountInfo").catch(() => undefined);
  }

  private mustLearnActor(name: EndpointName): boolean {
    return this.actor === undefined && Boolean(this.options.token) && audited(name);
  }

  /** Calls a binary endpoint (xlsx download) and hands back the streaming response. */
  download<N extends EndpointName>(name: N, input: CallInput<N> = {}): Promise<Response> {
    const gated = this.gated;
    if (gated) return gated.gate.download(() => gated.api.download(name, input));
    return this.dropsStaleReads(name, () => this.downloadOnce(name, input));
  }

  private async downloadOnce<N extends EndpointName>(
    name: N,
    input: CallInput<N>,
  ): Promise<Response> {
    // The deadline stays armed while the workbook streams: a backend that
    // stalls mid-file ends the download instead of holding it open.
    const { answer, deadline } = await this.send(name, input);
    if (answer.status >= 200 && answer.status < 300 && !answer.contentType.includes("json")) {
      this.record(name, input, "ok");
      return answer.response();
    }
    const envelope = await this.readEnvelope(answer, name, deadline, input);
    this.record(name, input, "refused", envelope.code);
    const message = this.messageOf(envelope);
    await this.throwIfFatal(envelope.code, message);
    throw codedError(envelope.code, message);
  }

  /**
   * Sends a call. A call that needs nothing first (every read, and any call
   * once the audit line knows its user) reaches the transport in the turn
   * that asked for it: no URL object, no wait for a promise that is already
   * settled (docs/performance.md, "The portal's own work before its first
   * backend call").
   */
  private send<N extends EndpointName>(
    name: N,
    input: CallInput<N>,
  ): Promise<{ answer: BackendAnswer; deadline: Deadline }> {
    if (this.mustLearnActor(name)) {
      return this.learnActor(name).then(() => this.sendNow(name, input));
    }
    return this.sendNow(name, input);
  }

  private async sendNow<N extends EndpointName>(
    name: N,
    input: CallInput<N>,
  ): Promise<{ answer: BackendAnswer; deadline: Deadline }> {
    const endpoint = endpoints[name];
    const target = backendTarget(env().apiBaseUrl);
    const prefix = input.prefix && endpoint.prefixed ? `/${input.prefix}` : "";
    const search = queryString(input.query);
    const path = resolvedPath(
      target.origin,
      `${target.path}${prefix}${pathOf(endpoint.path, input.params as Record<string, string>)}`,
    );

    const headers: Record<string, string> = {
      accept: "application/json",
      "accept-language": LOCALE_TAGS[this.options.locale],
    };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    if (this.options.clientIp) headers["x-forwarded-for"] = this.options.clientIp;
    if (this.options.userAgent) headers["user-agent"] = this.options.userAgent;
    if (this.options.demoMailbox) headers[DEMO_MAILBOX_HEADER] = this.options.demoMailbox;
    let body: string | FormData | undefined;
    if (input.formData) {
      body = input.formData;
    } else if (input.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(input.body);
    }

    const budget = this.budget;
    const left = budget.remaining();
    if (left <= 0) {
      // The request's time is up: this call is not even sent.
      this.record(name, input, "timeout");
      console.error(`[api] ${endpoint.method} ${path} not sent: the request's time is up`);
      throw timeoutError();
    }
    const deadline = new Deadline(left, () => budget.spend());
    try {
      const call = new BackendCall(
        endpoint.method,
        target.origin,
        search ? `${path}?${search}` : path,
        headers,
        body,
      );
      const send = transport();
      const answer = await (typeof send === "function" ? send : await send)(call, deadline.signal);
      return { answer, deadline };
    } catch (error) {
      deadline.finish();
      const timedOut = deadline.expired;
      this.record(name, input, timedOut ? "timeout" : "unreachable");
      console.error(
        `[api] ${endpoint.method} ${path} failed:`,
        timedOut ? "timeout" : error instanceof Error ? error.message : String(error),
      );
      throw timedOut
        ? timeoutError()
        : data<ErrorPayload>({ kind: "unreachable" }, { status: 503 });
    }
  }

  private async readEnvelope<N extends EndpointName>(
    answer: BackendAnswer,
    name: N,
    deadline: Deadline,
    input: CallInput<N>,
  ): Promise<Envelope> {
    return this.envelopeOf(answer, name, await this.readBytes(answer, name, deadline, input));
  }

  /** A JSON answer's bytes (none for any other, or one longer than the client takes). */
  private async readBytes<N extends EndpointName>(
    answer: BackendAnswer,
    name: N,
    deadline: Deadline,
    input: CallInput<N>,
  ): Promise<Buffer | undefined> {
    const json = answer.contentType.includes("json");
    // The body is read under the same deadline as the headers: a backend that
    // sends headers and then stalls or drips ends in the timeout page. One
    // that is not JSON, or longer than the client takes, is malformed.
    let bytes: Buffer | undefined;
    try {
      bytes = json ? await answer.bytes() : undefined;
    } catch {
      bytes = undefined;
    } finally {
      if (!json) await answer.discard();
      deadline.finish();
    }
    if (deadline.expired) {
      console.error(`[api] ${name}: timeout while reading the answer`);
      this.record(name, input, "timeout");
      throw timeoutError();
    }
    return bytes;
  }

  /** The envelope of an answer read as `bytes`; the error pages or `malformed` without one. */
  private envelopeOf(
    answer: BackendAnswer,
    name: EndpointName,
    bytes: Buffer | undefined,
  ): Envelope {
    let body: unknown;
    try {
      body = bytes ? parseJson(bytes) : undefined;
    } catch {
      body = undefined;
    }
    const parsed = answer.contentType.includes("json") ? envelopeSchema.safeParse(body) : undefined;
    // Without data (no envelope, or a refusal that carries none), HTTP 404
    // and 5xx are the error pages (docs/product.md, Error codes).
    if (!parsed?.success || (parsed.data.code !== ApiCode.ok && !hasData(parsed.data))) {
      if (answer.status === 404) throw redirect(localizePath("/error/404", this.options.locale));
      if (answer.status >= 500) throw redirect(localizePath("/error/500", this.options.locale));
    }
    if (!parsed?.success) {
      console.error(
        `[api] ${name}: HTTP ${answer.status}, ${parsed ? "answer is not an envelope" : "without a JSON envelope"}`,
      );
      throw malformed();
    }
    return parsed.data;
  }

  /**
   * What the user reads of a refusal (docs/product.md, Error codes): with data, a code
   * of the catalogue shows its data and any other code the generic message;
   * without data, the envelope's `msg`. Never for 500: a server error's text
   * (a stack trace, an SQL message) is the backend's internals.
   */
  private messageOf(envelope: Envelope): string {
    const generic = this.options.genericMessage;
    if (envelope.code === ApiCode.serverError) return generic;
    if (!hasData(envelope)) return envelope.msg || generic;
    if (isMessageCode(envelope.code) || isSessionEndCode(envelope.code)) {
      if (typeof envelope.data === "string") return envelope.data;
      if (envelope.msg) return envelope.msg;
    }
    return generic;
  }

  private async throwIfFatal(code: number, message: string): Promise<void> {
    if (isSessionEndCode(code)) {
      const { session, locale } = this.options;
      session.unset("token");
      session.flash("notice", { kind: "error", message });
      throw redirect(localizePath("/", locale), {
        headers: { "Set-Cookie": await commitSession(session) },
      });
    }
    if (code === ApiCode.forbidden) throw data<ErrorPayload>({ code, message }, { status: 403 });
  }
}

/** Where the backend is: its origin and the path its calls start with, read from API_BASE_URL once. */
let target: { base: string; origin: string; path: string } | undefined;

function backendTarget(base: string): { origin: string; path: string } {
  if (target?.base !== base) {
    const url = new URL(base);
    // `http://host` and `http://host/` both start the calls' paths at the root.
    const path = url.pathname === "/" ? "" : url.pathname;
    target = { base, origin: url.origin, path };
  }
  return target;
}

/** An endpoint's path with its parameters put in; a path without any is the endpoint's own text. */
function pathOf(path: string, params: Record<string, string> | undefined): string {
  return path.includes("{") ? buildPath(path, params) : path;
}

/** A dot segment (`.`, `..`, also percent-encoded), which an address resolves away. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The path of a call as the backend receives it: as the URL standard reads
 * it, so a path parameter of `..` names the same address it always did. The
 * contract's paths and encoded parameters have no dot segment; only such a
 * path is resolved through a URL.
 */
function resolvedPath(origin: string, path: string): string {
  return DOT_SEGMENT.test(path) ? new URL(`${origin}${path}`).pathname : path;
}

/**
 * A text the form encoding (a URL's search, `URLSearchParams`) writes as it
 * is: ASCII letters, digits and `*-._`.
 */
const FORM_PLAIN = /^[A-Za-z0-9*\-._]*$/;

/**
 * A call's query: the fields with a value, a list as repeated fields, encoded
 * as a URL's search. Fields and values that the encoding writes as they are
 * (a page's number and size, most filters) are joined directly; a query with
 * any other text is encoded by `URLSearchParams`, which makes the same text
 * of the plain ones.
 */
function queryString(query: unknown): string {
  if (query === undefined || query === null) return "";
  let text = "";
  for (const key in query as Record<string, unknown>) {
    if (!Object.hasOwn(query, key)) continue;
    const value = (query as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === "") continue;
    if (!FORM_PLAIN.test(key)) return encodedQuery(query);
    for (const item of Array.isArray(value) ? value : [value]) {
      const shown = String(item);
      if (!FORM_PLAIN.test(shown)) return encodedQuery(query);
      text += text ? `&${key}=${shown}` : `${key}=${shown}`;
    }
  }
  return text;
}

function encodedQuery(query: unknown): string {
  let params: URLSearchParams | undefined;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === "") continue;
    params ??= new URLSearchParams();
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params ? params.toString() : "";
}

/** Logins and the calls that change or export data leave an audit line; reads do not. */
function audited(name: EndpointName): boolean {
  const endpoint = endpoints[name];
  return endpoint.method !== "GET" && !endpoint.readOnly;
}

/**
 * The calls after which no account read kept before is served again
 * (app/utils/account-reads.server.ts): the same as the audited ones, every
 * call that is not a plain read, whoever makes it.
 */
const changesData = audited;

/** Whether a refusal carries data (its message); `null` and `""` do not. */
function hasData(envelope: Envelope): boolean {
  return envelope.data !== undefined && envelope.data !== null && envelope.data !== "";
}

/** A business error thrown to the error boundary: what the page asked for does not exist (404), or the message. */
function codedError(code: number, message: string) {
  if (code === ApiCode.notFound) return data<ErrorPayload>({ code, message }, { status: 404 });
  return data<ErrorPayload>({ code, message, kind: "coded" }, { status: 400 });
}

function malformed() {
  return data<ErrorPayload>({ kind: "malformed" }, { status: 502 });
}

/** The filters of an operation on every order matching them, for the audit line. */
function filterOf(name: EndpointName, query: unknown): string | undefined {
  if (!name.endsWith("ByFilter") || typeof query !== "object" || query === null) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return params.toString();
}
