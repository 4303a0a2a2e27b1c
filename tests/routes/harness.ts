/**
 * The one way route tests run a loader or action: behind the middleware the
 * app itself declares (the root's list, `app/middleware/root.server.ts`, and
 * for a signed-in page the home layout's), the way React Router runs them
 * for a request. A middleware added to the app is in every route test.
 */
import {
  type UNSAFE_DataWithResponseInit as DataWithResponseInit,
  type MiddlewareFunction,
  RouterContextProvider,
} from "react-router";
import { rootMiddleware } from "~/middleware/root.server.ts";
import { middleware as homeMiddleware } from "~/routes/layouts/home.tsx";
import { Api } from "~/utils/api.server.ts";
import { requestInfoContext } from "~/utils/request-context.server.ts";
import { commitSession, sessionStorage } from "~/utils/session.server.ts";
import { CHROME_UA, PASSWORD } from "../contract/helpers.ts";

export const ORIGIN = "http://127.0.0.1:3000";

/** What a route's handler answered or threw, and the answer the middleware made of it. */
export interface RouteAnswer {
  /** What the loader or action returned, or what it (or a middleware before it) threw. */
  value: unknown;
  thrown: boolean;
  /** The response the browser gets, every middleware's headers included. */
  response: Response;
}

export interface RouteRequest<Args> {
  request: Request;
  handler: (args: Args) => unknown;
  /** A page of the home layout: its middleware (signed in, allowed here) runs too. */
  home?: boolean;
  /** The address the server saw the request come from (limits count per address). */
  clientIp?: string;
  /** The route's path pattern, as React Router passes it to the handler. */
  pattern?: string;
}

/**
 * Runs `handler` for `request` behind the app's middleware. As in React
 * Router, `next()` never throws: a redirect or error thrown below a
 * middleware reaches it as a response, so its own headers (cookies,
 * caching) are added to that one too; and what a middleware throws is the
 * answer, even while the handler below it still runs (the home layout's
 * middleware refuses a user beside the page's loader): the handler's later
 * outcome is dropped. An exception that is neither a `Response` nor
 * `data()` fails the test.
 */
export async function runRoute<Args>(options: RouteRequest<Args>): Promise<RouteAnswer> {
  const { request } = options;
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp: options.clientIp ?? "198.51.100.7" });
  const args = {
    request,
    url: dataFunctionUrl(request),
    params: {},
    context,
    pattern: options.pattern ?? "/*",
  };
  const chain: MiddlewareFunction<Response>[] = [
    ...rootMiddleware,
    ...(options.home ? (homeMiddleware as MiddlewareFunction<Response>[]) : []),
  ];
  const answered = (value: unknown, thrown: boolean): RouteAnswer => {
    if (thrown && !(value instanceof Response) && !isData(value)) throw value;
    return { value, thrown, response: asResponse(value) };
  };
  const through = async (index: number): Promise<RouteAnswer> => {
    const middleware = chain[index];
    try {
      if (!middleware) return answered(await options.handler(args as Args), false);
      let below: RouteAnswer | undefined;
      const response = await middleware(args, async () => {
        below = await through(index + 1);
        return below.response;
      });
      return {
        value: below?.value,
        thrown: below?.thrown ?? false,
        response: response ?? new Response(null),
      };
    } catch (error) {
      return answered(error, true);
    }
  };
  return through(0);
}

/**
 * The `url` React Router gives a middleware, loader or action for `request`:
 * the address of the page the request is for. This mirrors React Router's
 * rule (8.4), for a page and a data request, GET or POST alike: the server
 * runtime's `getNormalizedPath` makes the location it matches and runs
 * (`/x/_.data` is `/x/`, `/x.data` is `/x`; its `_routes` parameter
 * dropped; no fragment), and the router's `createDataFunctionUrl` turns
 * that location into the `url` (a bare `index` dropped, one with a value
 * kept, moved last; the query written again by `URLSearchParams`). The
 * handler's `request` stays the one the browser sent.
 */
export function dataFunctionUrl(request: Request): URL {
  const url = new URL(request.url);
  const { pathname } = url;
  url.pathname = pathname.endsWith("/_.data")
    ? pathname.slice(0, -"_.data".length)
    : pathname.replace(/\.data$/, "");
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const indexValues = query.getAll("index");
  query.delete("index");
  for (const value of indexValues.filter(Boolean)) query.append("index", value);
  const search = query.toString();
  url.search = search ? `?${search}` : "";
  url.hash = "";
  return url;
}

export function isData(value: unknown): value is DataWithResponseInit<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** The payload of `data()`, or the value itself. */
export function payloadOf(value: unknown): unknown {
  return isData(value) ? value.data : value;
}

/** The status of what a handler answered or threw (a redirect, an error page's data). */
export function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  if (isData(value)) return value.init?.status ?? 200;
  return 200;
}

function asResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isData(value)) {
    return new Response(null, { status: value.init?.status ?? 200, headers: value.init?.headers });
  }
  return new Response(null);
}

/**
 * `username` signed in through the portal's API client: the session cookie
 * (`name=value`) for requests to routes, and the signed-in client for the
 * backend calls a test makes to set up its case.
 */
export async function signedInSession(username: string): Promise<{ cookie: string; api: Api }> {
  const session = await sessionStorage.getSession();
  const client = (token?: string) =>
    new Api({
      token,
      locale: "zh",
      session,
      clientIp: "198.51.100.7",
      userAgent: CHROME_UA,
      genericMessage: "网络通信异常",
    });
  const { token } = await client().call("login", { body: { username, password: PASSWORD } });
  session.set("token", token);
  const cookie = (await commitSession(session)).split(";")[0] ?? "";
  return { cookie, api: client(token) };
}

/** The session cookie (`name=value`) of `username`, signed in through the portal's API client. */
export async function sessionCookieOf(username: string): Promise<string> {
  return (await signedInSession(username)).cookie;
}
