import type { MiddlewareFunction } from "react-router";
import { noStoreMiddleware } from "./cache-control.server.ts";
import { languageMiddleware } from "./language.server.ts";
import { setLocale } from "./locale.server.ts";
import { requestBodyMiddleware } from "./request-body.server.ts";
import { retryAfterMiddleware } from "./retry-after.server.ts";
import { sessionMiddleware } from "./session.server.ts";
import { staleBuildMiddleware } from "./stale-build.server.ts";

/**
 * The request's locale (`setLocale`), then the language's rules
 * (languageMiddleware), as one step of React Router's pipeline, where each
 * step costs a page a promise, a `next` and the pipeline's own work: the
 * locale only reads the request, and the language's rules do not read the
 * locale, so the language's redirects and answers are those of the two
 * steps one after the other.
 */
const languageAndLocaleMiddleware: MiddlewareFunction<Response> = (args, next) => {
  setLocale(args);
  return languageMiddleware(args, next);
};

/**
 * The root route's middleware, in order (`app/root.tsx` exports it). A
 * module of its own so that the route tests run every request behind this
 * very list: root.tsx itself only loads inside the Vite build.
 */
export const rootMiddleware: MiddlewareFunction<Response>[] = [
  noStoreMiddleware,
  staleBuildMiddleware,
  languageAndLocaleMiddleware,
  requestBodyMiddleware,
  sessionMiddleware,
  retryAfterMiddleware,
];
