import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds live side by side (each end-to-end port gets its own).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // One file per route module: the only export React Router would split off
  // (the signed-in layout's client middleware) lives in a chunk the page
  // loads anyway, so a file of its own only made every page name one more.
  splitRouteModules: false,
  // The whole route manifest is a file of the build that every page imports
  // (immutable, cached), instead of the routes of the page's own branches
  // written into every page and the rest asked of the server (`/__manifest`)
  // before a navigation to a page not seen yet: the server neither matches
  // `/` and each parent path over every route nor writes the manifest per
  // page (docs/decisions/2026-11-27-route-manifest-as-a-file.md).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
