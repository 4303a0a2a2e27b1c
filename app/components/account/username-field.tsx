import { type FieldState, InputField } from "~/components/input-field.tsx";
import { useTranslation } from "~/utils/i18n.ts";

/**
 * The account (an e-mail address) of the login page's forms. Asked for, it is
 * the labelled e-mail input; already known (`known`, the address a code was
 * mailed to), it travels hidden, still marked as the username so that a
 * password manager pairs it with the password beside it.
 */
export function UsernameField(props: { field: FieldState } | { known: string }) {
  const { t } = useTranslation();
  if ("known" in props) {
    return <input type="hidden" name="username" value={props.known} autoComplete="username" />;
  }
  return (
    <InputField
      label={t("auth.username")}
      field={props.field}
      type="email"
      autoComplete="username"
      placeholder={t("auth.usernamePlaceholder")}
    />
  );
}
