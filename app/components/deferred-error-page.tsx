/**
 * The error page as the error boundaries of the root and of the signed-in
 * layout draw it. A page shows it only when something went wrong, so its
 * code comes after the first paint (see ./deferred.tsx); the error pages
 * themselves (routes/error.*.tsx, not-found.tsx) import ./error-page.tsx.
 */
import { deferredModule } from "./deferred.tsx";

export const ErrorPage = deferredModule(
  import.meta.env.SSR ? await import("./error-page.tsx") : undefined,
  () => import("./error-page.tsx"),
).component("ErrorPage");
