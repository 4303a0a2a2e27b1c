import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { HOME_LAYOUT, HOME_PAGES } from "./app/utils/site-map.ts";

const LOCALE_CHUNKS_ID = "virtual:locale-chunks";
const LOCALE_MODULE = /\/app\/locales\/(zh|en)\/index\.ts$/;

/**
 * The browser loads the translations of the page's language only, as a chunk
 * of its own (see app/entry.client.tsx). The server names that chunk in the
 * page's head so the browser fetches it beside the entry, not after it:
 * `virtual:locale-chunks` maps each locale to its chunk's URL. The client
 * build runs first and records the names; the server build reads them.
 */
function localeChunks(): Plugin {
  const urls: Record<string, string> = {};
  return {
    name: "portal-locale-chunks",
    sharedDuringBuild: true,
    resolveId(id) {
      return id === LOCALE_CHUNKS_ID ? `\0${LOCALE_CHUNKS_ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${LOCALE_CHUNKS_ID}`) return undefined;
      if (this.environment.mode === "dev") {
        return `export default ${JSON.stringify({ zh: "/app/locales/zh/index.ts", en: "/app/locales/en/index.ts" })};`;
      }
      return `export default ${JSON.stringify(urls)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        const locale = chunk.type === "chunk" && chunk.facadeModuleId?.match(LOCALE_MODULE)?.[1];
        if (locale) urls[locale] = `/${chunk.fileName}`;
      }
    },
  };
}

type ChunkingContext = Parameters<
  Extract<Rolldown.CodeSplittingGroup["name"], (...args: never) => unknown>
>[1];

/**
 * The modules a module is loaded with: those without static importers (the
 * entry, route modules, chunks loaded with `import()`) from which a chain of
 * static imports leads to it. The browser runs it whenever it runs one of them.
 */
function importRoots() {
  const known = new Map<string, string[]>();
  return (id: string, context: ChunkingContext): string[] => {
    const cached = known.get(id);
    if (cached) return cached;
    const seen = new Set([id]);
    const pending = [id];
    const roots: string[] = [];
    for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
      const importers = context.getModuleInfo(current)?.importers ?? [];
      if (importers.length === 0) roots.push(current);
      for (const importer of importers) {
        if (!seen.has(importer)) {
          seen.add(importer);
          pending.push(importer);
        }
      }
    }
    known.set(id, roots);
    return roots;
  };
}

/** Whether a module id (with or without a query) is one of these files of `app/`. */
const appFiles = (files: readonly string[]) => {
  const paths = files.map((file) => `/app/${file}`);
  return (id: string) => {
    const path = id.replaceAll("\\", "/").replace(/\?.*$/, "");
    return paths.some((file) => path.endsWith(file));
  };
};
const isShell = appFiles(["root.tsx", "entry.client.tsx"]);
const isSignedInLayout = appFiles([HOME_LAYOUT]);
const isSignedIn = appFiles([
  "root.tsx",
  "entry.client.tsx",
  HOME_LAYOUT,
  ...HOME_PAGES.map((page) => page.file),
]);

/** What the list pages draw their lists with: one chunk for all of it. */
const isListPart = appFiles([
  "components/paged-table.tsx",
  "components/paging-bar.tsx",
  "components/list-filter.tsx",
  "components/page-header.tsx",
  "components/status-badge.tsx",
  "utils/logistics-status.ts",
]);

/**
 * Three chunks instead of a dozen small ones, which compress worse apart:
 * `shell`, what every page runs besides the framework (the entry, the root
 * layout, i18next, and what they import); `signed-in`, what the signed-in
 * layout (header, side menu) runs and only signed-in pages use; `chrome`,
 * what that layout shares with the public pages (the language switcher).
 * None makes a page load a module it did not load before.
 */
function shellChunks() {
  const rootsOf = importRoots();
  const chunkOf = (id: string, context: ChunkingContext) => {
    const roots = rootsOf(id, context);
    if (roots.some(isShell)) return "shell";
    if (!roots.some(isSignedInLayout)) return null;
    return roots.every(isSignedIn) ? "signed-in" : "chrome";
  };
  // One group each, highest first: a group takes the modules its modules
  // import along, unless a group before it has them.
  const groups = ["shell", "chrome", "signed-in"].map((name, index) => ({
    name: (id: string, context: ChunkingContext) => (chunkOf(id, context) === name ? name : null),
    debugName: name,
    priority: 4 - index,
  }));
  return [
    ...groups,
    {
      name: (id: string, context: ChunkingContext) =>
        isListPart(id) && rootsOf(id, context).every(isSignedIn) ? "lists" : null,
      debugName: "lists",
      priority: 1,
    },
  ];
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), localeChunks()],
  resolve: {
    tsconfigPaths: true,
    alias: { "use-sync-external-store/shim": "/app/utils/sync-external-store.ts" },
  },
  // The server build starts at server/app.ts (fake backend mount + request handler).
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, React DOM and React Router run on every page: one chunk
            // compresses better than the five they were split into.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 5,
                },
                ...shellChunks(),
              ],
            },
          },
        },
      },
    },
  },
});
