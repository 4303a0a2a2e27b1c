import "~/locales/areas/account.ts";
import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/components/form.tsx";
import { useTranslation } from "~/utils/i18n.ts";

/** A new password twice, with the password rules under them (reset and change alike). */
export function NewPasswordFields({
  password,
  checkPass,
}: {
  password: FieldMetadata<string | undefined>;
  checkPass: FieldMetadata<string | undefined>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <InputField
        label={t("account.fields.newPassword")}
        field={password}
        type="password"
        autoComplete="new-password"
        placeholder={t("account.fields.newPasswordPlaceholder")}
      />
      <InputField
        label={t("account.fields.confirmNewPassword")}
        field={checkPass}
        type="password"
        autoComplete="new-password"
        placeholder={t("account.fields.confirmNewPasswordPlaceholder")}
      />
      <p className="pb-3 text-xs leading-5 text-gray-500">{t("account.passwordRules")}</p>
    </>
  );
}
