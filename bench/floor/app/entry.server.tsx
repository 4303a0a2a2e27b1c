import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { defersData, streamedHtml } from "../../../app/utils/streamed-html.server.ts";

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
        // As the portal: the shell first only for a page that defers data.
        [defersData(routerContext.staticHandlerContext) ? "onShellReady" : "onAllReady"]() {
          resolve(streamedHtml(stream, responseHeaders, responseStatusCode));
        },
        onShellError: reject,
      },
    );
  });
}
