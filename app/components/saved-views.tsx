/**
 * The views control beside a list's filters (docs/decisions/2026-11-26-saved-views.md):
 * the account's saved views of the list, applied by a link to the list with
 * the view's query, and the small forms that save the page's filters as a
 * view, update, rename, delete a view or make it the default. With
 * JavaScript the views are a menu; without, the same links in a disclosure.
 * Every form is a plain post to `/saved-views`, answered by a redirect back
 * here, so each works with and without JavaScript.
 *
 * The disclosure's forms are not in the first paint: before the page runs
 * (and without JavaScript) it is a link to the list's own address with
 * `manage=views`, which draws it open; once the page runs, it draws them
 * when first opened (docs/decisions/2026-11-26-closed-filters-on-addresses-of-their-own.md).
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { Notice } from "~/components/form-messages.tsx";
import { Menu, MenuButton, MenuItem, MenuItems, useMenusReady } from "~/components/headless.tsx";
import { ChevronIcon } from "~/components/icons.tsx";
import { VIEW_NAME_MAX } from "~/contract/list-names.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { listHref, RESULT_PARAM } from "~/utils/list-query.ts";
import {
  type ListViews,
  NO_VIEW_QUERY,
  SAVED_VIEWS_PATH,
  type ViewEntry,
} from "~/utils/saved-views.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";

/** The query parameter of the list's address that draws the views' disclosure open. */
const MANAGE_PARAM = "manage";
const MANAGE_VIEWS = "views";

const ITEM =
  "flex w-full items-center gap-2 rounded px-3 py-1.5 text-left text-sm text-gray-700 data-focus:bg-brand-50 hover:bg-gray-50";

export function SavedViews({ data }: { data: ListViews }) {
  const { t } = useTranslation();
  // The menu of views, once its code is there; until then what the server drew.
  const menuReady = useMenusReady();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const asked = params.get(MANAGE_PARAM) === MANAGE_VIEWS;
  // A notice is shown once, and the list comes back closed: the forms post
  // the page without its result's id and without the open disclosure.
  params.delete(RESULT_PARAM);
  params.delete(MANAGE_PARAM);
  const back = `${location.pathname}${params.size > 0 ? `?${params}` : ""}`;
  const [opened, setOpened] = useState(false);
  const noView = data.hasDefault ? new URLSearchParams(NO_VIEW_QUERY) : new URLSearchParams();
  /** The list at a view's query; an empty one is "no filters", not the bare list's default. */
  const hrefOf = (query: string) =>
    listHref(location.pathname, query === "" ? noView : new URLSearchParams(query));
  const applied = data.views.find((view) => view.id === data.appliedId) ?? null;
  const current = applied?.name ?? t("views.none");
  const done = new URLSearchParams(location.search).has(RESULT_PARAM) ? data.notice : null;
  // With JavaScript the page stays: the disclosure closes once a change (or a view) is shown.
  const manage = useRef<HTMLDetailsElement>(null);
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (manage.current) manage.current.open = false;
  }, [location.key]);

  const links = (
    <ul className="flex flex-col gap-0.5" data-testid="saved-view-links">
      {data.views.map((view) => (
        <li key={view.id}>
          <Link
            to={hrefOf(view.query)}
            className={`${ITEM} ${view.id === data.appliedId ? "font-medium text-brand-800" : ""}`}
            aria-current={view.id === data.appliedId ? "page" : undefined}
          >
            <ViewLabel view={view} applied={view.id === data.appliedId} />
          </Link>
        </li>
      ))}
      <li>
        <Link to={listHref(location.pathname, noView)} className={ITEM}>
          {t("views.none")}
        </Link>
      </li>
    </ul>
  );

  return (
    <div className="mb-3 flex flex-wrap items-start gap-2" data-testid="saved-views">
      {menuReady ? (
        <Menu as="div" className="relative">
          <MenuButton className="btn-secondary h-8 gap-1 px-3" data-testid="saved-views-menu">
            <span className="max-w-56 truncate">{t("views.menu", { name: current })}</span>
            <ChevronIcon className="size-4" />
          </MenuButton>
          <MenuItems
            anchor="bottom start"
            className="z-40 mt-1 max-h-80 min-w-56 overflow-y-auto rounded-md border border-gray-200 bg-white p-1 shadow-lg focus:outline-none"
            data-testid="saved-views-items"
          >
            {data.views.map((view) => (
              <MenuItem
                key={view.id}
                as={Link}
                to={hrefOf(view.query)}
                className={ITEM}
                aria-current={view.id === data.appliedId ? "page" : undefined}
              >
                <ViewLabel view={view} applied={view.id === data.appliedId} />
              </MenuItem>
            ))}
            <MenuItem as={Link} to={listHref(location.pathname, noView)} className={ITEM}>
              {t("views.none")}
            </MenuItem>
          </MenuItems>
        </Menu>
      ) : null}
      {!menuReady && !asked ? (
        // Until the page runs its JavaScript: a plain link, no `<Link>` hooks.
        <a
          href={listHref(location.pathname, params, { [MANAGE_PARAM]: MANAGE_VIEWS })}
          className="btn-secondary h-8 px-3"
          // Another id than the disclosure's: tests know a page runs by the disclosure.
          data-testid="saved-views-manage-link"
        >
          {t("views.menu", { name: current })}
        </a>
      ) : (
        <details
          ref={manage}
          className="relative"
          open={asked}
          onToggle={(event) => {
            if (event.currentTarget.open) setOpened(true);
          }}
          data-testid="saved-views-manage"
        >
          <summary className="btn-secondary h-8 cursor-pointer list-none px-3">
            {menuReady ? t("views.manage") : t("views.menu", { name: current })}
          </summary>
          {asked || opened ? (
            <ManagePanel
              data={data}
              back={back}
              applied={applied}
              links={menuReady ? null : links}
            />
          ) : null}
        </details>
      )}
      {done ? (
        <div className="min-w-0 flex-1" data-testid="saved-views-notice">
          <Notice kind={done.kind}>{done.message}</Notice>
        </div>
      ) : null}
    </div>
  );
}

/** The disclosure's contents: the views as links (before the page runs), and the forms. */
function ManagePanel({
  data,
  back,
  applied,
  links,
}: {
  data: ListViews;
  back: string;
  applied: ViewEntry | null;
  links: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="absolute left-0 z-30 mt-1 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-md border border-gray-200 bg-white p-3 shadow-lg">
      {links}
      {data.unavailable ? null : (
        <>
          <SaveForm data={data} back={back} />
          {applied ? (
            <ViewForm data={data} back={back} intent="update" id={applied.id}>
              <button
                type="submit"
                className="btn-secondary h-auto min-h-8 w-full py-1 break-words"
              >
                {t("views.update", { name: applied.name })}
              </button>
            </ViewForm>
          ) : null}
          {data.views.length === 0 ? (
            <p className="text-sm text-gray-500">{t("views.empty")}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-gray-100" data-testid="saved-view-rows">
              {data.views.map((view) => (
                <ViewRow key={view.id} view={view} data={data} back={back} />
              ))}
            </ul>
          )}
          <p className="text-xs text-gray-500">{t("views.defaultHint")}</p>
        </>
      )}
    </div>
  );
}

function ViewLabel({ view, applied }: { view: ViewEntry; applied: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="min-w-0 flex-1 truncate">{view.name}</span>
      {view.isDefault ? (
        <span className="rounded bg-gray-100 px-1.5 text-xs text-gray-600">
          {t("views.isDefault")}
        </span>
      ) : null}
      {applied ? <span className="sr-only">{t("views.applied")}</span> : null}
    </>
  );
}

/** A post of the views control: the list, the page, the form's key and one change. */
function ViewForm({
  data,
  back,
  intent,
  id,
  className,
  children,
}: {
  data: ListViews;
  back: string;
  intent: string;
  id?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={SAVED_VIEWS_PATH} className={className}>
      <input type="hidden" name="list" value={data.list} />
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={SUBMISSION_FIELD} value={data.submissionKey} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {children}
    </Form>
  );
}

function SaveForm({ data, back }: { data: ListViews; back: string }) {
  const { t } = useTranslation();
  return (
    <ViewForm data={data} back={back} intent="save" className="flex flex-col gap-2">
      <label htmlFor={`${data.list}-view-name`} className="text-sm font-medium text-gray-700">
        {t("views.saveAs")}
      </label>
      <div className="flex gap-2">
        <input
          id={`${data.list}-view-name`}
          name="name"
          required
          maxLength={VIEW_NAME_MAX}
          autoComplete="off"
          placeholder={t("views.name")}
          className="input h-8 min-w-0 flex-1"
        />
        <button type="submit" className="btn-primary h-8 px-3" data-testid="save-view">
          {t("views.save")}
        </button>
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input type="checkbox" name="isDefault" className="size-4 accent-brand-600" />
        {t("views.makeDefault")}
      </label>
    </ViewForm>
  );
}

function ViewRow({ view, data, back }: { view: ViewEntry; data: ListViews; back: string }) {
  const { t } = useTranslation();
  const named = { name: view.name };
  const inputId = `view-${view.id}-name`;
  return (
    <li className="flex flex-col gap-1.5 py-2" data-testid="saved-view-row">
      <div className="flex items-center gap-2 text-sm">
        <ViewLabel view={view} applied={view.id === data.appliedId} />
      </div>
      <ViewForm data={data} back={back} intent="rename" id={view.id} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t("views.newName", named)}
        </label>
        <input
          id={inputId}
          name="name"
          required
          maxLength={VIEW_NAME_MAX}
          defaultValue={view.name}
          autoComplete="off"
          className="input h-7 min-w-0 flex-1 text-sm"
        />
        <button type="submit" className="btn-secondary h-7 px-2 text-xs">
          {t("views.rename")}
        </button>
      </ViewForm>
      <div className="flex gap-2">
        <ViewForm
          data={data}
          back={back}
          intent={view.isDefault ? "undefault" : "default"}
          id={view.id}
        >
          <button type="submit" className="btn-secondary h-7 px-2 text-xs">
            {view.isDefault ? t("views.unsetDefault") : t("views.setDefault")}
            <span className="sr-only"> {view.name}</span>
          </button>
        </ViewForm>
        <ViewForm data={data} back={back} intent="delete" id={view.id}>
          <button type="submit" className="btn-danger h-7 px-2 text-xs">
            {t("views.remove")}
            <span className="sr-only"> {view.name}</span>
          </button>
        </ViewForm>
      </div>
    </li>
  );
}
