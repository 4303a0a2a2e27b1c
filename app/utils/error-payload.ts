/** The body of a thrown error response, read by the error boundaries. */
export interface ErrorPayload {
  code?: number;
  message?: string;
  kind?:
    | "timeout"
    | "unreachable"
    | "malformed"
    | "coded"
    | "bad-request"
    | "too-many"
    | "limits-unavailable";
  /** Seconds until a limit lets the client try again (429), or its counters answer again (503). */
  retryAfter?: number;
}
