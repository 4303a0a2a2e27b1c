import "~/locales/areas/account.ts";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form } from "react-router";
import { NewPasswordFields } from "~/components/account/new-password-fields.tsx";
import { FormErrors, InputField, laterValidation, Notice, useZodForm } from "~/components/form.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { isPublishedDemoAccount } from "~/config/demo-accounts.ts";
import { env } from "~/config/env.server.ts";
import { ApiCode } from "~/contract/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { doneWith, readResult } from "~/utils/posted-result.server.ts";
import { apiContext, getUser, postedForm } from "~/utils/request-context.server.ts";
import { SUBMISSION_FIELD } from "~/utils/submission-field.ts";
import { applyOnce, newSubmissionKey } from "~/utils/submission-key.server.ts";
import { changePasswordSchema } from "~/validation/account.ts";
import type { Route } from "./+types/center";

const SECRET_FIELDS = ["oldPassword", "password", "checkPass"];

export async function loader({ context, url }: Route.LoaderArgs) {
  const email = (await getUser(context)).username;
  const changed = await readResult<true>(context, "password", url);
  // Anyone may sign in as a published demo account: the backend refuses to
  // change its password, and the page says so instead of offering the form.
  return {
    email,
    demoAccount: env().demoMode && isPublishedDemoAccount(email),
    // The change this page was redirected with, by id: the form is drawn empty anew.
    changedId: changed?.id ?? null,
    submissionKey: newSubmissionKey(),
  };
}

/** Changes the password; the backend sends every other device of the account offline. */
export async function action({ context, url }: Route.ActionArgs) {
  const { username } = await getUser(context);
  const formData = postedForm(context);
  return applyOnce(context, formData, async () => {
    const submission = parseWithZod(formData, { schema: changePasswordSchema(username) });
    if (submission.status !== "success") {
      return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
    }
    const { oldPassword, password, checkPass } = submission.value;
    const answer = await context
      .get(apiContext)
      .attempt("modifyPassword", { body: { oldPassword, password, checkPass } });
    if (!answer.ok) {
      const onOld = answer.code === ApiCode.wrongCredentials;
      return data(
        {
          result: submission.reply({
            ...(onOld
              ? { fieldErrors: { oldPassword: [answer.message] } }
              : { formErrors: [answer.message] }),
            hideFields: SECRET_FIELDS,
          }),
        },
        { status: 400 },
      );
    }
    return doneWith(context, "password", url, true);
  });
}

export default function PasswordSettings(props: Route.ComponentProps) {
  // A change done draws the form anew, empty.
  return <PasswordForm key={props.loaderData.changedId ?? "form"} {...props} />;
}

function PasswordForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // The check brings zod and the schema: it comes after the first paint.
  const validation = useMemo(
    () =>
      laterValidation(() =>
        import("~/validation/account.ts").then((module) =>
          module.changePasswordSchema(loaderData.email),
        ),
      ),
    [loaderData.email],
  );
  const [form, fields] = useZodForm(validation, {
    id: "change-password",
    lastResult: actionData?.result,
  });

  return (
    <section className="card p-6">
      <PageHeader title={t("account.center.title")} />
      <div className="max-w-md">
        <p className="mb-5 text-sm text-gray-600">{t("account.center.intro")}</p>
        {loaderData.demoAccount ? (
          <div className="mb-4" data-testid="demo-account-notice">
            <Notice kind="info">{t("account.center.demoAccount")}</Notice>
          </div>
        ) : null}
        {loaderData.changedId ? (
          <div className="mb-4" data-testid="password-changed">
            <Notice kind="success">{t("account.center.success")}</Notice>
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-1">
          <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submissionKey} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <fieldset disabled={loaderData.demoAccount} className="space-y-1 disabled:opacity-60">
            <InputField
              label={t("account.fields.oldPassword")}
              field={fields.oldPassword}
              type="password"
              autoComplete="current-password"
              placeholder={t("account.fields.oldPasswordPlaceholder")}
            />
            <NewPasswordFields password={fields.password} checkPass={fields.checkPass} />
            <button type="submit" className="btn-primary">
              {t("account.center.submit")}
            </button>
          </fieldset>
        </Form>
      </div>
    </section>
  );
}
