import { useTranslation } from "~/utils/i18n.ts";
import type { OrderEventView } from "./order-view.ts";

/** An order's history under its lines in the expanded row: newest first, China time. */
export function OrderHistory({ orderNo, history }: { orderNo: string; history: OrderEventView[] }) {
  const { t } = useTranslation();
  const head = "px-3 py-1.5 text-left font-medium whitespace-nowrap";
  const cell = "px-3 py-1.5 align-top";
  return (
    <section className="mt-4" data-testid="order-history">
      <h3 className="pb-2 text-xs font-medium text-gray-700">
        {t("logistics.order.history.title")}
      </h3>
      {history.length === 0 ? (
        <p className="text-xs text-gray-500">{t("logistics.order.history.none")}</p>
      ) : (
        <table className="min-w-full text-xs">
          <caption className="sr-only">{t("logistics.order.history.caption", { orderNo })}</caption>
          <thead className="text-gray-500">
            <tr>
              <th scope="col" className={head}>
                {t("logistics.order.history.time")}
              </th>
              <th scope="col" className={head}>
                {t("logistics.order.history.actor")}
              </th>
              <th scope="col" className={head}>
                {t("logistics.order.history.action")}
              </th>
              <th scope="col" className={head}>
                {t("logistics.order.history.status")}
              </th>
              <th scope="col" className={head}>
                {t("logistics.order.history.text")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {history.map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: events have no number of their own
              <tr key={index} data-testid="order-event">
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{event.time}</td>
                <td className={`${cell} whitespace-nowrap`}>{event.actor}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  <span className="font-medium" data-testid="event-action">
                    {event.action}
                  </span>{" "}
                  <span className="ml-1 text-gray-500" data-testid="event-source">
                    {event.source}
                  </span>
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {event.moved ? (
                    `${event.from} → ${event.to}`
                  ) : (
                    <span className="text-gray-500">{event.to}</span>
                  )}
                </td>
                <td className={`${cell} break-all`}>{event.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
