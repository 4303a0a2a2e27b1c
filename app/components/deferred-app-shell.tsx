/**
 * The signed-in layout's menu and header as the root's error boundary draws
 * them around a signed-in user's 403 (a refusal of the layout's middleware
 * lands there, before the layout has data). Deferred like the error page
 * itself (./deferred-error-page.tsx): a page shows it only when refused.
 */
import { deferredModule } from "./deferred.tsx";

export const Shell = deferredModule(
  import.meta.env.SSR ? await import("./app-shell.tsx") : undefined,
  () => import("./app-shell.tsx"),
).component("Shell");
