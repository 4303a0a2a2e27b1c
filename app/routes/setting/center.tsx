import "~/locales/areas/account.ts";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form } from "react-router";
import { NewPasswordFields } from "~/components/account/new-password-fields.tsx";
import { FormErrors, InputField, laterValidation, Notice, useZodForm } from "~/components/form.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { ApiCode } from "~/contract/index.ts";
import { apiContext } from "~/middleware/session.server.ts";
import { getUser } from "~/utils/auth.server.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { changePasswordSchema } from "~/validation/account.ts";
import type { Route } from "./+types/center";

const SECRET_FIELDS = ["oldPassword", "password", "checkPass"];

export function loader({ context }: Route.LoaderArgs) {
  return { email: getUser(context).username };
}

/** Changes the password; the backend sends every other device of the account offline. */
export async function action({ request, context }: Route.ActionArgs) {
  const { username } = getUser(context);
  const submission = parseWithZod(await request.formData(), {
    schema: changePasswordSchema(username),
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }), changed: false });
  }
  const { oldPassword, password, checkPass } = submission.value;
  const answer = await context
    .get(apiContext)
    .attempt("modifyPassword", { body: { oldPassword, password, checkPass } });
  if (!answer.ok) {
    const onOld = answer.code === ApiCode.wrongCredentials;
    return data({
      result: submission.reply({
        ...(onOld
          ? { fieldErrors: { oldPassword: [answer.message] } }
          : { formErrors: [answer.message] }),
        hideFields: SECRET_FIELDS,
      }),
      changed: false,
    });
  }
  return data({ result: submission.reply({ resetForm: true }), changed: true });
}

export default function PasswordSettings({ loaderData, actionData }: Route.ComponentProps) {
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
        {actionData?.changed ? (
          <div className="mb-4" data-testid="password-changed">
            <Notice kind="success">{t("account.center.success")}</Notice>
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-1">
          <FormErrors id={form.errorId} errors={form.errors} />
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
        </Form>
      </div>
    </section>
  );
}
