import { Link, useLocation } from "react-router";
import { type Column, DateTime } from "~/components/paged-table.tsx";
import { StatusBadge } from "~/components/status-badge.tsx";
import { useTranslation } from "~/utils/i18n.ts";
import { listHref } from "~/utils/list-query.ts";
import type { OrderView } from "./order-view.ts";

/** Columns of the order list; the less used ones start hidden (the column menu shows them). */
export function useOrderColumns(): Column<OrderView>[] {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  return [
    {
      key: "orderNo",
      header: t("logistics.order.orderNo"),
      fixed: true,
      sticky: "start",
      className: "code-cell",
      cell: (order) => order.orderNo,
    },
    {
      key: "logisticsNo",
      header: t("logistics.order.logisticsNo"),
      className: "code-cell",
      cell: (order) => order.logisticsNo,
    },
    {
      key: "salverNo",
      header: t("logistics.order.salverNo"),
      // The number inside the link keeps one line (`code-cell`).
      cell: (order) => (
        <Link
          to={listHref(location.pathname, params, { salverNo: order.salverNo, current: null })}
          className="btn-link"
        >
          <span className="code-cell">{order.salverNo}</span>
        </Link>
      ),
    },
    {
      key: "serviceNo",
      header: t("logistics.order.serviceNo"),
      defaultHidden: true,
      className: "code-cell",
      cell: (order) => order.serviceNo,
    },
    {
      key: "consignee",
      header: t("logistics.order.consignee"),
      className: "min-w-20",
      cell: (order) => order.consignee,
    },
    {
      key: "consigneeTelephone",
      header: t("logistics.order.consigneeTelephone"),
      defaultHidden: true,
      className: "whitespace-nowrap",
      cell: (order) => order.consigneeTelephone,
    },
    {
      key: "consigneeAddress",
      header: t("logistics.order.consigneeAddress"),
      defaultHidden: true,
      className: "min-w-48 wrap-anywhere",
      cell: (order) => order.consigneeAddress,
    },
    {
      key: "acturalPaid",
      sortable: true,
      header: t("logistics.order.acturalPaid"),
      align: "right",
      className: "whitespace-nowrap",
      cell: (order) => order.acturalPaid,
    },
    {
      key: "cbaStatus",
      header: t("logistics.order.status"),
      cell: (order) => <StatusBadge tone={order.status.tone}>{order.status.label}</StatusBadge>,
    },
    {
      key: "remark",
      header: t("logistics.order.remark"),
      // Wraps rather than cut: a detention reason must be read whole.
      className: "min-w-28 wrap-anywhere",
      cell: (order) => order.remark,
    },
    {
      key: "createdOn",
      sortable: true,
      header: t("logistics.order.createdOn"),
      className: "tabular-nums",
      cell: (order) => <DateTime value={order.createdOn} />,
    },
    {
      key: "enterCbaTime",
      sortable: true,
      header: t("logistics.order.enterCbaTime"),
      defaultHidden: true,
      className: "tabular-nums",
      cell: (order) => <DateTime value={order.enterCbaTime} />,
    },
    {
      key: "exitCbaTime",
      sortable: true,
      header: t("logistics.order.exitCbaTime"),
      defaultHidden: true,
      className: "tabular-nums",
      cell: (order) => <DateTime value={order.exitCbaTime} />,
    },
  ];
}
