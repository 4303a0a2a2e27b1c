/**
 * What an account keeps of each list on the backend, so it follows the
 * account to any browser: saved views (a named query of filters, sort and
 * page size, with the columns shown) and the columns chosen for the list.
 * Every call acts on the caller's own settings only.
 */
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { timestampSchema } from "./envelope.ts";
import { MAX_HIDDEN_COLUMNS, SAVED_VIEW_LISTS } from "./list-names.ts";

export * from "./list-names.ts";

const columnName = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/** Hidden columns of a list; null: the list's defaults. */
const hiddenColumnsSchema = z.array(columnName).max(MAX_HIDDEN_COLUMNS);

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The list's query string without `?` (filters, sort, page size). */
  query: z.string(),
  /** The columns hidden while the view is shown; null: the account's columns of the list. */
  hiddenColumns: hiddenColumnsSchema.nullable(),
  isDefault: z.boolean(),
  createdOn: timestampSchema,
});
export type SavedView = z.infer<typeof savedViewSchema>;

const listParams = z.object({ list: z.enum(SAVED_VIEW_LISTS) });
const viewParams = listParams.extend({ id: z.string().min(1).max(64) });

/*
 * Names and queries are checked by the backend itself (trimmed length,
 * uniqueness, size), so each refusal has its own code and message; the
 * schemas only bound what may be sent at all.
 */
const nameInput = z.string().max(1000);
const queryInput = z.string().max(20_000);

export const listSettingsEndpoints = {
  listSettings: defineEndpoint({
    method: "GET",
    path: "/account/list-settings/{list}",
    summary: "The caller's saved views of a list (in the order saved) and its chosen columns.",
    auth: true,
    params: listParams,
    data: z.object({
      views: z.array(savedViewSchema),
      hiddenColumns: hiddenColumnsSchema.nullable(),
    }),
  }),
  saveListColumns: defineEndpoint({
    method: "PUT",
    path: "/account/list-settings/{list}/columns",
    summary: "The columns the caller hides in a list.",
    auth: true,
    params: listParams,
    body: z.object({ hiddenColumns: hiddenColumnsSchema }),
    data: z.object({ hiddenColumns: hiddenColumnsSchema }),
  }),
  createSavedView: defineEndpoint({
    method: "POST",
    path: "/account/list-settings/{list}/views",
    summary:
      "Saves a named view of a list (at most 20 per list; name 1-40 characters, unique in any case; query at most 2,000 characters, the page, selection, result and form-key parameters dropped).",
    auth: true,
    params: listParams,
    body: z.object({
      name: nameInput,
      query: queryInput,
      hiddenColumns: hiddenColumnsSchema.nullable(),
      isDefault: z.boolean().optional(),
    }),
    data: savedViewSchema,
  }),
  updateSavedView: defineEndpoint({
    method: "PUT",
    path: "/account/list-settings/{list}/views/{id}",
    summary:
      "Renames a view, replaces its query or columns, or makes it the list's default (one at most) or not.",
    auth: true,
    params: viewParams,
    body: z.object({
      name: nameInput.optional(),
      query: queryInput.optional(),
      hiddenColumns: hiddenColumnsSchema.nullable().optional(),
      isDefault: z.boolean().optional(),
    }),
    data: savedViewSchema,
  }),
  deleteSavedView: defineEndpoint({
    method: "DELETE",
    path: "/account/list-settings/{list}/views/{id}",
    summary: "Deletes one of the caller's views.",
    auth: true,
    params: viewParams,
    data: z.object({ id: z.string() }),
  }),
} as const;
