import { type RouterContextProvider, redirect } from "react-router";
import { isSavedViewList, type SavedViewList, VIEW_NAME_MAX } from "~/contract/index.ts";
import { requireAccess } from "~/utils/auth.server.ts";
import { listHref } from "~/utils/list-query.ts";
import {
  listSettingsOf,
  shownColumns,
  VIEWS_RESULT_KIND,
  viewQueryOf,
} from "~/utils/list-views.server.ts";
import { doneWith, keepResult, RESULT_PARAM } from "~/utils/posted-result.server.ts";
import { apiContext, getT, postedForm, userContext } from "~/utils/request-context.server.ts";
import { assertSameOrigin, safeReturnPath } from "~/utils/same-origin.server.ts";
import type { ViewsNotice } from "~/utils/saved-views.ts";
import { PATHS } from "~/utils/site-map.ts";
import { applyOnce } from "~/utils/submission-key.server.ts";
import type { Route } from "./+types/saved-views";

type Context = Readonly<RouterContextProvider>;

/** The page of each list: who may open it may keep views of it. */
const LIST_PAGES: Record<SavedViewList, string> = {
  orders: PATHS.orders,
  services: PATHS.services,
  pallets: PATHS.pallets,
  "inventory-detail": PATHS.inventoryDetail,
  "arrival-report": PATHS.arrivalReport,
};

const INTENTS = ["save", "update", "rename", "delete", "default", "undefault"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent =>
  typeof value === "string" && (INTENTS as readonly string[]).includes(value);

/**
 * The views control of a list posts here, with or without JavaScript: save
 * the page's filters as a view, update a view with them, rename, delete, or
 * make a view the default. Each change is applied once per submission key
 * and answers a redirect back to the list, whose control shows what was done
 * (or why not: a refusal changes nothing and the form may be sent again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = postedForm(context);
  const back = safeReturnPath(form.get("back"));
  const list = form.get("list");
  const intent = form.get("intent");
  if (!isSavedViewList(list) || !isIntent(intent)) throw redirect(back);
  context.set(userContext, Promise.resolve(await requireAccess(context, LIST_PAGES[list])));
  const page = new URL(back, request.url);
  return applyOnce(context, form, () => change(context, { list, intent, page, form }));
}

export function loader() {
  return redirect("/");
}

interface Change {
  list: SavedViewList;
  intent: Intent;
  /** The list page the form was on (its query is the one to save). */
  page: URL;
  form: FormData;
}

async function change(context: Context, { list, intent, page, form }: Change) {
  const t = getT(context);
  const api = context.get(apiContext);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const id = text("id").slice(0, 64);
  const name = text("name").trim();
  /** A refusal: shown by the control, nothing changed, the key free again. */
  const refuse = async (message: string) => {
    const kept = await keepResult(context, VIEWS_RESULT_KIND, {
      kind: "error",
      message,
    } satisfies ViewsNotice);
    return redirect(listHref(page.pathname, page.searchParams, { [RESULT_PARAM]: kept }));
  };
  const success = (message: string) =>
    doneWith(context, VIEWS_RESULT_KIND, page, { kind: "success", message } satisfies ViewsNotice);

  if (intent === "save" || intent === "rename") {
    if (!name) return refuse(t("views.nameRequired"));
    if (name.length > VIEW_NAME_MAX) return refuse(t("views.nameTooLong", { max: VIEW_NAME_MAX }));
  }
  const query = viewQueryOf(list, page.searchParams);

  if (intent === "save" || intent === "update") {
    const settings = await listSettingsOf(context, list);
    if (!settings) return refuse(t("common.wrongFormat"));
    const hiddenColumns = shownColumns(list, settings, page.searchParams);
    if (intent === "save") {
      const saved = await api.attempt("createSavedView", {
        params: { list },
        body: { name, query, hiddenColumns, isDefault: form.get("isDefault") === "on" },
      });
      if (!saved.ok) return refuse(saved.message);
      // The page goes on showing the saved view: the list at its query.
      return doneWith(
        context,
        VIEWS_RESULT_KIND,
        new URL(listHref(page.pathname, new URLSearchParams(saved.data.query)), page),
        { kind: "success", message: t("views.saved", { name: saved.data.name }) },
      );
    }
    const updated = await api.attempt("updateSavedView", {
      params: { list, id },
      body: { query, hiddenColumns },
    });
    if (!updated.ok) return refuse(updated.message);
    return success(t("views.updated", { name: updated.data.name }));
  }

  if (intent === "delete") {
    const settings = await listSettingsOf(context, list);
    const removed = await api.attempt("deleteSavedView", { params: { list, id } });
    if (!removed.ok) return refuse(removed.message);
    const gone = settings?.views.find((view) => view.id === id)?.name ?? "";
    return success(t("views.removed", { name: gone }));
  }

  const body = intent === "rename" ? { name } : { isDefault: intent === "default" };
  const updated = await api.attempt("updateSavedView", { params: { list, id }, body });
  if (!updated.ok) return refuse(updated.message);
  const named = { name: updated.data.name };
  return success(
    intent === "rename"
      ? t("views.renamed", named)
      : intent === "default"
        ? t("views.defaultSet", named)
        : t("views.defaultUnset", named),
  );
}
