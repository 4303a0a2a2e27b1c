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
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1 || part.slice(0, index).trim() !== name) continue;
    let value = part.slice(index + 1).trim();
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
