/**
 * Account calls: login, logout, current user, single login, login devices,
 * e-mail codes, registration, forgot and modify password, sub-accounts.
 */
import { randomInt } from "node:crypto";
import { isPublishedDemoAccount } from "../../app/config/demo-accounts.ts";
import { type EmailCodeScene, accountEndpoints as ep } from "../../app/contract/account.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import { passwordProblem } from "../../app/contract/password.ts";
import { MANAGER_ROLE } from "../../app/contract/roles.ts";
import { addressSubject } from "../../app/utils/address-subject.ts";
import { countAttempt, forgetAttempts } from "../attempts.ts";
import { mockClock, nowSeconds } from "../clock.ts";
import { db, type EmailCodeRow, type UserRow } from "../db.ts";
import { ApiError } from "../errors.ts";
import type { Lang, MessageKey } from "../i18n.ts";
import { ADDRESS_LIMITS, checkAddress, countAddress, limitAddress } from "../limits.ts";
import { codeMail, mailLanguage, notify, PRODUCT_NAME, sendMail } from "../mail.ts";
import { rememberMailboxOf } from "../mailbox.ts";
import { pageOf, ts } from "../paging.ts";
import { route, signedIn } from "../route.ts";
import { companyIdOf } from "../scope.ts";
import { clientIp, hashPassword, newToken, randomId, sha256, verifyPassword } from "../security.ts";
import { endDevice, startSession, takeOffline, tokenAlive } from "../session.ts";
import { forgetListSettings } from "./list-settings.ts";

export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
export const EMAIL_CODE_RESEND_MS = 60_000;
export const EMAIL_CODE_MAX_FAILURES = 5;
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_SECONDS = 15 * 60;

/** Counters of wrong passwords of one account, one per address. */
function loginKeyPrefix(userId: string): string {
  return `login|${userId}|`;
}

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

function userByName(username: string): UserRow | undefined {
  const id = db.userIdByName.get(normalEmail(username));
  return id ? db.users.get(id) : undefined;
}

/** Anyone may sign in as a published demo account: nobody may take one over. */
function refuseDemoAccount(username: string): void {
  if (isPublishedDemoAccount(username)) {
    throw new ApiError(ApiCode.wrongStatus, "demoAccountPassword");
  }
}

function checkNewPassword(password: string, checkPass: string, email: string): void {
  if (password !== checkPass) throw new ApiError(ApiCode.invalidParameters, "passwordsDiffer");
  const problem = passwordProblem(password, email);
  if (problem) throw new ApiError(ApiCode.invalidParameters, `password.${problem}` as MessageKey);
}

/**
 * Checks an e-mail code and uses it up. Wrong code, wrong flow, wrong address,
 * used or expired: 1004. After 5 wrong codes the code is dead: 1000.
 */
async function consumeCode(
  captchaId: string,
  code: string,
  scene: EmailCodeScene,
  email?: string,
): Promise<EmailCodeRow> {
  return spendCode(await checkCode(captchaId, code, scene, email));
}

/** Counts a wrong try of a code (5 kill it). */
async function failCode(row: EmailCodeRow): Promise<void> {
  await db.emailCodes.update(row.captchaId, (draft) => {
    draft.failedAttempts += 1;
  });
}

/**
 * Uses a code up. The address's code did its work: a new one may be asked
 * for at once (the 60 s wait is for codes still on their way).
 */
function spendCode(row: EmailCodeRow): Promise<EmailCodeRow> {
  db.lastCodeSentAt.delete(row.email);
  return db.emailCodes.update(row.captchaId, (draft) => {
    draft.used = true;
  });
}

/** Checks an e-mail code without using it up; a wrong one is counted (`consumeCode`'s rules). */
async function checkCode(
  captchaId: string,
  code: string,
  scene: EmailCodeScene,
  email?: string,
): Promise<EmailCodeRow> {
  const row = db.emailCodes.get(captchaId.trim());
  if (!row || row.scene !== scene || (email !== undefined && row.email !== normalEmail(email))) {
    throw new ApiError(ApiCode.wrongEmailCode, "wrongEmailCode");
  }
  if (row.failedAttempts >= EMAIL_CODE_MAX_FAILURES) {
    throw new ApiError(ApiCode.tooManyAttempts, "emailCodeDead");
  }
  if (row.used || row.expiresOn <= nowSeconds()) {
    throw new ApiError(ApiCode.wrongEmailCode, "wrongEmailCode");
  }
  if (sha256(code.trim()) !== row.codeHash) {
    await failCode(row);
    throw new ApiError(ApiCode.wrongEmailCode, "wrongEmailCode");
  }
  return row;
}

async function createUser(
  username: string,
  passwordHash: string,
  parent: UserRow | null,
  scope: UserRow["scope"],
) {
  const user = await db.users.insert({
    id: `u${randomId(8)}`,
    username,
    passwordHash,
    scope,
    isSingleLogin: false,
    parentId: parent?.id ?? null,
    // A sub-account belongs to its main account's company; a new account to none.
    companyId: parent ? companyIdOf(parent) : null,
    enabled: true,
    createdOn: nowSeconds(),
    lastLoginOn: null,
    failedLogins: 0,
    lockedUntil: null,
  });
  db.userIdByName.set(user.username, user.id);
  return user;
}

function subAccountView(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    scope: user.scope,
    enabled: user.enabled,
    createdOn: ts(user.createdOn),
    lastLoginOn: ts(user.lastLoginOn),
  };
}

function requirePrimary(user: UserRow): void {
  if (user.parentId !== null) throw new ApiError(ApiCode.forbidden, "subAccountOnlyPrimary");
}

function ownSubAccount(owner: UserRow, id: string): UserRow {
  const sub = db.users.get(id);
  if (!sub || sub.parentId !== owner.id) throw new ApiError(ApiCode.notFound, "subAccountNotFound");
  return sub;
}

/** One invitation per address in this many seconds, like the e-mail codes. */
export const INVITATION_RESEND_SECONDS = 60;

function invitationKey(email: string): string {
  return `invitation|${email}`;
}

/** Refuses (1000, with the seconds to wait) an invitation within 60 s of the last to the address. */
function checkInvitationClock(email: string): void {
  const sent = countAttempt(invitationKey(email), INVITATION_RESEND_SECONDS, 0);
  if (sent.count > 0) {
    throw new ApiError(ApiCode.tooManyAttempts, "resendTooSoon", { seconds: sent.retryAfter });
  }
}

async function sendInvitation(email: string, lang: Lang, owner: string): Promise<void> {
  const mail = invitationMail(mailLanguage(email, lang), owner);
  await sendMail(email, mail.subject, mail.text);
  countAttempt(invitationKey(email), INVITATION_RESEND_SECONDS, 1);
}

function invitationMail(lang: Lang, owner: string): { subject: string; text: string } {
  if (lang === "en") {
    return {
      subject: `[${PRODUCT_NAME.en}] You have a sub-account`,
      text:
        `${owner} created a sub-account for this address. To sign in, open the login page, ` +
        '"Forgot password", and set your password with this address.',
    };
  }
  return {
    subject: `【${PRODUCT_NAME.zh}】子账号开通通知`,
    text: `${owner} 为本邮箱开通了子账号。请在登录页点击“忘记密码”，使用本邮箱设置登录密码后登录。`,
  };
}

export const accountHandlers = [
  ...route(ep.login, async ({ body, request }) => {
    checkAddress(request, ADDRESS_LIMITS.failedLogin);
    // A sign-in code is checked before anything else: without the code, the
    // answer says nothing of the account or its password.
    const code = body.captcha_id
      ? await checkCode(body.captcha_id, body.captcha_code ?? "", "login", body.username)
      : undefined;
    const user = userByName(body.username);
    if (!user) {
      countAddress(request, ADDRESS_LIMITS.failedLogin);
      throw new ApiError(ApiCode.wrongCredentials, "wrongCredentials");
    }
    // Wrong passwords are counted per account and address: an attacker's
    // address is slowed down, the owner signing in from elsewhere never is.
    const key = `${loginKeyPrefix(user.id)}${addressSubject(clientIp(request))}`;
    const failures = countAttempt(key, LOGIN_LOCK_SECONDS, 0);
    if (failures.count >= LOGIN_MAX_FAILURES) {
      throw new ApiError(ApiCode.tooManyAttempts, "loginLocked", {
        minutes: Math.ceil(failures.retryAfter / 60),
      });
    }
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      countAttempt(key, LOGIN_LOCK_SECONDS, 1);
      countAddress(request, ADDRESS_LIMITS.failedLogin);
      // A wrong password counts against the code too: 5 tries a code in all.
      if (code) await failCode(code);
      throw new ApiError(ApiCode.wrongCredentials, "wrongCredentials");
    }
    if (!user.enabled) throw new ApiError(ApiCode.forbidden, "accountDisabled");
    if (code) await spendCode(code);
    rememberMailboxOf(user.id);
    return { token: await startSession(user, request) };
  }),

  ...route(ep.logout, async (ctx) => {
    const { device } = signedIn(ctx);
    await endDevice(device.deviceNo, "logout");
    return null;
  }),

  ...route(ep.accountInfo, (ctx) => {
    const { user } = signedIn(ctx);
    return {
      username: user.username,
      isSingleLogin: user.isSingleLogin,
      scope: user.scope,
      subAccount: user.parentId !== null,
      homePage: db.homePageByUser.get(user.id),
    };
  }),

  ...route(ep.updateAccountInfo, async (ctx) => {
    const { user } = signedIn(ctx);
    // Single login on a published account would sign out everyone else using it at each sign-in.
    if (ctx.body.isSingleLogin && isPublishedDemoAccount(user.username)) {
      throw new ApiError(ApiCode.wrongStatus, "demoAccountSessions");
    }
    const next = await db.users.update(user.id, (draft) => {
      draft.isSingleLogin = ctx.body.isSingleLogin;
    });
    return {
      username: next.username,
      isSingleLogin: next.isSingleLogin,
      scope: next.scope,
      subAccount: next.parentId !== null,
    };
  }),

  ...route(ep.sendEmailCode, async ({ query, lang, request }) => {
    limitAddress(request, ADDRESS_LIMITS.emailCode);
    const email = normalEmail(query.email);
    const exists = db.userIdByName.has(email);
    // The product's call has no scene (docs/product.md, Backend calls): the address tells which flow the code is for.
    const scene = query.scene ?? (exists ? "forgot" : "register");
    if (scene === "register" && exists) throw new ApiError(ApiCode.emailTaken, "emailTaken");
    if (scene !== "register" && !exists)
      throw new ApiError(ApiCode.accountNotFound, "accountNotFound");
    if (scene === "forgot") refuseDemoAccount(email);
    const nowMs = mockClock.now();
    const last = db.lastCodeSentAt.get(email);
    if (last !== undefined && nowMs - last < EMAIL_CODE_RESEND_MS) {
      throw new ApiError(ApiCode.tooManyAttempts, "resendTooSoon", {
        seconds: Math.ceil((EMAIL_CODE_RESEND_MS - (nowMs - last)) / 1000),
      });
    }
    // A new code replaces the address's earlier codes of the same flow.
    const superseded: string[] = [];
    for (const row of db.emailCodes.values()) {
      if (row.email === email && row.scene === scene && !row.used) superseded.push(row.captchaId);
    }
    await db.emailCodes.updateMany(superseded, (draft) => {
      draft.used = true;
    });
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const now = nowSeconds();
    const row = await db.emailCodes.insert({
      captchaId: randomId(16),
      email,
      scene,
      codeHash: sha256(code),
      createdOn: now,
      expiresOn: now + EMAIL_CODE_TTL_SECONDS,
      used: false,
      failedAttempts: 0,
    });
    db.lastCodeSentAt.set(email, nowMs);
    const mail = codeMail(mailLanguage(email, lang), scene, code);
    await sendMail(email, mail.subject, mail.text);
    return { captcha_id: row.captchaId };
  }),

  ...route(ep.checkAccount, ({ query, request }) => {
    limitAddress(request, ADDRESS_LIMITS.accountLookup);
    return !db.userIdByName.has(normalEmail(query.username));
  }),

  ...route(ep.register, async ({ body, request }) => {
    limitAddress(request, ADDRESS_LIMITS.register);
    const email = normalEmail(body.email);
    if (normalEmail(body.username) !== email)
      throw new ApiError(ApiCode.invalidParameters, "usernameMismatch");
    checkNewPassword(body.password, body.checkPass, email);
    if (db.userIdByName.has(email)) throw new ApiError(ApiCode.emailTaken, "emailTaken");
    await consumeCode(body.captcha_id, body.captcha_code, "register", email);
    const user = await createUser(email, await hashPassword(body.password), null, []);
    // The browser that registered the account reads its mail from now on.
    rememberMailboxOf(user.id);
    await notify(
      user.id,
      "account",
      {
        zh: "欢迎注册，请完善公司资质信息",
        en: "Welcome: please complete your company qualification",
      },
      {
        zh: "提交公司资质并通过审核后，即可使用服务管理、出入库等功能。",
        en: "Submit your company qualification; once approved, logistics functions are open to you.",
      },
    );
    return null;
  }),

  ...route(ep.forgotPassword, async ({ body, request }) => {
    limitAddress(request, ADDRESS_LIMITS.reset);
    if (body.password !== body.checkPass)
      throw new ApiError(ApiCode.invalidParameters, "passwordsDiffer");
    // Password rules first (they need the account the code was sent to), so a
    // weak password does not use up the code.
    const pending = db.emailCodes.get(body.captcha_id.trim());
    if (pending?.scene === "forgot") {
      const owner = userByName(pending.email);
      if (!owner) throw new ApiError(ApiCode.accountNotFound, "accountNotFound");
      refuseDemoAccount(owner.username);
      const problem = passwordProblem(body.password, owner.username);
      if (problem)
        throw new ApiError(ApiCode.invalidParameters, `password.${problem}` as MessageKey);
    }
    const row = await consumeCode(body.captcha_id, body.captcha_code, "forgot");
    const owner = userByName(row.email);
    if (!owner) throw new ApiError(ApiCode.accountNotFound, "accountNotFound");
    refuseDemoAccount(owner.username);
    const passwordHash = await hashPassword(body.password);
    await db.users.update(owner.id, (draft) => {
      draft.passwordHash = passwordHash;
      draft.failedLogins = 0;
      draft.lockedUntil = null;
    });
    forgetAttempts(loginKeyPrefix(owner.id));
    await takeOffline(owner.id, "password");
    return null;
  }),

  ...route(ep.modifyPassword, async (ctx) => {
    const { user, device } = signedIn(ctx);
    const { body } = ctx;
    refuseDemoAccount(user.username);
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
      throw new ApiError(ApiCode.wrongCredentials, "wrongOldPassword");
    }
    checkNewPassword(body.password, body.checkPass, user.username);
    if (body.password === body.oldPassword)
      throw new ApiError(ApiCode.invalidParameters, "password.sameAsOld");
    const passwordHash = await hashPassword(body.password);
    await db.users.update(user.id, (draft) => {
      draft.passwordHash = passwordHash;
    });
    await takeOffline(user.id, "password", device.deviceNo);
    return null;
  }),

  ...route(ep.loginDevices, (ctx) => {
    const { user, device: current } = signedIn(ctx);
    const devices = [...db.devices.values()]
      .filter((device) => device.userId === user.id)
      .sort((a, b) => b.seq - a.seq);
    return pageOf(devices, ctx.query.current, ctx.query.pageSize, (device) => ({
      createdOn: ts(device.createdOn),
      device: device.device,
      ip: device.ip,
      status: tokenAlive(device, nowSeconds()) ? "online" : "Offline",
      deviceNo: device.deviceNo,
      current: device.deviceNo === current.deviceNo,
    }));
  }),

  ...route(ep.forceOffline, async (ctx) => {
    const { user, device: current } = signedIn(ctx);
    const device = db.devices.get(ctx.params.deviceNo);
    if (!device || device.userId !== user.id)
      throw new ApiError(ApiCode.notFound, "deviceNotFound");
    // The other devices of a published account are other people's sessions.
    if (isPublishedDemoAccount(user.username)) {
      throw new ApiError(ApiCode.wrongStatus, "demoAccountSessions");
    }
    if (device.deviceNo === current.deviceNo)
      throw new ApiError(ApiCode.wrongStatus, "cannotForceCurrent");
    if (device.status === "Offline")
      throw new ApiError(ApiCode.wrongStatus, "deviceAlreadyOffline");
    await endDevice(device.deviceNo, "forced");
    return null;
  }),

  ...route(ep.subAccounts, (ctx) => {
    const { user } = signedIn(ctx);
    requirePrimary(user);
    const subs = [...db.users.values()]
      .filter((row) => row.parentId === user.id)
      .sort((a, b) => b.createdOn - a.createdOn || (a.id < b.id ? 1 : -1));
    return pageOf(subs, ctx.query.current, ctx.query.pageSize, subAccountView);
  }),

  ...route(ep.createSubAccount, async (ctx) => {
    const { user } = signedIn(ctx);
    requirePrimary(user);
    const email = normalEmail(ctx.body.email);
    if (ctx.body.role === MANAGER_ROLE && !user.scope.includes(MANAGER_ROLE)) {
      throw new ApiError(ApiCode.forbidden, "roleNotGrantable");
    }
    if (db.userIdByName.has(email)) throw new ApiError(ApiCode.emailTaken, "emailTaken");
    // No usable password until the owner of the address sets one (forgot password).
    const sub = await createUser(
      email,
      await hashPassword(newToken()),
      user,
      ctx.body.role === MANAGER_ROLE ? [MANAGER_ROLE] : [],
    );
    // Its creator registered it: in the demo, that browser stands for the
    // owner of the address and reads the invitation (and later reset codes).
    rememberMailboxOf(sub.id);
    await sendInvitation(email, ctx.lang, user.username);
    return subAccountView(sub);
  }),

  ...route(ep.resendSubAccountInvitation, async (ctx) => {
    const { user } = signedIn(ctx);
    requirePrimary(user);
    const sub = ownSubAccount(user, ctx.params.id);
    // Once it has signed in, the account has its password; a disabled one could not use it.
    if (!sub.enabled || sub.lastLoginOn !== null) {
      throw new ApiError(ApiCode.wrongStatus, "invitationNotNeeded");
    }
    checkInvitationClock(sub.username);
    limitAddress(ctx.request, ADDRESS_LIMITS.emailCode);
    await sendInvitation(sub.username, ctx.lang, user.username);
    return subAccountView(sub);
  }),

  ...route(ep.deleteSubAccount, async (ctx) => {
    const { user } = signedIn(ctx);
    requirePrimary(user);
    const sub = ownSubAccount(user, ctx.params.id);
    // Anyone may sign in as a published account: nobody may take it away from the others.
    if (isPublishedDemoAccount(sub.username)) {
      throw new ApiError(ApiCode.wrongStatus, "demoAccountDelete");
    }
    // Its devices stay listed as history; their tokens answer 20004 with why.
    await takeOffline(sub.id, "deleted");
    // A code on its way to the address must not set the password of a later account of it.
    const codes = [...db.emailCodes.values()]
      .filter((row) => row.email === sub.username && !row.used)
      .map((row) => row.captchaId);
    await db.emailCodes.updateMany(codes, (draft) => {
      draft.used = true;
    });
    for (const notice of [...db.notices.values()]) {
      if (notice.userId === sub.id) db.notices.delete(notice.id);
    }
    db.homePageByUser.delete(sub.id);
    forgetListSettings(sub.id);
    db.mailboxesByUser.delete(sub.id);
    forgetAttempts(loginKeyPrefix(sub.id));
    db.users.delete(sub.id);
    db.userIdByName.delete(sub.username);
    return subAccountView(sub);
  }),

  ...route(ep.updateSubAccount, async (ctx) => {
    const { user } = signedIn(ctx);
    requirePrimary(user);
    const sub = ownSubAccount(user, ctx.params.id);
    const { enabled, role } = ctx.body;
    if (role === MANAGER_ROLE && !user.scope.includes(MANAGER_ROLE)) {
      throw new ApiError(ApiCode.forbidden, "roleNotGrantable");
    }
    // Others are signed in as a published account: disabling it, or taking
    // its role away, would take it from all of them. Enabling it takes nothing.
    const roleChanges =
      role !== undefined && (role === MANAGER_ROLE) !== sub.scope.includes(MANAGER_ROLE);
    if (isPublishedDemoAccount(sub.username) && (enabled === false || roleChanges)) {
      throw new ApiError(ApiCode.wrongStatus, "demoAccountChange");
    }
    const next = await db.users.update(sub.id, (draft) => {
      if (enabled !== undefined) draft.enabled = enabled;
      if (role !== undefined) draft.scope = role === MANAGER_ROLE ? [MANAGER_ROLE] : [];
    });
    if (enabled === false) await takeOffline(sub.id, "disabled");
    return subAccountView(next);
  }),
];
