/** Headers of a streamed xlsx answer: the backend's file name, never cached. */
export function fileHeaders(upstream: Response, fallbackName: string): Headers {
  return new Headers({
    "Content-Type":
      upstream.headers.get("Content-Type") ??
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition":
      upstream.headers.get("Content-Disposition") ?? `attachment; filename="${fallbackName}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
