import { Link } from "react-router";
import type { Locale } from "~/locales/index.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { hrefWithQuery, localizePath } from "~/utils/locale-path.ts";

/** Demo mode sends no mail: this points to the demo mailbox, where every mail lands. */
export function DemoMailboxLink({ email }: { email?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const path = localizePath("/demo/mailbox", locale);
  return (
    <p className="text-sm text-gray-600" data-testid="demo-mailbox-hint">
      {t("account.mailbox.hint")}{" "}
      <Link
        to={email ? hrefWithQuery(path, { to: email }) : path}
        className="btn-link underline"
        target="_blank"
        data-testid="demo-mailbox-link"
      >
        {t("account.mailbox.open")}
      </Link>
    </p>
  );
}
