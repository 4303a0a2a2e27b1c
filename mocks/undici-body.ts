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
