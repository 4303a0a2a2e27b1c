import { data, type MiddlewareFunction } from "react-router";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { getT, postedFormContext } from "~/utils/request-context.server.ts";
import { isResourcePath } from "~/utils/resource-paths.ts";
import { assertSameOrigin } from "~/utils/same-origin.server.ts";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/**
 * Every page action and resource-route post must come from a page of the
 * portal (403 otherwise), and is an HTML form: a body of another type, or a
 * form body that cannot be parsed, is a bad request (400 with a translated
 * message), never a server error. The body is parsed here, once, and the
 * form kept in the request's context: actions read it with `postedForm`
 * (app/utils/request-context.server.ts), never from the request again. Its
 * size and fields were already limited by the server before anything read it.
 */
export const requestBodyMiddleware: MiddlewareFunction<Response> = async (
  { request, context, url },
  next,
) => {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
  const resource = isResourcePath(url.pathname);

  try {
    assertSameOrigin(request);
  } catch (error) {
    if (resource) throw new Response("cross-site request refused", { status: 403 });
    throw error;
  }

  let form: FormData | undefined;
  if (FORM_TYPES.has(mediaType(request.headers.get("Content-Type")))) {
    try {
      form = await request.formData();
    } catch {
      form = undefined;
    }
  }
  if (form) {
    context.set(postedFormContext, form);
    return next();
  }

  const message = getT(context)("errors.badRequest");
  if (resource) {
    throw new Response(message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  throw data<ErrorPayload>({ kind: "bad-request", message }, { status: 400 });
};
