import { redirect } from "react-router";
import { env } from "~/config/env.server.ts";
import { isLocale } from "~/locales/index.ts";
import { I18N_REDIRECTED_COOKIE, LANG_COOKIE, plainCookie } from "~/utils/cookies.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";
import { postedForm } from "~/utils/request-context.server.ts";
import { assertSameOrigin, safeReturnPath } from "~/utils/same-origin.server.ts";
import type { Route } from "./+types/language";

/** The language switcher: remembers the choice and shows the same page in that language. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = postedForm(context);
  const lang = form.get("lang");
  const target = new URL(safeReturnPath(form.get("returnTo")), "http://portal.invalid");
  if (!isLocale(lang)) throw redirect(hrefWithQuery(target.pathname, target.searchParams));

  const secure = env().cookieSecure;
  const headers = new Headers();
  headers.append("Set-Cookie", plainCookie(LANG_COOKIE, lang, { secure }));
  headers.append("Set-Cookie", plainCookie(I18N_REDIRECTED_COOKIE, lang, { secure }));
  return redirect(hrefWithQuery(localizePath(target.pathname, lang), target.searchParams), {
    headers,
  });
}

export function loader() {
  return redirect("/");
}
