/**
 * The header in which the browser names the build its code comes from, on
 * every `.data` request it makes (React Router's loader and action requests
 * of client-side navigations, forms, fetchers and revalidations). The build
 * is React Router's own version of it: the hash of the route manifest, which
 * names every chunk of the browser's code by its content hash; the page has
 * it as `window.__reactRouterManifest.version`, the server as its build's
 * `assets.version`. A server of another build answers such a request with a
 * reload of the whole document instead of handing its data to code that may
 * read it otherwise (app/middleware/stale-build.server.ts,
 * docs/decisions/2026-11-27-a-tab-of-an-older-release-reloads.md).
 */
export const BUILD_HEADER = "X-Portal-Build";

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
    const url = new URL(input instanceof Request ? input.url : input, location.href);
    if (url.origin !== location.origin || !url.pathname.endsWith(".data")) {
      return send(input, init);
    }
    const headers = new Headers(init?.headers ?? request?.headers);
    headers.set(BUILD_HEADER, build);
    return send(input, { ...init, headers });
  };
}
