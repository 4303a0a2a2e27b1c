/**
 * The page parts registration and password recovery share: the steps of a
 * flow, the panel of the current step with its notice, step 1's form with an
 * e-mail and an image code, step 2's form with an e-mail code and its send
 * button, and the check mark of the last step (docs/architecture.md,
 * "Account flows").
 */
import "~/locales/areas/account.ts";
import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  type SubmissionResult,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { EmailCodeField, IntentForm } from "~/components/account/email-code-field.tsx";
import { Steps } from "~/components/account/steps.tsx";
import { CaptchaField } from "~/components/captcha.tsx";
import { FormErrors, InputField, Notice } from "~/components/form.tsx";
import type { CaptchaPurpose } from "~/utils/captcha-purpose.ts";
import { useTranslation } from "~/utils/i18n.ts";

export type FlowName = "register" | "forgot";
export type LastResult = SubmissionResult<string[]> | undefined;
type Field = FieldMetadata<string | undefined>;

/** The steps of each flow, named under `account.<flow>.steps`. */
const FLOW_STEPS = {
  register: ["account", "activate", "done"],
  forgot: ["account", "verify", "reset", "done"],
} as const;

/** A form's reply among an action's answers (a reply has a `status`). */
export function lastResultOf(actionData: unknown): LastResult {
  return actionData && typeof actionData === "object" && "status" in actionData
    ? (actionData as SubmissionResult<string[]>)
    : undefined;
}

/** The steps of a flow, the current one highlighted (0: none yet). */
export function FlowSteps({ flow, step }: { flow: FlowName; step: number }) {
  const { t } = useTranslation();
  const names: readonly string[] = FLOW_STEPS[flow];
  return (
    <Steps
      current={step}
      labels={names.map((name) =>
        t(`account.${flow}.steps.${name}` as "account.register.steps.done"),
      )}
    />
  );
}

/** The current step of a flow, under the notice of the last post. */
export function StepPanel({
  step,
  testId,
  notice,
  children,
}: {
  step: number;
  testId: string;
  notice: { kind: "success" | "error" | "info"; message: string } | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto mt-10 max-w-md" data-step={step} data-testid={testId}>
      {notice ? (
        <div className="mb-4" data-testid="flow-notice">
          <Notice kind={notice.kind}>{notice.message}</Notice>
        </div>
      ) : null}
      {children}
    </div>
  );
}

/**
 * Step 1: an e-mail and an image code (`children`: fields between them;
 * `afterCode`: a line under the code; `footer`: links under the button).
 */
export function EmailAndImageCodeForm<Schema extends Record<string, unknown>>({
  form,
  email,
  code,
  purpose,
  captchaNonce,
  intro,
  emailAutoComplete,
  submit,
  children,
  afterCode,
  footer,
}: {
  form: FormMetadata<Schema, string[]>;
  email: Field;
  code: Field;
  purpose: CaptchaPurpose;
  captchaNonce: string;
  intro: ReactNode;
  emailAutoComplete: "email" | "username";
  submit: { label: string; className: string };
  children?: ReactNode;
  afterCode?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  // Whoever cannot read the image goes on with a code sent to the address (`?code=email`).
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const withoutImage = query.get("code") === "email";
  const modeHref = (email: boolean) => {
    const next = new URLSearchParams(query);
    if (email) next.set("code", "email");
    else next.delete("code");
    const search = next.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <input type="hidden" name="intent" value="account" />
      {intro}
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField
        label={t("account.fields.email")}
        field={email}
        type="email"
        autoComplete={emailAutoComplete}
        placeholder={t("account.fields.emailPlaceholder")}
      />
      {children}
      {withoutImage ? (
        <>
          <input type="hidden" name="withoutImage" value="1" />
          <p className="pb-3 text-sm text-gray-600" data-testid="without-image-hint">
            {t("account.withoutImage.hint")}{" "}
            <Link to={modeHref(false)} className="btn-link" replace>
              {t("account.withoutImage.back")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <CaptchaField field={code} purpose={purpose} nonce={captchaNonce} />
          <p className="-mt-1 pb-2 text-sm">
            <Link
              to={modeHref(true)}
              className="btn-link"
              replace
              data-testid="without-image-offer"
            >
              {t("account.withoutImage.offer")}
            </Link>
          </p>
        </>
      )}
      {afterCode}
      <button type="submit" className={submit.className}>
        {submit.label}
      </button>
      {footer}
    </Form>
  );
}

/** Id of a flow's `IntentForm`: the send button and "previous" post it. */
export function intentFormId(flow: FlowName): string {
  return `${flow}-intent`;
}

/**
 * Step 2: the e-mail code with its send button (60 s countdown), whose small
 * form of its own comes first; `header` above, `children` (the buttons) below.
 */
export function EmailCodeForm<Schema extends Record<string, unknown>>({
  flow,
  form,
  field,
  label,
  placeholder,
  resendIn,
  sentBefore,
  header,
  children,
}: {
  flow: FlowName;
  form: FormMetadata<Schema, string[]>;
  field: Field;
  label: string;
  placeholder: string;
  resendIn: number;
  sentBefore: boolean;
  header: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sendFormId = intentFormId(flow);
  return (
    <div>
      {header}
      <IntentForm id={sendFormId} />
      <Form method="post" {...getFormProps(form)} className="space-y-1">
        <FormErrors id={form.errorId} errors={form.errors} />
        <EmailCodeField
          field={field}
          label={label}
          placeholder={placeholder}
          sendFormId={sendFormId}
          resendIn={resendIn}
          sentBefore={sentBefore}
          labels={{
            send: t(`account.${flow}.send`),
            resend: t(`account.${flow}.resend`),
            wait: (seconds) => t(`account.${flow}.resendIn`, { seconds }),
          }}
        />
        {children}
      </Form>
    </div>
  );
}

/** The check mark and title of a flow's last step. */
export function DoneMark({ className, title }: { className: string; title: string }) {
  return (
    <>
      <div
        className={`mx-auto mb-4 flex size-14 items-center justify-center rounded-full text-2xl ${className}`}
      >
        ✓
      </div>
      <h2 className="text-xl font-semibold text-gray-900">{title}</h2>
    </>
  );
}
