import { type RouterContextProvider, redirect } from "react-router";
import { ApiCode, type CurrentUser } from "~/contract/index.ts";
import type { Api, ApiFailure, Attempt } from "~/utils/api.server.ts";
import { localizePath } from "~/utils/locale-path.ts";
import { canOpen, homePathFor } from "~/utils/permissions.ts";
import { refusalPage } from "~/utils/refusal.server.ts";
import { apiContext, getLocale } from "~/utils/request-context.server.ts";

/**
 * Logs in with a posted username and password (and the sign-in code mailed
 * to the account, when the image code was not used): the backend token, or
 * the refusal to show on the form.
 */
export async function logIn(
  api: Api,
  credentials: { username: string; password: string; captcha_id?: string; captcha_code?: string },
): Promise<{ ok: true; token: string } | ApiFailure> {
  let result: Attempt<"login">;
  try {
    result = await api.attempt("login", { body: credentials });
  } catch (error) {
    // A refused account (40003, e.g. a disabled sub-account) is a login
    // failure like the others: its message belongs on the form (docs/product.md, Error codes).
    const failure = forbiddenFailure(error);
    if (failure) return failure;
    throw error;
  }
  return result.ok ? { ok: true, token: result.data.token } : result;
}

/** The failure inside a thrown 403 answer of the API client, if that is what `error` is. */
function forbiddenFailure(error: unknown): ApiFailure | undefined {
  if (!error || typeof error !== "object" || !("data" in error) || !("init" in error)) return;
  const init = error.init as ResponseInit | null;
  const payload = error.data as Partial<ApiFailure> | null;
  if (init?.status !== 403 || payload?.code !== ApiCode.forbidden) return;
  return { ok: false, code: ApiCode.forbidden, message: String(payload.message ?? "") };
}

/**
 * Resource routes live outside the home layout: they check here what its
 * middleware checks for pages, a logged-in user (else the login page) who may
 * open `path` (else the translated 403 page). The backend checks again.
 */
export async function requireAccess(
  context: Readonly<RouterContextProvider>,
  path: string,
): Promise<CurrentUser> {
  const api = context.get(apiContext);
  if (!api.hasToken) throw redirect(localizePath("/", getLocale(context)));
  const user = await api.call("accountInfo");
  if (!canOpen(user, path)) throw await refusalPage(context, 403);
  return user;
}

/**
 * Pages for visitors (registration, forgot password): a signed-in user has
 * no business there and goes to their home page instead.
 */
export async function sendSignedInHome(context: Readonly<RouterContextProvider>): Promise<void> {
  const api = context.get(apiContext);
  if (!api.hasToken) return;
  const user = await api.call("accountInfo");
  throw redirect(localizePath(homePathFor(user), getLocale(context)));
}
