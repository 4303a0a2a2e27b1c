/**
 * Cookies and the headers that set them. The plain (unsigned) ones below are
 * read by other systems of the platform on the same domain too.
 */
export const LANG_COOKIE = "lang";
export const I18N_REDIRECTED_COOKIE = "i18n_redirected";
export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The value of cookie `name` in a Cookie header (or `document.cookie`): the
 * one cookie parser of the portal, its server and the fake backend. The
 * first cookie of the name counts (browsers send the most specific path
 * first), a value in double quotes loses them (RFC 6265), a percent-encoded
 * value is decoded and a broken encoding is kept as sent, never an error.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  // A header without the name anywhere has no such cookie: most requests
  // lack the one asked for, and a session's cookie is long.
  if (!header?.includes(name)) return undefined;
  // The pairs between `;`, read in place (no list of the header's parts).
  // The next `=` is looked for once for every pair it lies beyond, so pairs
  // without one (`a;a;a;…`) cost one pass over the header, not one each.
  let index = -1;
  for (let start = 0; start < header.length; ) {
    const semicolon = header.indexOf(";", start);
    const end = semicolon === -1 ? header.length : semicolon;
    if (index < start) index = header.indexOf("=", start);
    // No `=` left: no pair left that names a cookie.
    if (index === -1) return undefined;
    const named = index < end && header.slice(start, index).trim() === name;
    start = end + 1;
    if (!named) continue;
    let value = header.slice(index + 1, end).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export function plainCookie(
  name: string,
  value: string,
  options: { secure?: boolean } = {},
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "SameSite=Lax",
    options.secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** Several Set-Cookie values in one set of headers; absent ones are left out. */
export function cookieHeaders(...cookies: (string | undefined)[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}
