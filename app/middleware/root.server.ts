import type { MiddlewareFunction } from "react-router";
import { noStoreMiddleware } from "./cache-control.server.ts";
import { languageMiddleware } from "./language.server.ts";
import { localeMiddleware } from "./locale.server.ts";
import { requestBodyMiddleware } from "./request-body.server.ts";
import { retryAfterMiddleware } from "./retry-after.server.ts";
import { sessionMiddleware } from "./session.server.ts";

/**
 * The root route's middleware, in order (`app/root.tsx` exports it). A
 * module of its own so that the route tests run every request behind this
 * very list: root.tsx itself only loads inside the Vite build.
 */
export const rootMiddleware: MiddlewareFunction<Response>[] = [
  noStoreMiddleware,
  languageMiddleware,
  localeMiddleware,
  requestBodyMiddleware,
  sessionMiddleware,
  retryAfterMiddleware,
];
