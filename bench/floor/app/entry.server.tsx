import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { BatchedPassThrough } from "../../../app/utils/batched-pass-through.server.ts";

/** The portal's way of streaming a page (app/entry.server.tsx), without the portal. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          const body = new BatchedPassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          stream.pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError: reject,
      },
    );
  });
}
