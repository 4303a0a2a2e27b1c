import type { InventoryDownloadKind } from "~/validation/inventory-limits.ts";

/** The resource route of the inventory downloads; it answers in the language of the page. */
export const INVENTORY_DOWNLOAD_PATH = "/inventory/download";

/**
 * Downloads the xlsx of what the page shows: a plain form posting the page's
 * filters to the resource route, so the browser saves the answer and stays
 * on the page, with or without JavaScript.
 */
export function DownloadForm({
  kind,
  label,
  hint,
  fields,
}: {
  kind: InventoryDownloadKind;
  label: string;
  hint: string;
  fields: Record<string, string | number | undefined | null>;
}) {
  return (
    <form method="post" action={INVENTORY_DOWNLOAD_PATH} className="inline-flex">
      <input type="hidden" name="kind" value={kind} />
      {Object.entries(fields).map(([name, value]) =>
        value === undefined || value === null || value === "" ? null : (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ),
      )}
      <button
        type="submit"
        className="btn-secondary h-8 px-3"
        title={hint}
        data-testid={`download-${kind}`}
      >
        {label}
      </button>
    </form>
  );
}
