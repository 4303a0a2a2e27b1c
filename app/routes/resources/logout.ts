import { redirect } from "react-router";
import { isLocale } from "~/locales/index.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { apiContext, postedForm, sessionContext } from "~/utils/request-context.server.ts";
import { assertSameOrigin } from "~/utils/same-origin.server.ts";
import { destroySession } from "~/utils/session.server.ts";
import type { Route } from "./+types/logout";

/** Revokes the token at the backend, forgets it here, and returns to the login page. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = postedForm(context);
  const lang = form.get("lang");
  const api = context.get(apiContext);
  if (api.hasToken) {
    // Whatever the backend answers (even a session it already ended, or no
    // answer at all), the user asked to leave: the token is forgotten here.
    await api.attempt("logout").catch((error: unknown) => {
      console.warn("[logout] backend logout failed; session cleared locally", error);
    });
  }
  return redirect(localizePath("/", isLocale(lang) ? lang : "zh"), {
    headers: { "Set-Cookie": await destroySession(context.get(sessionContext)) },
  });
}

export function loader() {
  return redirect("/");
}
