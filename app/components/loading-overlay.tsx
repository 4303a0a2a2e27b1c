import { useEffect, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { useTranslation } from "~/utils/i18n.ts";
import { isQuietFetcher } from "~/utils/quiet-fetcher.ts";

/** Shown only when a navigation or post takes longer than this, so fast ones never flicker. */
const SHOW_AFTER_MS = 300;

/**
 * Covers the page while a navigation, a form post or a post made in place
 * (a fetcher: the order operations' dialogs, the xlsx import) takes a
 * while, except fetchers whose page shows its own progress.
 */
export const LoadingOverlay = import.meta.env.SSR ? NoOverlay : LiveLoadingOverlay;

/**
 * The server's overlay: none. It shows only while a navigation or post of
 * the browser's takes a while; the server's render skips reading the
 * navigation and every fetcher for that (a build-time constant: each bundle
 * has one of the two).
 */
function NoOverlay() {
  return null;
}

function LiveLoadingOverlay() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const { t } = useTranslation();
  const busy =
    navigation.state !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle" && !isQuietFetcher(fetcher.key));
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/60 backdrop-blur-[1px]"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <div className="flex items-center gap-3 rounded-lg bg-white px-5 py-3 shadow-lg">
        <span className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
        <span className="text-sm text-gray-700">{t("common.loading")}</span>
      </div>
    </div>
  );
}
