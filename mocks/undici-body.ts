/**
 * The body's readers and `clone()` of a request or an answer the fake
 * backend makes by its public shape (mocks/bodiless-request.ts,
 * mocks/text-envelope.ts): they are undici's own object's, which the
 * subclass makes of the same values when they are first asked for.
 */
export abstract class UndiciBody<Real extends Request | Response> {
  /** undici's object of the same values. */
  protected abstract real(): Real;

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.real().arrayBuffer();
  }

  blob(): Promise<Blob> {
    return this.real().blob();
  }

  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.real().bytes();
  }

  formData(): Promise<FormData> {
    return this.real().formData();
  }

  json(): Promise<unknown> {
    return this.real().json();
  }

  text(): Promise<string> {
    return this.real().text();
  }

  clone(): Real {
    return this.real().clone() as Real;
  }
}

/**
 * The iterators of headers the fake backend keeps by their public shape
 * (a request's gathered headers, an answer's list): undici's own `Headers`'
 * of the same names and values, which the subclass gives.
 */
export abstract class UndiciHeaderIterators {
  /** undici's `Headers` of the same names and values. */
  protected abstract real(): Headers;

  entries(): HeadersIterator<[string, string]> {
    return this.real().entries();
  }

  keys(): HeadersIterator<string> {
    return this.real().keys();
  }

  values(): HeadersIterator<string> {
    return this.real().values();
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.real()[Symbol.iterator]();
  }
}
