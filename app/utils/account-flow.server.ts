/**
 * The account flows, registration and password recovery, as one step machine
 * (docs/architecture.md, "Account flows").
 *
 * Where a visitor stands in a flow is kept on the server side of the
 * conversation: a reload, a second tab or a post without JavaScript lands on
 * the right step.
 *
 * The state lives in its own short-lived, httpOnly cookie. It carries the
 * password chosen in registration step 1 and the e-mail code of forgot step 2
 * until the final call, so the whole value is encrypted (AES-256-GCM, key
 * derived from the session secret) before it is signed: the cookie is
 * unreadable, not only tamper-proof.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { Submission } from "@conform-to/react";
import { createCookie, data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { env } from "~/config/env.server.ts";
import type { SystemPrefix } from "~/contract/index.ts";
import type { Locale } from "~/locales/index.ts";
import { imageCodeForm, newCaptchaNonce } from "~/utils/captcha-session.server.ts";
import { cookieHeaders } from "~/utils/cookies.ts";
import { LIMITS, type Limit, limitPost } from "~/utils/rate-limit.server.ts";
import {
  apiContext,
  getLocale,
  getT,
  postedForm,
  sessionContext,
} from "~/utils/request-context.server.ts";
import {
  type CaptchaPurpose,
  commitSession,
  type SessionFlashData,
} from "~/utils/session.server.ts";
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

const forgotFlowSchema = z.object({
  system: z.enum(FORGOT_SYSTEMS),
  step: z.literal([1, 2, 3, 4]),
  email: z.string(),
  captchaId: z.string().optional(),
  sentAt: z.number().optional(),
  /** The code typed in step 2; the backend checks it with the new password. */
  emailCode: z.string().optional(),
});

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

// ------------------------------------------------------------ the step machine

type Context = Readonly<RouterContextProvider>;
type FlowName = keyof Flows;
type FlowOf<N extends FlowName> = NonNullable<Flows[N]>;
/** What a flow keeps of the last e-mail code sent: step 2 counts down from it. */
type SentCode = "captchaId" | "sentAt";
type Notice = SessionFlashData["notice"];

/** What a route's loader or action passes to the flow, by name. */
export interface FlowArgs {
  request: Request;
  url: URL;
  context: Context;
}

/** One account flow: its page, its codes, and what its first step asks the backend. */
export interface FlowSpec<N extends FlowName> {
  name: N;
  /** The flow's page in a language (post / redirect / get lands there). */
  path: (locale: Locale) => string;
  /** Counts every post of the flow against the client's address (429 beyond). */
  limit: Limit;
  /** The image code of step 1. */
  captcha: CaptchaPurpose;
  /** The e-mail code of step 2 (`scene`), for the backend of a system (`prefix`). */
  scene: "register" | "forgot";
  prefix?: SystemPrefix;
  /** Step 1 goes on with an address that is not registered yet (`new`) or with an account (`existing`). */
  account: "new" | "existing";
  /** Whether a stored flow belongs to this page (recovery: the same system). */
  owns?: (flow: FlowOf<N>) => boolean;
}

/** The refusal of step 1 when the address is not what the flow wants. */
const ACCOUNT_REFUSALS = {
  new: "account.errors.emailTaken",
  existing: "account.errors.accountNotFound",
} as const;

/** A parsed form of a step: all the machine needs of it is a reply. */
type Replying = Pick<Submission<unknown>, "reply">;

/**
 * The flow `spec` of this visitor, with the moves every flow makes:
 * `toStep` (store and go back to the page), `confirmEmail` (step 1, behind an
 * image code), `sendCode` (step 2's send the code again) and `pageState`
 * (what the page shows).
 */
export async function openFlow<N extends FlowName>(
  spec: FlowSpec<N>,
  { request, context }: Pick<FlowArgs, "request" | "context">,
) {
  const flows = await readFlows(request);
  const stored = flows[spec.name] as FlowOf<N> | undefined;
  const flow = stored && (spec.owns?.(stored) ?? true) ? stored : undefined;
  const t = getT(context);

  /**
   * Back to the flow's page (post / redirect / get), storing the flow:
   * `flow` is the next state (`null` ends the flow; left out, nothing
   * changes). A notice is flashed for the page; `sessionCookie` carries a
   * session saved before (its image code spent).
   */
  async function toStep(
    options: { flow?: FlowOf<N> | null; notice?: Notice; sessionCookie?: string } = {},
  ) {
    const session = context.get(sessionContext);
    if (options.notice) session.flash("notice", options.notice);
    const next =
      options.flow === undefined ? flows : { ...flows, [spec.name]: options.flow ?? undefined };
    const headers = cookieHeaders(
      options.notice ? await commitSession(session) : options.sessionCookie,
      await saveFlows(next),
    );
    return redirect(spec.path(getLocale(context)), { headers });
  }

  /**
   * Step 1: the form with the e-mail and an image code. The code is checked
   * (single use) before anything else; then the backend says whether the
   * address is registered, which must be what the flow wants. Success goes on
   * to step 2 (`next`), where a code already sent to the same address keeps
   * counting down.
   */
  async function confirmEmail<
    Schema extends z.ZodType<{ email: string; code?: string; withoutImage?: "1" }>,
  >(
    formData: FormData,
    form: {
      schema: Schema;
      secretFields?: string[];
      next: (value: z.output<Schema>) => Omit<FlowOf<N>, SentCode>;
    },
  ) {
    const posted = await imageCodeForm(context, formData, {
      schema: form.schema,
      purpose: spec.captcha,
      secretFields: form.secretFields,
    });
    if (posted.refusal) return posted.refusal;
    // Without the image, the post is counted as a code request: it sends one.
    if (posted.withoutImage) await limitPost(context, LIMITS.codePerAddress);
    else if (!posted.codeRight) return posted.refuseCode();

    const { email } = posted.value;
    const api = context.get(apiContext);
    const free = await api.attempt("checkAccount", {
      query: { username: email },
      prefix: spec.prefix,
    });
    if (!free.ok) return posted.refuse({ formErrors: [free.message] });
    if (free.data !== (spec.account === "new")) {
      return posted.refuse({ fieldErrors: { email: [ACCOUNT_REFUSALS[spec.account]] } });
    }
    if (posted.withoutImage) {
      // The e-mail code of the next step stands in for the image: sent at once.
      const code = await api.attempt("sendEmailCode", {
        query: { email, scene: spec.scene },
        prefix: spec.prefix,
      });
      if (!code.ok) return posted.refuse({ formErrors: [code.message] });
      return toStep({
        flow: {
          ...form.next(posted.value),
          captchaId: code.data.captcha_id,
          sentAt: Date.now(),
        } as FlowOf<N>,
        notice: { kind: "success", message: t("account.messages.sent") },
      });
    }
    const sent = flow?.email === email ? { captchaId: flow.captchaId, sentAt: flow.sentAt } : {};
    return toStep({
      flow: { ...form.next(posted.value), ...sent } as FlowOf<N>,
      sessionCookie: posted.sessionCookie,
    });
  }

  /**
   * Step 2's "send the code" and "send it again": not before the wait is
   * over, counted against the address, and the new code's id and time stored
   * in the flow.
   */
  async function sendCode(current: FlowOf<N>, submission: Replying) {
    const wait = resendWait(current.sentAt);
    if (wait > 0) {
      return data(
        submission.reply({ formErrors: [t("account.errors.resendTooSoon", { seconds: wait })] }),
      );
    }
    await limitPost(context, LIMITS.codePerAddress);
    const sent = await context.get(apiContext).attempt("sendEmailCode", {
      query: { email: current.email, scene: spec.scene },
      prefix: spec.prefix,
    });
    if (!sent.ok) return data(submission.reply({ formErrors: [sent.message] }));
    return toStep({
      flow: { ...current, captchaId: sent.data.captcha_id, sentAt: Date.now() },
      notice: { kind: "success", message: t("account.messages.sent") },
    });
  }

  /** What every page of the flow shows: the step, the address, the code's countdown. */
  function pageState() {
    return {
      step: flow?.step ?? 1,
      started: Boolean(flow),
      email: flow?.email ?? "",
      resendIn: resendWait(flow?.sentAt),
      sentBefore: Boolean(flow?.captchaId),
      /** Changes with every code sent: the code form starts afresh, its old errors gone. */
      sentAt: flow?.sentAt ?? 0,
    };
  }

  return { flows, flow, toStep, confirmEmail, sendCode, pageState };
}

/**
 * The prelude of a flow's action: the post counts against the client's
 * address (429 beyond the limit), then the form and the flow are read.
 */
export async function postToFlow<N extends FlowName>(
  spec: FlowSpec<N>,
  args: Pick<FlowArgs, "request" | "context">,
) {
  await limitPost(args.context, spec.limit);
  const formData = postedForm(args.context);
  return { formData, intent: formData.get("intent"), ...(await openFlow(spec, args)) };
}

/**
 * The loader of a flow's page: its state, the one-time notice of the last
 * post, a new image code, and what the page adds (`extra`). `endAt` ends the
 * flow once that step is shown (recovery's "done" is shown once).
 */
export async function flowPage<N extends FlowName, Extra extends object = object>(
  spec: FlowSpec<N>,
  args: Pick<FlowArgs, "request" | "context">,
  options: { endAt?: number; extra?: Extra } = {},
) {
  const machine = await openFlow(spec, args);
  const state = machine.pageState();
  const session = args.context.get(sessionContext);
  const notice = session.get("notice") ?? null;
  const ends = options.endAt !== undefined && state.step === options.endAt;
  const headers = cookieHeaders(
    notice ? await commitSession(session) : undefined,
    ends ? await saveFlows({ ...machine.flows, [spec.name]: undefined }) : undefined,
  );
  return data(
    { ...(options.extra as Extra), ...state, notice, captchaNonce: newCaptchaNonce() },
    { headers },
  );
}
