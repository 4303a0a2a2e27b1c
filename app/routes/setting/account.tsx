import { useTranslation } from "react-i18next";
import { UnderConstruction } from "~/components/page-header.tsx";

export default function Page() {
  const { t } = useTranslation();
  return <UnderConstruction title={t("menu.settingAccount")} />;
}
