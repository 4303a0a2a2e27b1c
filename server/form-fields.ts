/**
 * Counting the fields of a form body as it streams in, before anything parses
 * it: the number of fields, and how often one name comes back. Both counters
 * look at each byte once (native `indexOf` does the scanning), keep no more
 * than the current field's name, and say "too many" as soon as a limit is
 * passed, so a refused body is never read to its end.
 *
 * Node runs this file directly (server.ts, mocks/standalone.ts): relative
 * imports with `.ts` only.
 */

export interface FieldLimits {
  /** Fields in one body (files count as fields). */
  fields: number;
  /** Fields of one name in one body. */
  repeats: number;
  /** Characters of one field name, as decoded (a name's depth grows with its length); its list indexes stay below `fields`. */
  nameLength: number;
}

/** Why a body is refused: too many fields (or repeats), or a name no form of the portal has (too long, an index too far). */
export type FieldRefusal = "tooManyFields" | "badName";

/**
 * Feeds a body in chunks; each call answers which limit was passed so far,
 * if any. A field counts once its name is complete (at its `=`, `&` or part
 * headers' end): a last field without `=` is not counted, so at most one
 * field beyond the limits reaches the parser.
 */
export interface FieldCounter {
  write(chunk: Uint8Array): FieldRefusal | undefined;
}

/** A counter for a body of this Content-Type; undefined when it is not a form. */
export function fieldCounter(
  contentType: string | undefined,
  limits: FieldLimits,
): FieldCounter | undefined {
  const [type = "", ...params] = (contentType ?? "").split(";");
  const media = type.trim().toLowerCase();
  if (media === "application/x-www-form-urlencoded") return new UrlencodedCounter(limits);
  if (media !== "multipart/form-data") return undefined;
  const boundary = params
    .map((param) => /^\s*boundary\s*=\s*(?:"([^"]*)"|(\S+))\s*$/i.exec(param))
    .find(Boolean);
  const value = boundary?.[1] ?? boundary?.[2];
  // Without a usable boundary the body cannot be read as a form at all: the
  // form parser refuses it (400), there is nothing to count.
  return value && value.length <= 70 ? new MultipartCounter(value, limits) : undefined;
}

/** Counts fields and the repeats of each name; names are kept once each. */
class Tally {
  private fields = 0;
  private readonly perName = new Map<string, number>();
  private readonly limits: FieldLimits;

  constructor(limits: FieldLimits) {
    this.limits = limits;
  }

  /** Adds a field; the limit it passes, if any. */
  add(name: string): FieldRefusal | undefined {
    if (name.length > this.limits.nameLength || indexBeyond(name, this.limits.fields)) {
      return "badName";
    }
    this.fields += 1;
    const repeats = (this.perName.get(name) ?? 0) + 1;
    this.perName.set(name, repeats);
    if (this.fields > this.limits.fields || repeats > this.limits.repeats) return "tooManyFields";
    return undefined;
  }
}

/**
 * Whether a name's list index (`a[7]`) is one no form of so many fields could
 * fill: the form library makes a list that long (`a[999999999]`, a list of a
 * billion empty places) and walks it when answering.
 */
function indexBeyond(name: string, fields: number): boolean {
  for (const [, digits = ""] of name.matchAll(/\[(\d+)\]/g)) {
    if (digits.length > 6 || Number(digits) >= fields) return true;
  }
  return false;
}

const AMPERSAND = 0x26;
const EQUALS = 0x3d;

/**
 * `application/x-www-form-urlencoded`: fields are the non-empty runs between
 * `&`, the name is what comes before the first `=`, decoded as the URL
 * standard decodes it (so `a` and `%61` are the same name, as for the parser).
 */
class UrlencodedCounter implements FieldCounter {
  private readonly tally: Tally;
  /** The current field's name so far; null once it was counted. */
  private name: Uint8Array[] | null = [];
  private nameBytes = 0;
  private passed: FieldRefusal | undefined;
  constructor(limits: FieldLimits) {
    this.tally = new Tally(limits);
  }

  write(chunk: Uint8Array): FieldRefusal | undefined {
    let at = 0;
    while (!this.passed && at < chunk.length) {
      const amp = chunk.indexOf(AMPERSAND, at);
      const end = amp === -1 ? chunk.length : amp;
      if (this.name) {
        // Only within this field: searching past its `&` would scan the rest
        // of the chunk once per field.
        const eq = chunk.subarray(at, end).indexOf(EQUALS);
        const nameEnd = eq === -1 ? end : at + eq;
        if (nameEnd > at) {
          this.name.push(chunk.subarray(at, nameEnd));
          this.nameBytes += nameEnd - at;
        }
        if (eq !== -1) this.countName();
      }
      if (amp === -1) break;
      // `&&` and a trailing `&` are no fields; `&=` is one with an empty name.
      if (this.name && this.nameBytes > 0) this.countName();
      this.name = [];
      this.nameBytes = 0;
      at = amp + 1;
    }
    return this.passed;
  }

  private countName(): void {
    const raw = Buffer.concat(this.name ?? []).toString("utf8");
    // What the form parser makes of the name: `+` is a space, %XX a byte, UTF-8.
    const name = new URLSearchParams(`${raw}=`).keys().next().value ?? "";
    this.passed = this.tally.add(name);
    this.name = null;
  }
}

const CRLF2 = Buffer.from("\r\n\r\n");
/** Part headers longer than this are not a browser's form: counted without a name. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

/**
 * `multipart/form-data`: a part starts after each delimiter (CRLF, `--` and
 * the boundary); its name is the `name` parameter of its Content-Disposition.
 * Only the tail of a chunk that could begin a delimiter is kept between chunks.
 */
class MultipartCounter implements FieldCounter {
  private readonly tally: Tally;
  private readonly delimiter: Buffer;
  /** Bytes not yet scanned: a possible partial delimiter, or part headers. */
  private carry: Buffer;
  private inHeaders = false;
  private done = false;
  private passed: FieldRefusal | undefined;
  constructor(boundary: string, limits: FieldLimits) {
    this.tally = new Tally(limits);
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
    // The first delimiter may open the body without the CRLF before it.
    this.carry = Buffer.from("\r\n");
  }

  write(chunk: Uint8Array): FieldRefusal | undefined {
    if (this.passed || this.done) return this.passed;
    let data =
      this.carry.length > 0
        ? Buffer.concat([this.carry, chunk])
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.carry = Buffer.alloc(0);
    while (!this.passed && !this.done) {
      if (this.inHeaders) {
        const end = data.indexOf(CRLF2);
        if (end === -1) {
          if (data.length > MAX_PART_HEADER_BYTES) {
            // No browser sends such headers: a name too long, or no name at all.
            this.passed = "badName";
            return this.passed;
          }
          this.carry = data;
          return this.passed;
        }
        this.passed = this.tally.add(partName(data.subarray(0, end).toString("utf8")));
        this.inHeaders = false;
        data = data.subarray(end + CRLF2.length);
        continue;
      }
      const found = data.indexOf(this.delimiter);
      if (found === -1) {
        // Keep what could be the start of a delimiter cut by the chunk's end.
        this.carry = Buffer.from(
          data.subarray(Math.max(0, data.length - this.delimiter.length + 1)),
        );
        return this.passed;
      }
      const after = found + this.delimiter.length;
      if (data.length < after + 2) {
        this.carry = Buffer.from(data.subarray(found));
        return this.passed;
      }
      if (data[after] === 0x2d && data[after + 1] === 0x2d) {
        this.done = true; // `--boundary--`: the epilogue is no part.
        return this.passed;
      }
      this.inHeaders = true;
      data = data.subarray(after);
    }
    return this.passed;
  }
}

/** The `name` of a part's Content-Disposition header; "" when it has none. */
function partName(headers: string): string {
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon === -1 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") {
      continue;
    }
    const match = /;\s*name\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/i.exec(line.slice(colon + 1));
    return match?.[1] ?? match?.[2] ?? "";
  }
  return "";
}
