/**
 * Where a visitor stands in the registration and forgot-password flows, kept
 * on the server side of the conversation: a reload, a second tab or a post
 * without JavaScript lands on the right step.
 *
 * The state lives in its own short-lived, httpOnly cookie. It carries the
 * password chosen in registration step 1 and the e-mail code of forgot step 2
 * until the final call, so the whole value is encrypted (AES-256-GCM, key
 * derived from the session secret) before it is signed: the cookie is
 * unreadable, not only tamper-proof.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "zod";
import { env } from "~/config/env.server.ts";
import { FORGOT_SYSTEMS, RESEND_SECONDS } from "~/validation/account.ts";

/** The flows expire 30 minutes after their last step (codes live 10 minutes anyway). */
const FLOW_TTL_SECONDS = 30 * 60;

const registerFlowSchema = z.object({
  step: z.literal([1, 2, 3]),
  email: z.string(),
  password: z.string(),
  /** Id of the last activation code sent, and when (Unix ms). */
  captchaId: z.string().optional(),
  sentAt: z.number().optional(),
});
export type RegisterFlow = z.infer<typeof registerFlowSchema>;

const forgotFlowSchema = z.object({
  system: z.enum(FORGOT_SYSTEMS),
  step: z.literal([1, 2, 3, 4]),
  email: z.string(),
  captchaId: z.string().optional(),
  sentAt: z.number().optional(),
  /** The code typed in step 2; the backend checks it with the new password. */
  emailCode: z.string().optional(),
});
export type ForgotFlow = z.infer<typeof forgotFlowSchema>;

const flowsSchema = z.object({
  register: registerFlowSchema.optional(),
  forgot: forgotFlowSchema.optional(),
});
export type Flows = z.infer<typeof flowsSchema>;

const config = env();
const key = createHash("sha256").update(`account-flow:${config.sessionSecrets[0]}`).digest();

const flowCookie = createCookie("__account_flow", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: config.sessionSecrets,
  secure: config.cookieSecure,
  maxAge: FLOW_TTL_SECONDS,
});

export function seal(text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export function unseal(sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** The flows of this visitor; anything unreadable or expired counts as no flow. */
export async function readFlows(request: Request): Promise<Flows> {
  const value: unknown = await flowCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string") return {};
  const text = unseal(value);
  if (!text) return {};
  try {
    const parsed = flowsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The Set-Cookie value that stores `flows` (or removes the cookie when both are gone). */
export function saveFlows(flows: Flows): Promise<string> {
  if (!flows.register && !flows.forgot) return flowCookie.serialize("", { maxAge: 0 });
  return flowCookie.serialize(seal(JSON.stringify(flows)));
}

/** Seconds until a code may be sent again (0 when it may be sent now). */
export function resendWait(sentAt: number | undefined, now = Date.now()): number {
  if (sentAt === undefined) return 0;
  const left = Math.ceil((sentAt + RESEND_SECONDS * 1000 - now) / 1000);
  return Math.min(RESEND_SECONDS, Math.max(0, left));
}

/** Several Set-Cookie values in one header set. */
export function cookieHeaders(...cookies: (string | undefined)[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}
