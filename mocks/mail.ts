/**
 * Outgoing mail and notifications. Mail goes to the outbox (the demo mailbox
 * shows it); the server log only says that a mail went out, never its text:
 * activation and reset codes must not be readable in a log.
 */
import { PRODUCT_NAME as PRODUCT_NAME_OF_PORTAL } from "../app/config/product.ts";
import type { EmailCodeScene } from "../app/contract/account.ts";
import { nowSeconds } from "./clock.ts";
import { db, type NoticeRow, nextSeq } from "./db.ts";
import type { Lang } from "./i18n.ts";
import { mailboxesFor } from "./mailbox.ts";
import { companyIdOf } from "./scope.ts";
import { randomId } from "./security.ts";

/** The product's one name per language, the portal's own. */
export const PRODUCT_NAME: Record<Lang, string> = PRODUCT_NAME_OF_PORTAL;

/**
 * The language of a mail to `email`: its account's (the language it last
 * used the portal in), or, for an address with no account yet (a
 * registration), the language of whoever asked.
 */
export function mailLanguage(email: string, asked: Lang): Lang {
  const id = db.userIdByName.get(email.trim().toLowerCase());
  const account = id === undefined ? undefined : db.users.get(id);
  return account ? (account.lang ?? "zh") : asked;
}

export async function sendMail(to: string, subject: string, text: string): Promise<void> {
  await db.outbox.insert({
    id: randomId(8),
    to,
    subject,
    text,
    createdOn: nowSeconds(),
    seq: nextSeq(),
    mailboxes: mailboxesFor(to),
  });
  if (process.env.MOCK_API_QUIET !== "1") {
    console.info(`[mock-api] mail to ${to}: ${subject} (text in the demo mailbox only)`);
  }
}

export function codeMail(
  lang: Lang,
  scene: EmailCodeScene,
  code: string,
): { subject: string; text: string } {
  if (lang === "en") {
    const purpose = {
      register: "activate your account",
      forgot: "reset your password",
      login: "sign in",
    }[scene];
    return {
      subject: `[${PRODUCT_NAME.en}] Your e-mail code`,
      text:
        `Your code to ${purpose} is ${code}. It is valid for 10 minutes and works once.\n` +
        "If you did not ask for it, ignore this mail.",
    };
  }
  const purpose = { register: "激活账号", forgot: "重置密码", login: "登录" }[scene];
  return {
    subject: `【${PRODUCT_NAME.zh}】邮箱验证码`,
    text: `您正在${purpose}，验证码为 ${code}，10 分钟内有效，仅可使用一次。\n如非本人操作，请忽略本邮件。`,
  };
}

export async function notify(
  userId: string,
  kind: NoticeRow["kind"],
  title: Record<Lang, string>,
  content: Record<Lang, string>,
): Promise<void> {
  const user = db.users.get(userId);
  await db.notices.insert({
    id: randomId(8),
    userId,
    companyId: user ? companyIdOf(user) : null,
    kind,
    titleZh: title.zh,
    titleEn: title.en,
    contentZh: content.zh,
    contentEn: content.en,
    read: false,
    createdOn: nowSeconds(),
    seq: nextSeq(),
  });
}
