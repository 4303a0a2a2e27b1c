/**
 * The fake backend's entry points.
 *
 * - `handlers`: msw request handlers for the whole /api/v1 contract (any origin).
 * - `handleMockApiRequest(request)`: answers a Fetch Request in-process (demo
 *   mode of the portal, the standalone server, tests); unknown paths answer
 *   HTTP 404 with an envelope. The data is seeded lazily, once, on first use.
 * - `resetMockDb(options?)`: drops everything and seeds again (tests).
 * - `mockClock`: the backend's clock, which tests can pin or advance.
 */
import { type HttpHandler, matchRequestUrl, type PathParams } from "msw";
import { ApiCode } from "../app/contract/envelope.ts";
import { clearAttempts } from "./attempts.ts";
import { type Address, addressOf, requestAt } from "./bodiless-request.ts";
import { faultOf } from "./faults.ts";
import { accountHandlers } from "./handlers/account.ts";
import { auditHandlers } from "./handlers/audit.ts";
import { catalogueHandlers } from "./handlers/catalogue.ts";
import { companyHandlers } from "./handlers/company.ts";
import { demoHandlers } from "./handlers/demo.ts";
import { fileHandlers } from "./handlers/files.ts";
import { listSettingsHandlers } from "./handlers/list-settings.ts";
import { logisticsHandlers } from "./handlers/logistics.ts";
import { noticeHandlers } from "./handlers/notice.ts";
import { uploadHandlers } from "./handlers/upload.ts";
import { workbenchHandlers } from "./handlers/workbench.ts";
import { langOf, t } from "./i18n.ts";
import { clearAddressLimits } from "./limits.ts";
import { withMailbox } from "./mailbox.ts";
import { asOutsideCall } from "./outside.ts";
import { API_BASE, envelope, errorResponse, type RouteResolver, resolverOf } from "./route.ts";
import type { SeedOptions } from "./seed.ts";
import { clearLastSeen, clearVerifiedHashes } from "./session.ts";
import { ensureSeeded, isSeeded, reseed } from "./state.ts";

export { mockClock } from "./clock.ts";
export { SEED_BASE_TIME, type SeedOptions } from "./seed.ts";

export const handlers = [
  ...accountHandlers,
  ...logisticsHandlers,
  ...fileHandlers,
  ...companyHandlers,
  ...catalogueHandlers,
  ...uploadHandlers,
  ...noticeHandlers,
  ...listSettingsHandlers,
  ...workbenchHandlers,
  ...auditHandlers,
  ...demoHandlers,
];

function firstSegment(path: string): string {
  return (path.split("/")[1] ?? "").toLowerCase();
}

/**
 * msw tries the handlers one after the other, and for each one parses the
 * URL and the cookies and matches the path before it even compares the
 * method: 67 handlers per call. The handlers a call can match are those of
 * its method whose first segment after /api/v1 is the call's (or a
 * parameter); they are tried in the same order, so the first that matches
 * is the one msw would have found among all of them.
 */
function handlersFor(method: string, pathname: string): HttpHandler[] {
  const segment = firstSegment(pathname.slice(API_BASE.length));
  const bySegment = handlersByCall.get(method.toUpperCase());
  if (!bySegment) return [];
  return bySegment.get(segment) ?? bySegment.get(ANY_SEGMENT) ?? [];
}

/** Key of the handlers whose first segment is a parameter: the only ones an unknown segment can match. */
const ANY_SEGMENT = ":";

function indexHandlers(): Map<string, Map<string, HttpHandler[]>> {
  const declared = handlers.map((handler) => {
    const { method, path } = handler.info;
    if (
      typeof method !== "string" ||
      typeof path !== "string" ||
      !path.startsWith(`*${API_BASE}/`)
    ) {
      throw new Error(`every handler of the fake backend serves a path under ${API_BASE}`);
    }
    if (!resolverOf(handler))
      throw new Error("every handler of the fake backend is made by route()");
    const segment = firstSegment(path.slice(1 + API_BASE.length));
    return {
      handler,
      method: method.toUpperCase(),
      segment: /^[:*{(]/.test(segment) ? ANY_SEGMENT : segment,
    };
  });
  const byCall = new Map<string, Map<string, HttpHandler[]>>();
  for (const method of new Set(declared.map((entry) => entry.method))) {
    const ofMethod = declared.filter((entry) => entry.method === method);
    const bySegment = new Map<string, HttpHandler[]>();
    for (const segment of new Set([ANY_SEGMENT, ...ofMethod.map((entry) => entry.segment)])) {
      bySegment.set(
        segment,
        ofMethod
          .filter((entry) => entry.segment === segment || entry.segment === ANY_SEGMENT)
          .map((entry) => entry.handler),
      );
    }
    byCall.set(method, bySegment);
  }
  return byCall;
}
const handlersByCall = indexHandlers();

/**
 * The handler that answers a call and its path's parameters: the first of
 * the handlers msw would try (`handlersFor`) whose path msw's own matcher
 * matches, as msw's `getResponse` finds it. Its resolver is then called
 * straight away: msw would also copy the request, parse its cookies for
 * every handler tried, and make an id and an abort controller per call,
 * none of which `route`'s handlers read.
 */
export function matchCall(method: string, url: Address): MatchedCall | undefined {
  const known = webOrigin(url) && staticCalls.get(method.toUpperCase())?.get(url.pathname);
  if (known === null) return undefined;
  if (known) return known.at(url.origin);
  return findCall(method, url instanceof URL ? url : new URL(url.href));
}

/** An http(s) address, whose origin is what msw's leading wildcard matches before the path. */
function webOrigin(url: Address): boolean {
  return url.protocol === "http:" || url.protocol === "https:";
}

interface MatchedCall {
  handler: HttpHandler;
  resolve: RouteResolver;
  params: PathParams;
}

/**
 * A path without parameters, matched: its handler, made into the call of
 * each origin it is reached at, msw's parameters of such a path being its
 * leading wildcard, the origin. The calls of the last few origins are kept
 * (a client calls from one or two; the `Host` header names them), frozen, so
 * that the same call is not made again for every request.
 */
class StaticCall {
  readonly #found: MatchedCall;
  readonly #byOrigin = new Map<string, MatchedCall>();

  constructor(found: MatchedCall) {
    this.#found = found;
  }

  at(origin: string): MatchedCall {
    let call = this.#byOrigin.get(origin);
    if (call === undefined) {
      call = Object.freeze({ ...this.#found, params: Object.freeze({ 0: origin }) });
      if (this.#byOrigin.size >= KEPT_ORIGINS) this.#byOrigin.clear();
      this.#byOrigin.set(origin, call);
    }
    return call;
  }
}
const KEPT_ORIGINS = 8;

/** `matchCall`'s search: the candidates in msw's order, each path matched by msw's matcher. */
function findCall(method: string, url: URL): MatchedCall | undefined {
  for (const handler of handlersFor(method, url.pathname)) {
    const { path } = handler.info;
    const resolve = resolverOf(handler);
    if (typeof path !== "string" || !resolve) continue;
    const match = matchRequestUrl(url, path);
    if (match.matches) return { handler, resolve, params: match.params || {} };
  }
  return undefined;
}

/**
 * What `findCall` answers for each path of a handler that has no parameter
 * (the order page's two calls are such paths: `/account/account-info`,
 * `/cba/order`), found once at start by the same search, by method and
 * path: such a call is looked up instead of matching the paths of the
 * candidates one by one. `null`: no handler (another method's path).
 */
const staticCalls = new Map<string, Map<string, StaticCall | null>>();
for (const handler of handlers) {
  const path = String(handler.info.path).slice(1);
  if (/[:*{(]/.test(path)) continue;
  const url = new URL(path, "http://127.0.0.1");
  if (url.pathname !== path) continue;
  for (const method of handlersByCall.keys()) {
    let byPath = staticCalls.get(method);
    if (!byPath) {
      byPath = new Map();
      staticCalls.set(method, byPath);
    }
    const found = findCall(method, url);
    byPath.set(path, found ? new StaticCall(found) : null);
  }
}

export interface MockCallOptions {
  /**
   * The call comes from outside (the portal's public mount): the calls only
   * the portal and the tests make are closed to it (mocks/outside.ts).
   */
  outside?: boolean;
}

/** Answers one request of the /api/v1 contract. */
export function handleMockApiRequest(
  request: Request,
  options: MockCallOptions = {},
): Promise<Response> {
  return options.outside ? asOutsideCall(() => answer(request)) : answer(request);
}

async function answer(request: Request): Promise<Response> {
  const lang = langOf(request);
  try {
    // Seeded once: no wait (an `await` of the settled seeding is a turn of the microtask queue).
    if (!isSeeded()) await ensureSeeded();
    let url = addressOf(request);
    // "/api/v1/cba/order/?x=1" is the same call as "/api/v1/cba/order?x=1".
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      const moved = new URL(url.href);
      moved.pathname = moved.pathname.replace(/\/+$/, "");
      request = requestAt(request, moved);
      url = moved;
    }
    const routed = request;
    const fault = faultOf(request.method, url.pathname.slice(API_BASE.length));
    if (fault !== undefined && url.pathname.startsWith(API_BASE)) {
      const message = t(lang, "serverError");
      return envelope(fault, message, message);
    }
    return await withMailbox(routed, () => {
      const call = matchCall(routed.method, url);
      if (call) return call.resolve({ request: routed, params: call.params, lang });
      const message = t(lang, "pathNotFound");
      return Promise.resolve(envelope(ApiCode.notFound, message, message, 404));
    });
  } catch (error) {
    return errorResponse(error, lang, false);
  }
}

/** Drops all data and seeds again (sizes from the options, else the env knobs). */
export async function resetMockDb(options?: SeedOptions): Promise<void> {
  clearAttempts();
  clearAddressLimits();
  clearLastSeen();
  clearVerifiedHashes();
  await reseed(options);
}
