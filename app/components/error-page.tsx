import { Link, useLocation } from "react-router";
import type { ErrorPayload } from "~/utils/error-payload.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { localeOfPath, localizePath } from "~/utils/locale-path.ts";

interface ErrorPageProps {
  status: number;
  payload?: unknown;
  /** Shown inside the home layout's menu and header (its `<main>`), not as a page of its own. */
  inShell?: boolean;
}

function messageKeyOf(status: number, payload: ErrorPayload | undefined) {
  if (payload?.kind === "timeout") return "errors.timeout" as const;
  if (payload?.kind === "unreachable") return "errors.unreachable" as const;
  if (payload?.kind === "malformed") return "errors.badResponse" as const;
  if (payload?.kind === "limits-unavailable") return "errors.limitsUnavailable" as const;
  if (payload?.kind === "bad-request" || status === 400) return "errors.badRequest" as const;
  if (status === 413) return "errors.tooLarge" as const;
  if (status === 429) return "errors.tooManyAttempts" as const;
  if (status === 404) return "errors.notFound" as const;
  if (status === 403) return "errors.forbidden" as const;
  if (status === 405) return "errors.methodNotAllowed" as const;
  return "errors.serverError" as const;
}

/**
 * The one error page: 404, 403, 500, and the backend's own failures, alone
 * (the root's error boundary, the error routes) or inside the home layout
 * (its error boundary). The return-home button goes to `/`, or to `/pc` when
 * the current path has `/pc`.
 */
export function ErrorPage({ status, payload, inShell = false }: ErrorPageProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const body = (typeof payload === "object" && payload !== null ? payload : undefined) as
    | ErrorPayload
    | undefined;
  const coded = body?.kind === "coded" && body.message;
  const home = localizePath(pathname.includes("/pc") ? "/pc" : "/", localeOfPath(pathname));
  const shownStatus = coded ? null : status;

  const Container = inShell ? "section" : "main";

  return (
    <Container
      className="flex min-h-[60vh] flex-col items-center justify-center gap-6 p-10 text-center"
      data-testid="error-page"
    >
      {shownStatus ? (
        <p className="text-7xl font-bold text-brand-600" aria-hidden="true">
          {shownStatus}
        </p>
      ) : null}
      <h1 className="max-w-xl text-xl text-gray-700" data-testid="error-message">
        {coded
          ? body.message
          : t(messageKeyOf(status, body), {
              minutes: Math.max(1, Math.ceil((body?.retryAfter ?? 60) / 60)),
            })}
      </h1>
      <Link to={home} className="btn-primary" reloadDocument>
        {t("errors.backHome")}
      </Link>
    </Container>
  );
}
