/**
 * What the root layout shows after a navigation: the announcement of the
 * new page (./route-announcer.tsx) and the overlay of a slow one
 * (./loading-overlay.tsx). Neither has anything to do before the first
 * navigation, so their code comes after the first paint (see ./deferred.tsx);
 * the server draws the announcer's empty live region as before.
 */
import { deferredModule } from "./deferred.tsx";

const parts = deferredModule(
  import.meta.env.SSR ? await import("./navigation-parts.ts") : undefined,
  () => import("./navigation-parts.ts"),
);

export const LoadingOverlay = parts.component("LoadingOverlay");
export const RouteAnnouncer = parts.component("RouteAnnouncer");
