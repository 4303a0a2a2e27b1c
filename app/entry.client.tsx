import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE } from "./locales/index.ts";
import { loadTranslations } from "./locales/load.ts";
import { pageBuild, sendBuildWithDataRequests } from "./utils/build-header.ts";
import { localeOfPath } from "./utils/locale-path.ts";
import { browserTranslator } from "./utils/translator.ts";

// Every `.data` request names this page's build, so that a tab left open
// across a release is reloaded by the new server instead of handed data its
// code may misread (app/middleware/stale-build.server.ts). Built pages only:
// the development server's manifest changes its version with every load.
const build = pageBuild();
if (import.meta.env.PROD && build) sendBuildWithDataRequests(build);

async function hydrate() {
  const lng = localeOfPath(window.location.pathname);
  // Only the page's language: its chunk is already on its way (root.tsx preloads it).
  // The portal's own translator, not i18next (docs/decisions/2026-11-26-browser-translator.md).
  browserTranslator.init({
    resources: { [lng]: await loadTranslations(lng) },
    lng,
    fallbackLng: DEFAULT_LOCALE,
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });

  if ("serviceWorker" in navigator && import.meta.env.PROD) {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // The portal works without it; only offline caching is lost.
    });
  }
}

void hydrate();
