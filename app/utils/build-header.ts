import { createContext } from "react";

/**
 * The header in which the browser names the build its code comes from, on
 * every `.data` request it makes (React Router's loader and action requests
 * of client-side navigations, forms, fetchers and revalidations). The build
 * is React Router's own version of it: the hash of the route manifest, which
 * names every chunk of the browser's code by its content hash; the server
 * has it as its build's `assets.version` and writes it into every page's
 * head (`BUILD_META`), where the page reads it. A server of another build
 * answers such a request with a reload of the whole document instead of
 * handing its data to code that may read it otherwise
 * (app/middleware/stale-build.server.ts,
 * docs/decisions/2026-11-27-a-tab-of-an-older-release-reloads.md).
 */
export const BUILD_HEADER = "X-Portal-Build";

/** The name of the head's `<meta>` in which the server writes the page's build. */
export const BUILD_META = "portal-build";

/**
 * The page's build in the server's render (React Router's
 * `EntryContext.manifest.version`, app/entry.server.tsx), which the root
 * writes as `BUILD_META`; empty in the browser, which reads the element
 * the server wrote (`pageBuild`).
 */
export const PageBuildContext = createContext<string | undefined>(undefined);

/** The build the server wrote into this page's head, if any. */
export function pageBuild(): string | undefined {
  return (
    document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META}"]`)?.content || undefined
  );
}

/**
 * Wraps the page's `fetch` (React Router calls the global one; 8.4 takes no
 * fetch of the app's nor headers for its requests) so that a request of this
 * origin whose path ends in `.data` carries `build` in `BUILD_HEADER`;
 * everything else passes untouched.
 */
export function sendBuildWithDataRequests(build: string): void {
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = urlOf(input instanceof Request ? input.url : input);
    if (url?.origin !== location.origin || !url.pathname.endsWith(".data")) {
      return send(input, init);
    }
    const headers = new Headers(init?.headers ?? request?.headers);
    headers.set(BUILD_HEADER, build);
    return send(input, { ...init, headers });
  };
}

/**
 * The address a request goes to, read against the page's; undefined when it
 * cannot be read, which `fetch` itself answers (a rejected promise, where
 * `new URL` would throw before the caller's `.catch` is attached).
 */
function urlOf(input: string | URL): URL | undefined {
  try {
    return new URL(input, location.href);
  } catch {
    return undefined;
  }
}
