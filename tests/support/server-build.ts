/**
 * A React Router server build of a test's own routes, for React Router's
 * own request handler (`createRequestHandler`) to answer over them: the
 * routes and the server entry a test gives, and the rest a build made by
 * React Router's compiler holds. Its assets manifest is made from the
 * routes: a module address of each route's own (`/<id>.js`), whether it
 * has a loader, an action or an error boundary from its module; nothing
 * runs in a browser (no client loader, action or middleware). Server
 * rendered, all routes sent with the first page (route discovery
 * "initial"), no base name.
 */
import type { ServerBuild } from "react-router";

type ServerRoute = NonNullable<ServerBuild["routes"][string]>;
type AssetsRoute = NonNullable<ServerBuild["assets"]["routes"][string]>;

/** A route of the build: where it sits in the table and its module. */
export type BuildRoute = Pick<ServerRoute, "id" | "parentId" | "path" | "index" | "module">;

/** The assets manifest's entry for `route`, as React Router's compiler writes it. */
function assetsRoute({ module, ...place }: BuildRoute): AssetsRoute {
  return {
    ...place,
    module: `/${place.id}.js`,
    hasLoader: module.loader !== undefined,
    hasAction: module.action !== undefined,
    hasErrorBoundary: module.ErrorBoundary !== undefined,
    hasClientLoader: false,
    hasClientAction: false,
    hasClientMiddleware: false,
    clientLoaderModule: undefined,
    clientActionModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

/** A build of `routes`, with `entry` as its server entry. */
export function serverBuild(
  routes: readonly BuildRoute[],
  entry: ServerBuild["entry"]["module"],
): ServerBuild {
  return {
    entry: { module: entry },
    routes: Object.fromEntries(routes.map((route) => [route.id, route])),
    assets: {
      entry: { imports: [], module: "/entry.js" },
      routes: Object.fromEntries(routes.map((route) => [route.id, assetsRoute(route)])),
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
}
