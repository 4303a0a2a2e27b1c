/**
 * The cookies of one browser-like client of the tests: what the portal sets
 * is kept and sent back, what it clears (an empty value, `Max-Age=0`, an
 * expiry in 1970) is dropped.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Takes in the cookies an answer sets or clears. */
  keep(headers: Headers): void {
    for (const cookie of headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1);
      const gone = attributes.some((attribute) =>
        /^\s*(max-age=0\s*$|expires=thu, 01 jan 1970)/i.test(attribute),
      );
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header of the next request. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
