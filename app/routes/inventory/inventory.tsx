import "~/locales/areas/inventory.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { deferredModule } from "~/components/deferred.tsx";
import { ErrorLine } from "~/components/form-messages.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import type { WarehousingDirection } from "~/contract/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { quietFetcherKey } from "~/utils/quiet-fetcher.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import type { ScanInput } from "~/validation/inventory.ts";
import { SCAN_MAX } from "~/validation/inventory-limits.ts";
import type { Route } from "./+types/inventory";
import { CameraScan } from "./camera-scan.tsx";
import { scanAction, scanLoader } from "./inventory.server.ts";
import type { ScanActionData } from "./scan-record.ts";
import { ScanResult, ShiftList, useShiftScans } from "./scan-views.tsx";

export function loader({ context, url }: Route.LoaderArgs) {
  return scanLoader(context, url);
}

export function action({ context, url }: Route.ActionArgs) {
  return scanAction(context, url);
}

/**
 * The directions of a move in their order on the page, each with its look
 * when chosen; typed by the contract's list, so a direction it adds is a
 * type error here until the page offers it.
 */
const DIRECTION_LOOKS: Record<WarehousingDirection, string> = {
  in: "has-checked:bg-brand-600",
  out: "border-l border-gray-300 has-checked:bg-amber-700",
};

// The scan's schema brings zod: the browser fetches it as the page starts,
// after the first paint (app/components/deferred.tsx); a scan made before it
// is there waits for it.
const schemas = deferredModule(
  import.meta.env.SSR ? await import("~/validation/inventory.ts") : undefined,
  () => import("~/validation/inventory.ts"),
);

/**
 * Stock in/out by scan. Without JavaScript the form posts and the page shows
 * the result of that scan. With it, scans are queued and sent one after the
 * other (a scanner may be faster than the backend), the field is cleared at
 * once for the next scan, and every answer goes to this shift's list.
 */
export default function InventoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<ScanActionData>({ key: quietFetcherKey("scan") });
  const { scans, add, clear } = useShiftScans();
  const posted = actionData as ScanActionData | undefined;

  /** The scan the last post redirected here with. */
  const shown = loaderData.scan;
  const [direction, setDirection] = useState<WarehousingDirection>(
    posted?.direction ?? shown?.direction ?? "in",
  );
  const [localError, setLocalError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Each waiting scan has its own submission key: sent twice, it is carried out once.
  const queue = useRef<(ScanInput & { [SUBMISSION_FIELD]: string })[]>([]);
  const busy = useRef(false);
  const handled = useRef<unknown>(undefined);
  const [waiting, setWaiting] = useState(0);

  const sendNext = () => {
    const next = queue.current.shift();
    setWaiting(queue.current.length);
    busy.current = Boolean(next);
    if (next) void fetcher.submit(next, { method: "post", action: location.pathname });
  };

  // An answer arrived (a refusal, or the redirect to the scan's record, which
  // the effect below keeps): send the next waiting scan.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer of the fetcher
  useEffect(() => {
    if (fetcher.state !== "idle" || !busy.current) return;
    if (fetcher.data !== handled.current && fetcher.data?.stage === "invalid") {
      setLocalError(fetcher.data.reply.error?.salverNoOrOrderNo?.[0] ?? null);
    }
    handled.current = fetcher.data;
    sendNext();
  }, [fetcher.state, fetcher.data]);

  // Every scan the page was redirected with joins the shift's list (once: by its id).
  useEffect(() => {
    if (shown) add(shown);
  }, [shown, add]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const scan: ScanInput = { salverNoOrOrderNo: input.current?.value ?? "", direction };
    // Cleared before the check: the scanner may type the next number while it runs.
    if (input.current) input.current.value = "";
    const enqueue = (checked: ScanInput) => {
      setLocalError(null);
      queue.current.push({ ...checked, [SUBMISSION_FIELD]: crypto.randomUUID() });
      input.current?.focus();
      if (busy.current) setWaiting(queue.current.length);
      else sendNext();
    };
    void schemas.load().then(
      ({ scanSchema }) => {
        const parsed = scanSchema.safeParse(scan);
        if (parsed.success) return enqueue(parsed.data);
        setLocalError(parsed.error.issues[0]?.message ?? null);
        // The refused number comes back to be mended, unless the next one is being typed.
        if (input.current && input.current.value === "") {
          input.current.value = scan.salverNoOrOrderNo;
        }
        input.current?.focus();
      },
      // The check's code cannot be had: the server checks the scan, as it checks every scan.
      () => enqueue(scan),
    );
  };

  // A number the camera read goes the way a hand scanner's does: into the field, then Enter.
  const scanFromCamera = (number: string) => {
    if (!input.current) return;
    input.current.value = number.slice(0, SCAN_MAX);
    form.current?.requestSubmit();
  };

  const fieldError =
    localError ??
    (!hydrated && posted?.stage === "invalid"
      ? (posted.reply.error?.salverNoOrOrderNo?.[0] ?? null)
      : null);
  const latest = hydrated ? scans[0] : (shown ?? undefined);
  const working = fetcher.state !== "idle";

  return (
    <section className="card p-5">
      <PageHeader title={t("menu.inventory")} />
      <p className="mb-4 max-w-3xl text-sm text-gray-600">{t("inventory.scan.intro")}</p>

      <form
        ref={form}
        method="post"
        action={location.pathname}
        onSubmit={onSubmit}
        className="flex flex-wrap items-start gap-3"
        data-testid="scan-form"
      >
        <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
        <fieldset className="flex flex-col">
          <legend className="mb-1 block text-xs font-medium text-gray-600">
            {t("inventory.scan.direction")}
          </legend>
          <div className="inline-flex h-11 overflow-hidden rounded-md border border-gray-300">
            {(Object.keys(DIRECTION_LOOKS) as WarehousingDirection[]).map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-2 px-4 text-sm font-medium text-gray-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:-outline-offset-2 has-focus-visible:outline-brand-800 ${DIRECTION_LOOKS[value]}`}
              >
                <input
                  type="radio"
                  name="direction"
                  value={value}
                  checked={direction === value}
                  onChange={() => {
                    setDirection(value);
                    input.current?.focus();
                  }}
                  className="sr-only"
                  data-testid={`direction-${value}`}
                />
                {t(`inventory.scan.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="min-w-[min(18rem,100%)] flex-1">
          <label htmlFor="scan-number" className="mb-1 block text-xs font-medium text-gray-600">
            {t("inventory.scan.number")}
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id="scan-number"
              name="salverNoOrOrderNo"
              maxLength={SCAN_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              // biome-ignore lint/a11y/noAutofocus: a scanner types into this field as soon as the page opens
              autoFocus
              placeholder={t("inventory.scan.placeholder")}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby="scan-number-error"
              className="input h-11 min-w-0 max-w-md font-mono text-base placeholder:font-sans placeholder:text-sm"
              data-testid="scan-number"
            />
            <button type="submit" className="btn-primary h-11">
              {t("inventory.scan.submit")}
            </button>
          </div>
          <ErrorLine id="scan-number-error" errors={fieldError ? [fieldError] : undefined} />
        </div>
        {hydrated ? <CameraScan onRead={scanFromCamera} /> : null}
      </form>

      <div aria-live="polite" className="min-h-6">
        {working || waiting > 0 ? (
          <p className="mb-2 text-sm text-gray-500" data-testid="scan-working">
            {t("inventory.scan.shift.pending")}
            {waiting > 0 ? ` ${t("inventory.scan.queued", { count: waiting })}` : null}
          </p>
        ) : null}
        {latest ? (
          <div className="mt-1">
            <h2 className="sr-only">{t("inventory.scan.lastResult")}</h2>
            <ScanResult scan={latest} />
          </div>
        ) : null}
      </div>

      {hydrated ? <ShiftList scans={scans} onClear={clear} /> : null}
    </section>
  );
}
