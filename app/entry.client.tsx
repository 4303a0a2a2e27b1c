import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, resources } from "./locales/index.ts";
import { localeOfPath } from "./utils/locale-path.ts";

async function hydrate() {
  await i18next.use(initReactI18next).init({
    resources,
    lng: localeOfPath(window.location.pathname),
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
