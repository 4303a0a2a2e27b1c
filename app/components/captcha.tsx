import { useState } from "react";
import { useLocation } from "react-router";
import { type FieldState, InputField } from "~/components/input-field.tsx";
import { CAPTCHA_SIZE, type CaptchaPurpose } from "~/utils/captcha-purpose.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { hrefWithQuery } from "~/utils/locale-path.ts";

/**
 * The image verification code of a form, with "change one". Without
 * JavaScript, "change one" reloads the page, which draws a new image.
 */
export function CaptchaImage({ purpose, nonce }: { purpose: CaptchaPurpose; nonce: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [count, setCount] = useState(0);
  const src = hrefWithQuery("/captcha", { purpose, n: `${nonce}-${count}` });

  return (
    <div className="flex shrink-0 items-center gap-2">
      <img
        src={src}
        alt={t("auth.captchaAlt")}
        width={CAPTCHA_SIZE.width}
        height={CAPTCHA_SIZE.height}
        className="h-14 w-[168px] rounded border border-gray-200 bg-white"
        data-testid={`captcha-${purpose}`}
      />
      <a
        href={changeHref(location.pathname, location.search, `${nonce}-${count + 1}`)}
        className="btn-link text-xs"
        onClick={(event) => {
          event.preventDefault();
          setCount((value) => value + 1);
        }}
      >
        {t("auth.changeCode")}
      </a>
    </div>
  );
}

/** The same page with its query kept (e.g. `?system=seller`) and a fresh `captcha` value. */
function changeHref(pathname: string, search: string, value: string): string {
  const query = new URLSearchParams(search);
  query.set("captcha", value);
  return hrefWithQuery(pathname, query);
}

/**
 * The image a page shows: a refused post's new image (sent with the refusal)
 * wins over the loader's, so the picture and the emptied field change in the
 * same render as the error, and the loaders' later revalidation changes
 * neither (it would wipe a code typed meanwhile).
 */
export function currentCaptchaNonce(loaderNonce: string, actionData: unknown): string {
  if (actionData && typeof actionData === "object" && "captchaNonce" in actionData) {
    const { captchaNonce } = actionData;
    if (typeof captchaNonce === "string") return captchaNonce;
  }
  return loaderNonce;
}

/** The image-code input of a form with its picture and "change one". */
export function CaptchaField({
  field,
  purpose,
  nonce,
}: {
  field: FieldState;
  purpose: CaptchaPurpose;
  nonce: string;
}) {
  const { t } = useTranslation();
  // A new image (a new nonce, after every post) comes with an empty field: the
  // code typed for the old one is spent.
  return (
    <InputField
      key={nonce}
      label={t("auth.code")}
      field={field}
      autoComplete="off"
      maxLength={4}
      placeholder={t("auth.codePlaceholder")}
      addon={<CaptchaImage purpose={purpose} nonce={nonce} />}
    />
  );
}
