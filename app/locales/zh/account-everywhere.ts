/**
 * The account texts every page may show (the bell, the login page's demo
 * mailbox link): in the language's chunk. The rest, `account.ts`, is an
 * area, which leaves these out so that they are in one chunk only.
 */
export default {
  notifications: {
    title: "全部通知",
    viewAll: "查看全部通知",
    allRead: "通知均已读",
  },
  mailbox: {
    title: "演示邮箱",
    intro:
      "演示模式下邮件不会真正发出。这里只显示本浏览器引起的邮件，以及发给本浏览器注册或登录过的账号的邮件。",
    to: "收件邮箱",
    toPlaceholder: "按收件邮箱筛选，留空显示本浏览器可见的全部邮件",
    search: "查看邮件",
    empty: "没有邮件",
    columns: {
      to: "收件人",
    },
    backToLogin: "返回登录",
    hint: "演示模式不会真正发出邮件，验证码等邮件请在演示邮箱中查看。",
    open: "打开演示邮箱",
  },
};
