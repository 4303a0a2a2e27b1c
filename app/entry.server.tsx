import type { i18n as I18n } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { NonceContext } from "./components/csp-nonce.tsx";
import { keepMarkupWith } from "./components/kept-markup.ts";
import { DEFAULT_LOCALE } from "./locales/index.ts";
import { PageBuildContext } from "./utils/build-header.ts";
import { RequestI18n } from "./utils/i18n.ts";
import { localeOfPath } from "./utils/locale-path.ts";
import { cspNonceOf, getInstance, translatorOf } from "./utils/request-context.server.ts";
import { defersData, streamedHtml } from "./utils/streamed-html.server.ts";

export const streamTimeout = 5_000;

// Subtrees without handlers or state are written once and kept (components/kept-markup.ts).
keepMarkupWith(renderToString);

/**
 * The i18next instance of the request; when the request failed before the
 * i18n middleware ran, the server's translator of the URL's language, so even
 * that error page is translated.
 */
function i18nFor(request: Request, context: RouterContextProvider): I18n {
  try {
    return getInstance(context);
  } catch {
    return translatorOf(localeOfPath(new URL(request.url).pathname) ?? DEFAULT_LOCALE);
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Every script React and React Router render carries this response's nonce
  // (the Content-Security-Policy header names it; Scripts and
  // ScrollRestoration take it from ServerRouter).
  const nonce = cspNonceOf(loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // A page streams only what its loaders deferred (a promise they returned);
    // any other page is drawn whole before the first byte goes out, and then
    // answered in one piece with its length (utils/streamed-html.server.ts):
    // React Router's data at the end of the page is written a few turns of
    // the event loop after the rest, so answering at the shell would send the
    // page in two writes and its closing chunk in a third.
    // (The cheap tests first: a page that defers nothing never asks isbot's
    // expression of some thousand names about the user agent.)
    const waitForAll =
      !defersData(routerContext.staticHandlerContext) ||
      routerContext.isSpaMode ||
      (userAgent !== null && isbot(userAgent));
    // `abort` only exists once renderToPipeableStream has returned: the timer
    // must not call it before (a render that fails early would crash the process).
    let abort: (() => void) | undefined;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort?.(),
      streamTimeout + 1000,
    );

    const answer = () =>
      resolve(
        streamedHtml(stream, responseHeaders, responseStatusCode, () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        }),
      );
    const stream = renderToPipeableStream(
      <RequestI18n value={i18nFor(request, loadContext)}>
        <NonceContext value={nonce}>
          <PageBuildContext value={routerContext.manifest.version}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </PageBuildContext>
        </NonceContext>
      </RequestI18n>,
      {
        nonce,
        // The whole page is one document, in place: React would otherwise send
        // a finished Suspense boundary (the menus, see components/headless.tsx)
        // apart, past 12.5 kB of page, for a script to move in, and a browser
        // without JavaScript would never show it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          // From here on an error is one of a Suspense boundary's, which
          // React draws in the browser instead: only the log tells of it.
          shellRendered = true;
          if (!waitForAll) answer();
        },
        onAllReady() {
          if (waitForAll) answer();
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abort = stream.abort;
  });
}

/**
 * Errors of loaders and actions reach the log once. A request the client
 * gave up on says nothing; a post another site forged (React Router's own
 * Origin check) is one line, not a stack trace: it is an attempt, not a bug.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  if (error instanceof Error && /origin. header .*action request/i.test(error.message)) {
    console.warn(
      `[security] cross-site ${request.method} ${new URL(request.url).pathname} refused`,
    );
    return;
  }
  console.error(error);
}
