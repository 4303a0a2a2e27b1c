/** Messages of the fake backend in Chinese (default) and English, picked by Accept-Language. */
import { localeFromAcceptLanguage } from "../app/utils/locale-path.ts";

export type Lang = "zh" | "en";

/**
 * The request's language: the preferred of zh and en in Accept-Language, zh
 * when neither is named; read by the portal's own parser, so both always agree.
 */
export function langOf(request: Request): Lang {
  return localeFromAcceptLanguage(request.headers.get("accept-language"));
}

const MESSAGES = {
  ok: { zh: "操作成功", en: "Operation successful" },
  sent: { zh: "发送成功", en: "Sent successfully" },
  pathNotFound: {
    zh: "抱歉，您访问的页面不存在",
    en: "Sorry, the page you visited does not exist",
  },
  serverError: { zh: "抱歉，服务器出错了", en: "Sorry, the server has an error" },
  testWorldOnly: {
    zh: "仅在端到端测试的独立数据中可用",
    en: "Only available in the separate data of an end-to-end test",
  },
  invalidParams: { zh: "{detail}", en: "{detail}" },
  invalidJson: { zh: "请求体不是有效的 JSON", en: "The request body is not valid JSON" },
  invalidForm: { zh: "请求体不是有效的表单数据", en: "The request body is not valid form data" },

  wrongCredentials: { zh: "用户名或密码错误", en: "Wrong username or password" },
  loginLocked: {
    zh: "此地址登录失败次数过多，请 {minutes} 分钟后再试",
    en: "Too many failed sign-ins from this address, please try again in {minutes} min",
  },
  tooManyFromAddress: {
    zh: "此地址的请求过于频繁，请 {seconds} 秒后再试",
    en: "Too many requests from this address, please try again in {seconds} s",
  },
  accountDisabled: { zh: "该账号已停用", en: "This account is disabled" },
  emailTaken: {
    zh: "该邮箱已被占用，请更换邮箱",
    en: "This email is already occupied, please change email",
  },
  accountNotFound: { zh: "该账号不存在", en: "This account does not exist" },
  wrongEmailCode: {
    zh: "邮箱验证码错误或已过期",
    en: "The e-mail code is wrong or has expired",
  },
  emailCodeDead: {
    zh: "验证码错误次数过多，请重新获取",
    en: "Too many wrong attempts, please request a new code",
  },
  resendTooSoon: {
    zh: "发送过于频繁，请 {seconds} 秒后再试",
    en: "Sent too often, please try again in {seconds} s",
  },
  usernameMismatch: {
    zh: "用户名必须与邮箱一致",
    en: "The username must equal the e-mail address",
  },
  passwordsDiffer: { zh: "两次输入的密码不一致", en: "The two passwords differ" },
  "password.tooShort": { zh: "密码至少 8 位", en: "The password needs at least 8 characters" },
  "password.tooLong": {
    zh: "密码不能超过 64 位",
    en: "The password may have at most 64 characters",
  },
  "password.allDigits": { zh: "密码不能全是数字", en: "The password cannot be all digits" },
  "password.common": { zh: "密码过于常见，请换一个", en: "This password is too common" },
  "password.sameAsEmail": {
    zh: "密码不能与邮箱相同",
    en: "The password cannot be the e-mail address",
  },
  "password.sameAsOld": {
    zh: "新密码不能与旧密码相同",
    en: "The new password must differ from the old one",
  },
  demoAccountPassword: {
    zh: "这是公开的演示账号，不能重置或修改密码。请注册自己的账号来体验此功能",
    en: "This is a published demo account: its password cannot be reset or changed. Register an account of your own to try this",
  },
  demoAccountSessions: {
    zh: "这是公开的演示账号，其他人也在使用：不能开启单点登录或强制其他设备下线。请注册自己的账号来体验此功能",
    en: "This is a published demo account that others are using too: it cannot be limited to one person at a time, and other devices cannot be forced offline. Register an account of your own to try this",
  },
  wrongOldPassword: { zh: "原密码错误", en: "The old password is wrong" },

  noToken: { zh: "请先登录", en: "Please sign in first" },
  tokenInvalid: {
    zh: "登录已失效，请重新登录",
    en: "Your session has expired, please sign in again",
  },
  loggedInElsewhere: {
    zh: "您的账号已在其他设备登录",
    en: "Your account was signed in on another device, so this one was signed out",
  },
  forcedOffline: {
    zh: "您已被强制下线，请重新登录",
    en: "This device was signed out from another device, please sign in again",
  },
  passwordChangedOffline: {
    zh: "账号密码已修改，请使用新密码重新登录",
    en: "The account's password was changed, please sign in with the new password",
  },
  accountDeleted: {
    zh: "该账号已被公司主账号删除",
    en: "This account was deleted by the company's main account",
  },
  forbidden: { zh: "没有权限", en: "No permission" },

  deviceNotFound: { zh: "登录设备不存在", en: "No such login device" },
  deviceAlreadyOffline: { zh: "该设备已离线", en: "This device is already offline" },
  cannotForceCurrent: {
    zh: "不能强制下线当前设备，请使用退出登录",
    en: "The current device cannot be forced offline; sign out instead",
  },

  subAccountOnlyPrimary: {
    zh: "只有公司主账号可以管理子账号",
    en: "Only the company's main account can manage sub-accounts",
  },
  subAccountNotFound: { zh: "子账号不存在", en: "No such sub-account" },
  invitationNotNeeded: {
    zh: "该子账号已登录过或已停用，无需再发送邀请",
    en: "This sub-account has signed in before or is disabled: it needs no invitation",
  },
  demoAccountChange: {
    zh: "这是公开的演示账号，其他人也在使用：不能停用，也不能更改角色。请新建子账号来体验此功能",
    en: "This is a published demo account that others are using too: it cannot be disabled or given another role. Create a sub-account to try this",
  },
  demoAccountDelete: {
    zh: "这是公开的演示账号，不能删除。请新建子账号来体验此功能",
    en: "This is a published demo account and cannot be deleted. Create a sub-account to try this",
  },
  roleNotGrantable: {
    zh: "不能授予您自己没有的角色",
    en: "You cannot grant a role you do not have",
  },

  serviceNotFound: { zh: "服务号 {no} 不存在", en: "Service {no} does not exist" },
  palletNotFound: { zh: "托盘 {no} 不存在", en: "Pallet {no} does not exist" },
  ordersNotFound: { zh: "订单 {no} 不存在", en: "Order {no} does not exist" },
  scanNotFound: { zh: "未找到托盘或订单 {no}", en: "No pallet or order {no}" },
  orderMoveNotAllowed: {
    zh: "整批未修改，以下 {count} 个订单不能改为“{to}”：{groups}",
    en: 'Nothing was changed. Orders that cannot become "{to}": {groups}',
  },
  orderMoveGroup: {
    zh: "{nos}（当前“{from}”，{allowed}）",
    en: '{nos} ("{from}"; {allowed})',
  },
  orderMoveAllowed: { zh: "只能改为{targets}", en: "it can only become {targets}" },
  orderMoveNone: { zh: "状态不能再修改", en: "its status cannot change any more" },
  orderMoveOr: { zh: "或", en: " or " },
  orderMoveGroupSeparator: { zh: "；", en: "; " },
  orderMoveMore: { zh: "等 {n} 个", en: "and {more} more" },
  filterCountChanged: {
    zh: "整批未修改：筛选条件现在匹配 {actual} 个订单，而不是确认时的 {expected} 个，请核对后重新确认",
    en: "Nothing was changed: the filter now matches {actual} orders, not the {expected} you confirmed. Check the list and confirm again",
  },
  orderScanNotAllowed: {
    zh: "订单 {no} 当前状态为“{from}”，不能{action}",
    en: 'Order {no} is "{from}" and cannot be {action}',
  },
  palletNothingToMove: {
    zh: "托盘 {no} 没有可{action}的订单（{left}）",
    en: "Pallet {no} has no order that can be {action} ({left})",
  },
  palletEmpty: { zh: "托盘上没有订单", en: "it holds no orders" },
  "palletLeft.one": { zh: "{count} 个{status}", en: "{count} {status}" },
  "palletLeft.separator": { zh: "，", en: ", " },
  "action.in": { zh: "入库", en: "stocked in" },
  "action.out": { zh: "出库", en: "stocked out" },
  reasonRequired: { zh: "扣留原因不能为空", en: "A reason for detention is required" },
  filterRangeReversed: {
    zh: "筛选范围无效：{first}（{start}）不能大于 {last}（{end}）",
    en: "Invalid filter range: {first} ({start}) must not be after {last} ({end})",
  },
  remarkRequiredDetained: {
    zh: "订单 {no} 处于扣留状态，备注（扣留原因）不能为空",
    en: "Order {no} is detained: its remark (reason for detention) cannot be blank",
  },

  importNoFile: { zh: "请选择一个 xlsx 文件", en: "Please choose one .xlsx file" },
  importNotXlsx: { zh: "文件不是有效的 xlsx 文件", en: "The file is not a valid .xlsx file" },
  importTooLarge: { zh: "文件不能超过 5MB", en: "The file cannot exceed 5 MB" },
  importEmpty: { zh: "文件中没有数据行", en: "The file has no data rows" },
  importTooManyRows: { zh: "文件最多 10000 行", en: "The file may have at most 10000 rows" },
  importTooMuchData: {
    zh: "文件内容过多：最多 10000 行",
    en: "The file holds too much data: at most 10000 rows",
  },
  importBlankOrder: { zh: "订单号为空", en: "The order number is blank" },
  importUnknownOrder: { zh: "订单不存在", en: "No such order" },
  importBlankLogistics: { zh: "物流单号为空", en: "The logistics number is blank" },
  importBadLogistics: {
    zh: "物流单号格式不正确（6-30 位字母或数字）",
    en: "Invalid logistics number (6-30 letters or digits)",
  },
  importDuplicateRow: {
    zh: "订单号与第 {row} 行重复",
    en: "The order number repeats row {row}",
  },
  importLogisticsTaken: {
    zh: "物流单号已被订单 {no} 使用",
    en: "The logistics number is already used by order {no}",
  },
  importLogisticsTakenElsewhere: {
    zh: "物流单号已被其他订单使用",
    en: "The logistics number is already used by another order",
  },
  importStockedOut: {
    zh: "订单已出库，不能修改物流单号",
    en: "The order is stocked out: its logistics number cannot change",
  },

  imageMissing: { zh: "请选择图片", en: "Please choose an image" },
  imageTooLarge: { zh: "图片大小不能超过2MB", en: "The image size cannot exceed 2MB" },
  imageType: { zh: "只能上传 png、jpeg 或 gif 图片", en: "Only png, jpeg or gif images" },
  imageNotFound: { zh: "图片不存在", en: "No such image" },
  imageNotUploaded: { zh: "图片未上传：{field}", en: "Image not uploaded: {field}" },

  companyExists: {
    zh: "已提交过资质信息，请在原资料上修改",
    en: "A qualification was already submitted; edit it instead",
  },
  creditCodeTaken: {
    zh: "统一社会信用代码 {code} 已被另一家已通过或待审核的公司使用，请核对",
    en: "The unified social credit code {code} is already held by another company that is approved or awaiting review; please check it",
  },
  companyNotFound: { zh: "尚未提交资质信息", en: "No qualification submitted yet" },
  unknownCompany: { zh: "企业不存在", en: "No such company" },
  auditOperationNotFound: { zh: "操作记录不存在", en: "No such operation" },
  auditTooManyRows: {
    zh: "符合条件的记录有 {rows} 行，一次最多下载 {max} 行，请缩小日期范围或增加筛选条件",
    en: "The filters match {rows} rows; one download holds at most {max}. Narrow the date range or add filters",
  },
  viewNameLength: {
    zh: "视图名称须为 1 到 {max} 个字符",
    en: "A view's name must be 1 to {max} characters long",
  },
  viewNameTaken: {
    zh: "已有名为“{name}”的视图，请换一个名称",
    en: 'A view named "{name}" already exists; choose another name',
  },
  tooManyViews: {
    zh: "每个列表最多保存 {max} 个视图，请先删除不用的视图",
    en: "At most {max} views can be saved per list; delete one you no longer use first",
  },
  viewQueryTooLong: {
    zh: "视图的筛选条件过长（最多 {max} 个字符）",
    en: "The view's filters are too long (at most {max} characters)",
  },
  unknownView: { zh: "视图不存在", en: "No such view" },
  companyNotEditable: {
    zh: "资质信息当前状态为“{state}”，不能修改",
    en: 'The qualification is "{state}" and cannot be edited',
  },
  subAccountCompany: {
    zh: "子账号不能提交或修改公司资质",
    en: "A sub-account cannot submit or edit the company qualification",
  },
  reviewNotFound: { zh: "资质申请不存在", en: "No such qualification submission" },
  reviewNotAllowed: {
    zh: "资质申请当前状态为“{state}”，不能执行该操作",
    en: 'The submission is "{state}": this review step is not allowed',
  },
  rejectReasonRequired: { zh: "驳回原因不能为空", en: "A reason for the rejection is required" },

  "state.pending": { zh: "待审核", en: "Pending review" },
  "state.reviewing": { zh: "审核中", en: "Reviewing" },
  "state.approved": { zh: "审核通过", en: "Approved" },
  "state.rejected": { zh: "审核驳回", en: "Rejected" },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

export function t(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const template: string = MESSAGES[key][lang];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** A message in both languages (notifications are stored in both and answered in the reader's). */
export function both(key: MessageKey, params?: MessageParams): Record<Lang, string> {
  return { zh: t("zh", key, params), en: t("en", key, params) };
}
