export default {
  unread: "{{count}} 条未读",
  markRead: "标为已读",
  markAllRead: "全部标为已读",
  none: "暂无通知",
};
