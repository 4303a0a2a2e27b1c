import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), localeChunks()],
  resolve: { tsconfigPaths: true },
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
                },
              ],
            },
          },
        },
      },
    },
  },
});
