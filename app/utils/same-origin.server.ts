import { data } from "react-router";

/**
 * Resource-route actions get no built-in CSRF check: a post must come from a
 * page of this portal. The host is compared, not the scheme, so the check
 * holds behind a TLS-terminating proxy.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("Origin");
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
  if (origin && origin !== "null") {
    if (new URL(origin).host !== host)
      throw data({ message: "cross-site request refused" }, { status: 403 });
    return;
  }
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") {
    throw data({ message: "cross-site request refused" }, { status: 403 });
  }
}

const PORTAL_BASE = "http://portal.invalid";

/**
 * A redirect target that stays on this portal: the path, query and hash of
 * `value` as a browser would resolve them against this origin, with any run
 * of leading slashes collapsed to one. `//evil.test`, `/\evil.test`,
 * `///evil.test`, `/\t/evil.test`, `https://evil.test` and `javascript:` all
 * come back as a local path (or `fallback` when they name another origin).
 */
export function localRedirectTarget(value: string, fallback = "/"): string {
  // A path that starts with slashes, backslashes or blanks is meant as a path
  // of this portal: browsers would read `//host` or `/\host` as another host.
  const path = /^[\s/\\]/.test(value) ? value.replace(/^[\s/\\]+/, "/") : value;
  let resolved: URL;
  try {
    resolved = new URL(path, `${PORTAL_BASE}/`);
  } catch {
    return fallback;
  }
  if (resolved.origin !== PORTAL_BASE) return fallback;
  const pathname = resolved.pathname.replace(/^\/+/, "/");
  return `${pathname}${resolved.search}${resolved.hash}`;
}

/** A path of this portal to return to, never another site (`//evil.test`, `https://...`). */
export function safeReturnPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.includes("\\")
  ) {
    return fallback;
  }
  return localRedirectTarget(value, fallback);
}
