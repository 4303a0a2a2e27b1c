import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds live side by side (each end-to-end port gets its own).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // One file per route module: the only export React Router would split off
  // (the signed-in layout's client middleware) lives in a chunk the page
  // loads anyway, so a file of its own only made every page name one more.
  splitRouteModules: false,
} satisfies Config;
