import { data } from "react-router";
import { env } from "~/config/env.server.ts";

function refused() {
  return data({ message: "cross-site request refused" }, { status: 403 });
}

/**
 * A post must come from a page of this portal (React Router checks page
 * actions only when an Origin is sent; resource routes not at all). The host
 * is compared, not the scheme, so the check holds behind a TLS-terminating
 * proxy; `X-Forwarded-Host` counts only with TRUST_PROXY, else anyone could
 * name the host they like. `Origin: null` (a sandboxed frame, a redirect
 * from another site), a cross-site `Sec-Fetch-Site` and, without Origin, a
 * Referer of another host are refused; a post naming neither (a script, a
 * browser sending no Referer) passes.
 */
export function assertSameOrigin(request: Request): void {
  const forwarded = env().trustProxy
    ? request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim()
    : undefined;
  const host = forwarded || request.headers.get("Host");
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    if (hostOf(origin) !== host) throw refused();
    return;
  }
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") throw refused();
  // Without Origin (older browsers, some privacy settings), the page that
  // posted names itself in the Referer, when there is one.
  const referer = request.headers.get("Referer");
  if (referer !== null && hostOf(referer) !== host) throw refused();
}

/** The host of an absolute URL; undefined for `null` or anything unreadable. */
function hostOf(value: string): string | undefined {
  if (value === "null") return undefined;
  try {
    return new URL(value).host || undefined;
  } catch {
    return undefined;
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
