/** The shared paged table and paging bar. */
export default {
  paging: "分页",
  total: "共 {{total}} 条",
  previous: "上一页",
  next: "下一页",
  page: "第 {{page}} 页",
  pageSize: "每页条数",
  perPage: "{{size}} 条/页",
  apply: "应用",
  goTo: "前往",
  go: "跳转",
  index: "序号",
  expand: "展开",
  selectPage: "选择本页全部",
  columns: "列设置",
  showColumns: "显示的列",
  sortBy: "按“{{column}}”排序",
};
