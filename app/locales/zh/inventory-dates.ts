/**
 * The inventory area's date range texts (its `dateRange` group), which
 * every list with a date range shows (the order list's more filters, the
 * audit log, the inventory details and arrival report): in the signed-in
 * pages' chunk (./signed-in.ts), so that the order list and the audit log
 * do not load the inventory area for them. The rest of `inventory.ts` is an
 * area.
 */
export default {
  dateRange: {
    label: "日期",
    start: "开始日期",
    end: "结束日期",
    to: "至",
    shortcuts: "快捷选择",
    lastWeek: "最近一周",
    lastMonth: "最近一个月",
    lastThreeMonths: "最近三个月",
    invalid: "请输入正确的日期（年-月-日）",
    order: "开始日期不能晚于结束日期",
  },
};
