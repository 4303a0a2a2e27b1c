// First: zod must not probe `new Function` in the browser (see the module).
import "./utils/zod-without-eval.ts";
import localeChunks, { signedIn as signedInChunks } from "virtual:locale-chunks";
import type { ParseKeys } from "i18next";
import { use, useEffect } from "react";
import { preloadModule } from "react-dom";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteError,
} from "react-router";
import { BUILD_META, PageBuildContext } from "~/utils/build-header.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localeOfPath } from "~/utils/locale-path.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { deferredReady } from "./components/deferred.tsx";
import { Shell } from "./components/deferred-app-shell.tsx";
import { ErrorPage } from "./components/deferred-error-page.tsx";
import { LoadingOverlay, RouteAnnouncer } from "./components/navigation-feedback.tsx";
import { ScrollRestoration } from "./components/scroll-restoration.tsx";
import { LOCALE_TAGS } from "./locales/index.ts";
import { loadTranslations } from "./locales/load.ts";
import { rootMiddleware } from "./middleware/root.server.ts";
import { errorTitleKey, pageTitle, titleKeyOf } from "./utils/page-title.ts";
import { shellOf } from "./utils/shell-data.ts";

// Language, translations, form body, session, limits: see middleware/root.server.ts.
export const middleware: Route.MiddlewareFunction[] = rootMiddleware;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The signed-in layout's route: its pages preload the signed-in pages' texts. */
const SIGNED_IN_LAYOUT = "routes/layouts/home";

/*
 * No loader: everything the root draws is known on both sides without one
 * (docs/decisions/2026-11-27-root-without-loader.md). The page's language
 * is its address's (`localeOfPath`, as the server's locale middleware reads
 * it for a page); the names of the language's translation chunks are the
 * build's, known to the server alone (`virtual:locale-chunks` is empty in
 * the browser's build, which cannot know its own chunks' names): the server
 * writes their preloads into the page's head (the signed-in pages' texts'
 * from `App`, which has the matched routes), and the browser, which loads
 * those chunks itself (entry.client.tsx, routes/layouts/home.tsx), draws
 * none; React leaves the server's in the head. The page's title is drawn
 * from the translations (`App`, `pageTitle`).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const locale = localeOfPath(useLocation().pathname);
  const translations = localeChunks[locale];
  // The server's render only, like the preload above: the browser reads it (entry.client.tsx).
  const build = use(PageBuildContext);
  useEffect(() => {
    // Marks the page as running its JavaScript (menus, dialogs and form
    // checks work: their code comes after the first paint, see
    // components/deferred.tsx).
    void deferredReady().then(() => {
      document.documentElement.dataset.hydrated = "true";
    });
  }, []);
  return (
    <html lang={LOCALE_TAGS[locale] ?? "zh-CN"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4d7c0f" />
        <Meta />
        {translations ? <link rel="modulepreload" href={translations} /> : null}
        {build ? <meta name={BUILD_META} content={build} /> : null}
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { t: translate, i18n } = useTranslation();
  const matches = useMatches();
  const locale = localeOfPath(useLocation().pathname);
  // The signed-in layout's pages: their texts' chunk preloaded from the head
  // (the server's build alone knows its name, see Layout).
  const signedInTexts = signedInChunks[locale];
  if (signedInTexts && matches.some((match) => match.id === SIGNED_IN_LAYOUT)) {
    preloadModule(signedInTexts, { as: "script" });
  }
  useEffect(() => {
    if (i18n.language === locale) return;
    // The browser holds one language's translations; another one is loaded first.
    void (async () => {
      if (!i18n.hasResourceBundle(locale, "translation")) {
        const { translation } = await loadTranslations(locale);
        i18n.addResourceBundle(locale, "translation", translation);
      }
      await i18n.changeLanguage(locale);
    })();
  }, [locale, i18n]);
  // The title's keys are built from the page's title key: always present in both languages.
  const t = (key: string) => translate(key as ParseKeys);
  return (
    <>
      <title>{pageTitle(t, titleKeyOf(matches.map((match) => match.id)))}</title>
      <RouteAnnouncer />
      <LoadingOverlay />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t: translate } = useTranslation();
  const t = (key: string) => translate(key as ParseKeys);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  const payload = isRouteErrorResponse(error) ? error.data : undefined;
  // A signed-in user refused a page keeps the menu and header (utils/shell.server.ts).
  const shell = shellOf(payload);
  return (
    <>
      <title>{pageTitle(t, errorTitleKey(status))}</title>
      {shell ? (
        <Shell data={shell}>
          <ErrorPage status={status} payload={payload} inShell />
        </Shell>
      ) : (
        <ErrorPage status={status} payload={payload} />
      )}
    </>
  );
}
