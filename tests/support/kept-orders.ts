/**
 * Orders for the kept HTML's tests (tests/unit/order-rows-kept.test.tsx,
 * tests/unit/order-page-parts-kept.test.tsx): each with what a row can show
 * in its different forms (a name to escape, missing numbers, a detention's
 * reason), so that the drawn and the kept HTML are compared over all of them.
 */
import { type Order, OrderStatus } from "~/contract/index.ts";

/** The `n`th order, with `changes` over it. */
export function keptOrder(n: number, changes: Partial<Order> = {}): Order {
  return {
    serviceNo: `FW2026103100${n}`,
    salverNo: n % 3 ? `TP20261031000${n}` : null,
    logisticsNo: n % 2 ? `E98209770${n}CN` : null,
    orderNo: `DD20261031000${n}`,
    consignee: n % 2 ? "林建华" : `O'Brien & <Sons> "${n}"`,
    consigneeAddress: "上海市浦东新区",
    consigneeTelephone: "13800000000",
    acturalPaid: 146_200 + n,
    createdOn: { seconds: 1_793_457_125 + n * 60 },
    enterCbaTime: n % 2 ? { seconds: 1_793_457_125 } : null,
    exitCbaTime: null,
    cbaStatus: n % 4 ? OrderStatus.initial : OrderStatus.detained,
    cbaStatusStr: "",
    previousCbaStatus: null,
    reasonForDetention: n % 4 ? "" : "外包装破损，待复核数量",
    subOrder: [],
    history: [],
    ...changes,
  } as Order;
}
