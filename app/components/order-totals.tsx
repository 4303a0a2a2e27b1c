import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n.ts";

/** Order count and amount total of a whole filtered order list (not only the page). */
export function OrderTotals({
  orderCount,
  amountTotal,
  children,
}: {
  orderCount: string;
  amountTotal: string;
  /** More facts after the totals (e.g. how many rows are selected). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
      <dl className="flex flex-wrap items-center gap-x-5 gap-y-1" data-testid="order-totals">
        <div className="flex gap-1">
          <dt className="text-gray-500">{t("logistics.order.orderCount")}</dt>
          <dd className="font-medium tabular-nums" data-testid="order-count">
            {orderCount}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-gray-500">{t("logistics.order.amountTotal")}</dt>
          <dd className="font-medium tabular-nums" data-testid="amount-total">
            {amountTotal}
          </dd>
        </div>
      </dl>
      {children}
    </div>
  );
}
