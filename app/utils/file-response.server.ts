/**
 * Headers of a streamed xlsx answer: the backend's file name, never cached,
 * and never gzipped on the way (`no-transform`: an xlsx is a zip already;
 * the compression middleware leaves it alone and the file streams as it comes).
 */
export function fileHeaders(upstream: Response, fallbackName: string): Headers {
  return new Headers({
    "Content-Type":
      upstream.headers.get("Content-Type") ??
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition":
      upstream.headers.get("Content-Disposition") ?? `attachment; filename="${fallbackName}"`,
    "Cache-Control": "no-store, no-transform",
    "X-Content-Type-Options": "nosniff",
  });
}
