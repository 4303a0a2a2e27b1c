/**
 * The order list's on-demand views (./order-details.tsx), whose code comes
 * after the first paint (see app/components/deferred.tsx).
 */
import { deferredModule } from "~/components/deferred.tsx";

const views = deferredModule(
  import.meta.env.SSR ? await import("./order-details.tsx") : undefined,
  () => import("./order-details.tsx"),
);

export const OrderDetail = views.component("OrderDetail");
export const ImportReportView = views.component("ImportReportView");
