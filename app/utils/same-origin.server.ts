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
  return value;
}
