import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE } from "./locales/index.ts";
import { loadTranslations } from "./locales/load.ts";
import { localeOfPath } from "./utils/locale-path.ts";

async function hydrate() {
  const lng = localeOfPath(window.location.pathname);
  // Only the page's language: its chunk is already on its way (root.tsx preloads it).
  await i18next.use(initReactI18next).init({
    resources: { [lng]: await loadTranslations(lng) },
    lng,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });

  if ("serviceWorker" in navigator && import.meta.env.PROD) {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // The portal works without it; only offline caching is lost.
    });
  }
}

void hydrate();
