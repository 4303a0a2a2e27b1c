import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import enBase from "./app/locales/en/base.ts";
import { resources } from "./app/locales/resources.ts";
import zhBase from "./app/locales/zh/base.ts";
import { drawnTitleOfRoute, menuOwnTitleTexts } from "./app/utils/route-titles.ts";
import { HOME_LAYOUT, HOME_PAGES } from "./app/utils/site-map.ts";

const LOCALE_CHUNKS_ID = "virtual:locale-chunks";
const LOCALE_MODULE = /\/app\/locales\/(zh|en)\/base\.ts$/;
/** The signed-in pages' texts of a language (app/locales/load.ts): preloaded on those pages. */
const SIGNED_IN_LOCALE_MODULE = /\/app\/locales\/(zh|en)\/signed-in\.ts$/;

/**
 * The browser loads the translations of the page's language only, as a chunk
 * of its own (see app/entry.client.tsx). The server names that chunk in the
 * page's head so the browser fetches it beside the entry, not after it:
 * `virtual:locale-chunks` maps each locale to its chunk's URL (and, as
 * `signedIn`, to its signed-in pages' chunk). The client build runs first and
 * records the names; the server build reads them.
 */
function localeChunks(): Plugin {
  const urls: Record<string, string> = {};
  const signedInUrls: Record<string, string> = {};
  return {
    name: "portal-locale-chunks",
    sharedDuringBuild: true,
    resolveId(id) {
      return id === LOCALE_CHUNKS_ID ? `\0${LOCALE_CHUNKS_ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${LOCALE_CHUNKS_ID}`) return undefined;
      if (this.environment.mode === "dev") {
        return [
          `export default ${JSON.stringify({ zh: "/app/locales/zh/base.ts", en: "/app/locales/en/base.ts" })};`,
          `export const signedIn = ${JSON.stringify({ zh: "/app/locales/zh/signed-in.ts", en: "/app/locales/en/signed-in.ts" })};`,
        ].join("\n");
      }
      return `export default ${JSON.stringify(urls)};\nexport const signedIn = ${JSON.stringify(signedInUrls)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const locale = chunk.facadeModuleId?.match(LOCALE_MODULE)?.[1];
        if (locale) urls[locale] = `/${chunk.fileName}`;
        const signedIn = chunk.facadeModuleId?.match(SIGNED_IN_LOCALE_MODULE)?.[1];
        if (signedIn) signedInUrls[signedIn] = `/${chunk.fileName}`;
      }
    },
  };
}

const ROUTE_TITLES_MODULE = /\/app\/utils\/route-titles\.ts$/;

const CHUNK_TEXTS = { zh: zhBase.translation, en: enBase.translation };

/**
 * The titles in pages' own texts that label menu entries (`MENU_OWN_TITLES`
 * of app/utils/route-titles.ts), as groups to add to a language's chunk
 * (`"audit":{"title":"操作记录"}`): the menu draws them on every page, the
 * rest of those pages' texts stay in their areas. A group the chunk already
 * has keeps its title there, or the build fails.
 */
function menuTitleGroups(locale: keyof typeof CHUNK_TEXTS): string[] {
  const chunk: Record<string, object> = CHUNK_TEXTS[locale];
  return Object.entries(menuOwnTitleTexts(resources[locale].translation)).flatMap(
    ([group, texts]) => {
      if (!(group in chunk)) return [`${JSON.stringify(group)}:${JSON.stringify(texts)}`];
      if ("title" in (chunk[group] ?? {})) return [];
      throw new Error(
        `${group}.title labels a menu entry: ${locale}/base.ts keeps ${group} without it`,
      );
    },
  );
}

/**
 * The browser's page titles without the site map: `app/utils/route-titles.ts`
 * (route id to title key, derived from the site map) becomes its value in the
 * browser build, so the shell does not carry the whole map for the titles
 * (nor the titles of pages the browser never draws, `drawnTitleOfRoute`).
 * The titles in pages' own texts that label menu entries are added to each
 * language's chunk (`app/locales/<locale>/base.ts`, see `menuTitleGroups`).
 */
function pageTitles(): Plugin {
  return {
    name: "portal-page-titles",
    load(id) {
      if (this.environment.name !== "client" || !ROUTE_TITLES_MODULE.test(id)) return undefined;
      return `export const TITLE_OF_ROUTE = ${JSON.stringify(drawnTitleOfRoute())};`;
    },
    transform(code, id) {
      const locale = id.match(LOCALE_MODULE)?.[1] as keyof typeof CHUNK_TEXTS | undefined;
      if (this.environment.name !== "client" || !locale) return undefined;
      const groups = menuTitleGroups(locale);
      if (groups.length === 0) return undefined;
      const opening = /\btranslation:\s*\{/g;
      if (code.match(opening)?.length !== 1) {
        throw new Error(`${id}: one "translation: {" expected, to add the menu's titles to`);
      }
      // First in the group list: the chunk's own groups come after them.
      return { code: code.replace(opening, (found) => `${found}${groups.join(",")},`), map: null };
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

/**
 * The pages that load a module, now or after the first paint: the modules
 * it is loaded with (`importRoots`), where one loaded with `import()` stands
 * for the pages that import it.
 */
function loadingPages(rootsOf: ReturnType<typeof importRoots>) {
  const known = new Map<string, string[]>();
  const pagesOf = (id: string, context: ChunkingContext, seen = new Set<string>()): string[] => {
    const cached = known.get(id);
    if (cached) return cached;
    const pages = new Set<string>();
    for (const root of rootsOf(id, context)) {
      const importers = context.getModuleInfo(root)?.dynamicImporters ?? [];
      if (importers.length === 0 || seen.has(root)) {
        pages.add(root);
        continue;
      }
      seen.add(root);
      for (const importer of importers) {
        for (const page of pagesOf(importer, context, seen)) pages.add(page);
      }
    }
    const found = [...pages];
    known.set(id, found);
    return found;
  };
  return pagesOf;
}

/**
 * Small parts the login page shares with the signed-in layout (the language
 * switcher, the form messages, the hydration flag): they ride in the shell,
 * so the login page does not load the `chrome` chunk, which holds the
 * signed-in layout's frame as well.
 */
const isSharedWithLogin = appFiles([
  "components/language-switcher.tsx",
  "components/form-messages.tsx",
  "utils/use-hydrated.ts",
]);
/**
 * Small parts many signed-in pages draw (under 0.3 KB gzipped each): they
 * ride in the signed-in chunk instead of a file each.
 */
const isSignedInPart = appFiles([
  "components/page-header.tsx",
  "components/status-badge.tsx",
  "utils/logistics-status.ts",
  "utils/submission-field.ts",
]);
const appPath = (file: string) => fileURLToPath(new URL(`./app/${file}`, import.meta.url));
const PAGED_TABLE = appPath("components/paged-table.tsx");
/** The paged table, the filters, and the totals' line (0.4 KB) above two of the tables. */
const LIST_PARTS = [
  PAGED_TABLE,
  appPath("components/list-filter.tsx"),
  appPath("components/order-totals.tsx"),
];
/**
 * The status codes: the public pages' forms use them as well as the
 * signed-in parts above, so they keep a file of their own (a group that
 * takes one of them would take them along, and the public pages with it).
 */
const isStatusCodes = appFiles(["contract/status-codes.ts"]);
const isOrderPage = appFiles(["routes/order/orders.tsx"]);

/** The modules `ids` import statically, directly or not, and themselves. */
function importClosure(ids: string[], context: ChunkingContext): Set<string> {
  const found = new Set(ids);
  const pending = [...ids];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const imported of context.getModuleInfo(current)?.importedIds ?? []) {
      if (!found.has(imported)) {
        found.add(imported);
        pending.push(imported);
      }
    }
  }
  return found;
}

/**
 * A few chunks instead of a dozen small ones, which compress worse apart
 * and each cost every page that loads them a preload and a line of React
 * Router's manifest in its HTML:
 * `shell`, what every page runs besides the framework (the entry, the root
 * layout, the translator, the parts the login page shares with the signed-in layout, what they import, and what both languages' chunks import); `signed-in`, what the signed-in
 * layout (header, side menu) runs and only signed-in pages use, with the
 * page header, the status badge and two small helpers (`isSignedInPart`);
 * `status-codes`, the status codes, which public pages use too; `chrome`, what that layout shares with
 * the public pages (the frame the root's error page draws for a signed-in user); `lists`, the paged table, the
 * filters and what only pages with a paged table use; `list-helpers`, what
 * of theirs other signed-in pages use too (paging bar, list addresses,
 * number format); `order-page`, what the order page shares only with the
 * parts it loads later (its operations' forms). A page loads at most the
 * small parts of `signed-in` (0.8 KB) or a part of `lists` or
 * `list-helpers` (under 1 KB) it did not load before.
 */
/** The groups of `shellChunks`, highest priority first. */
const SHELL_GROUPS = [
  "shell",
  "status-codes",
  "chrome",
  "signed-in",
  "list-helpers",
  "lists",
  "order-page",
] as const;
type ShellGroup = (typeof SHELL_GROUPS)[number];

function shellChunks() {
  const rootsOf = importRoots();
  const pagesOf = loadingPages(rootsOf);
  const within = (pages: string[], allowed: string[]) =>
    pages.every((page) => allowed.includes(page));
  let listParts: Set<string> | undefined;
  const chunkOf = (id: string, context: ChunkingContext): ShellGroup | null => {
    const roots = rootsOf(id, context);
    if (roots.some(isShell) || isSharedWithLogin(id)) return "shell";
    if (isStatusCodes(id)) return "status-codes";
    // Imported by both languages' chunks (the product's name): every page
    // loads one of them, so it runs on every page.
    if (roots.filter((root) => LOCALE_MODULE.test(root)).length > 1) return "shell";
    const pages = pagesOf(id, context);
    if (roots.some(isSignedInLayout)) return pages.every(isSignedIn) ? "signed-in" : "chrome";
    if (isSignedInPart(id) && pages.every(isSignedIn)) return "signed-in";
    if (!pages.every(isSignedIn)) return null;
    listParts ??= importClosure(LIST_PARTS, context);
    if (listParts.has(id)) {
      return within(pages, pagesOf(PAGED_TABLE, context)) ? "lists" : "list-helpers";
    }
    // What the order page shares only with the parts it loads later (its
    // operations' forms): one file instead of one per module.
    if (roots.length > 1 && roots.some(isOrderPage) && pages.every(isOrderPage)) {
      return "order-page";
    }
    return null;
  };
  // One group each, highest first: a group takes the modules its modules
  // import along, unless a group before it has them.
  return SHELL_GROUPS.map((name, index) => ({
    name: (id: string, context: ChunkingContext) => (chunkOf(id, context) === name ? name : null),
    debugName: name,
    priority: SHELL_GROUPS.length - index,
  }));
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), localeChunks(), pageTitles()],
  resolve: {
    tsconfigPaths: true,
    // An absolute file path: the development server's dependency optimizer
    // cannot load a root-relative one ("/app/…") from inside node_modules.
    alias: {
      "use-sync-external-store/shim": fileURLToPath(
        new URL("./app/utils/sync-external-store.ts", import.meta.url),
      ),
    },
  },
  // The server build starts at server/app.ts (fake backend mount + request handler).
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // V8's compile hint: compile every function of the framework's
            // chunk at once, off the page's thread, and keep them in the code
            // cache. Hydration calls most of them; compiled one by one as
            // first called they were 20 ms of each page load's main thread
            // (docs/decisions/2026-11-27-framework-chunk-compile-hint.md).
            postBanner: (chunk) =>
              chunk.name === "framework" ? "//# allFunctionsCalledOnLoad" : "",
            // React, React DOM and React Router run on every page: one chunk
            // compresses better than the five they were split into.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  // Above every group of the app's own.
                  priority: SHELL_GROUPS.length + 1,
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
