import "~/locales/areas/inventory.ts";
import { useCallback, useEffect, useState } from "react";
import { Notice } from "~/components/form-messages.tsx";
import { ScrollBox } from "~/components/scroll-box.tsx";
import { StatusBadge } from "~/components/status-badge.tsx";
import type { Locale } from "~/locales/index.ts";
import { formatChinaTime } from "~/utils/china-time.ts";
import { formatCount } from "~/utils/format.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { orderStatusKey } from "~/utils/logistics-status.ts";
import type { ScanRecord } from "./scan-record.ts";

/** Scans kept for the shift: in this browser tab only (sessionStorage). */
const SHIFT_KEY = "inventory:shift-scans";
const SHIFT_MAX = 500;

function isScanRecord(value: unknown): value is ScanRecord {
  const record = value as Partial<ScanRecord> | null;
  return (
    typeof record?.id === "string" &&
    typeof record.at === "number" &&
    typeof record.number === "string" &&
    Array.isArray(record.changed) &&
    Array.isArray(record.unchanged)
  );
}

function readShift(): ScanRecord[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(SHIFT_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter(isScanRecord) : [];
  } catch {
    return [];
  }
}

function writeShift(scans: readonly ScanRecord[]): void {
  try {
    window.sessionStorage.setItem(SHIFT_KEY, JSON.stringify(scans));
  } catch {
    // Storage full or disabled: the list lives as long as the page.
  }
}

/** This shift's scans, newest first; read once the page runs in the browser. */
export function useShiftScans(): {
  scans: ScanRecord[];
  add: (scan: ScanRecord) => void;
  clear: () => void;
} {
  const [scans, setScans] = useState<ScanRecord[]>([]);
  useEffect(() => setScans(readShift()), []);
  const add = useCallback((scan: ScanRecord) => {
    setScans((current) => {
      if (current.some((item) => item.id === scan.id)) return current;
      const next = [scan, ...current].slice(0, SHIFT_MAX);
      writeShift(next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    writeShift([]);
    setScans([]);
  }, []);
  return { scans, add, clear };
}

function headline(scan: ScanRecord, t: ReturnType<typeof useTranslation>["t"]): string {
  const values = { number: scan.number, changed: scan.changed.length };
  if (scan.target === "salver") {
    return scan.direction === "in"
      ? t("inventory.scan.palletIn", values)
      : t("inventory.scan.palletOut", values);
  }
  return scan.direction === "in"
    ? t("inventory.scan.orderIn", values)
    : t("inventory.scan.orderOut", values);
}

/** What one scan did: the orders moved and those left as they were, or the refusal. */
export function ScanResult({ scan }: { scan: ScanRecord }) {
  const { t } = useTranslation();
  if (!scan.ok) {
    return (
      <div data-testid="scan-result" data-ok="false">
        <Notice kind="error">{scan.message}</Notice>
      </div>
    );
  }
  return (
    <div data-testid="scan-result" data-ok="true">
      <Notice kind="success">
        <p className="font-medium">{headline(scan, t)}</p>
        {scan.target === "salver" && scan.changed.length > 0 ? (
          <details className="mt-1">
            <summary className="cursor-pointer text-xs">
              {t("inventory.scan.changedOrders", { count: scan.changed.length })}
            </summary>
            <p className="mt-1 font-mono text-xs break-all" data-testid="scan-changed">
              {scan.changed.join(", ")}
            </p>
          </details>
        ) : null}
      </Notice>
      {scan.unchanged.length > 0 ? (
        <div className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>
            {t(
              scan.direction === "in"
                ? "inventory.scan.unchangedIn"
                : "inventory.scan.unchangedOut",
              { count: scan.unchanged.length },
            )}
          </p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" data-testid="scan-unchanged">
            {scan.unchanged.map((order) => (
              <li key={order.orderNo}>
                <span className="font-mono">{order.orderNo}</span> ·{" "}
                {t(orderStatusKey(order.cbaStatus))}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The shift's scans, newest first. */
export function ShiftList({
  scans,
  onClear,
}: {
  scans: readonly ScanRecord[];
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const moved = scans.reduce((sum, scan) => sum + scan.changed.length, 0);
  const cell = "px-3 py-2 align-top";
  return (
    <section aria-labelledby="shift-title" className="mt-6" data-testid="shift-list">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="shift-title" className="text-base font-semibold text-gray-900">
            {t("inventory.scan.shift.title")}
          </h2>
          <p className="text-xs text-gray-500">{t("inventory.scan.shift.hint")}</p>
        </div>
        <div className="flex items-center gap-3 text-sm text-gray-600">
          <span data-testid="shift-summary">
            {t("inventory.scan.shift.summary", {
              scans: formatCount(scans.length, locale),
              orders: formatCount(moved, locale),
            })}
          </span>
          <button
            type="button"
            className="btn-secondary h-8 px-3"
            onClick={onClear}
            disabled={scans.length === 0}
          >
            {t("inventory.scan.shift.clear")}
          </button>
        </div>
      </div>
      <ScrollBox className="rounded-lg border border-gray-200">
        <table className="min-w-full divide-y divide-gray-200 bg-white text-sm">
          <thead className="bg-gray-50 text-xs font-medium text-gray-600">
            <tr>
              <th scope="col" className={`${cell} text-left whitespace-nowrap`}>
                {t("inventory.scan.shift.time")}
              </th>
              <th scope="col" className={`${cell} text-left whitespace-nowrap`}>
                {t("inventory.scan.shift.number")}
              </th>
              <th scope="col" className={`${cell} text-left whitespace-nowrap`}>
                {t("inventory.scan.shift.target")}
              </th>
              <th scope="col" className={`${cell} text-left whitespace-nowrap`}>
                {t("inventory.scan.shift.direction")}
              </th>
              <th scope="col" className={`${cell} text-right whitespace-nowrap`}>
                {t("inventory.scan.shift.changed")}
              </th>
              <th scope="col" className={`${cell} text-left whitespace-nowrap`}>
                {t("inventory.scan.shift.result")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {scans.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-8 text-center text-sm text-gray-500">
                  {t("inventory.scan.shift.empty")}
                </td>
              </tr>
            ) : (
              scans.map((scan) => (
                <tr key={scan.id} data-testid="shift-row" data-number={scan.number}>
                  <td className={`${cell} whitespace-nowrap tabular-nums text-gray-600`}>
                    {formatChinaTime({ seconds: scan.at }, "HH:mm:ss")}
                  </td>
                  <td className={`${cell} font-mono whitespace-nowrap`}>{scan.number}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {scan.target === "salver"
                      ? t("inventory.scan.shift.pallet")
                      : scan.target === "order"
                        ? t("inventory.scan.shift.order")
                        : t("inventory.scan.shift.unknown")}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {t(scan.direction === "in" ? "inventory.scan.in" : "inventory.scan.out")}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {formatCount(scan.changed.length, locale)}
                  </td>
                  <td className={cell}>
                    {scan.ok ? (
                      <StatusBadge tone={scan.unchanged.length ? "warning" : "done"}>
                        {scan.unchanged.length
                          ? t("inventory.scan.shift.partly")
                          : t("inventory.scan.shift.ok")}
                      </StatusBadge>
                    ) : (
                      <div className="flex flex-col items-start gap-1">
                        <StatusBadge tone="danger">{t("inventory.scan.shift.failed")}</StatusBadge>
                        <span className="text-xs text-red-700">{scan.message}</span>
                      </div>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
