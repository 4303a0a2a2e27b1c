import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useLocation } from "react-router";
import { InputField } from "~/components/form.tsx";
import type { CaptchaPurpose } from "~/utils/captcha-purpose.ts";
import { useTranslation } from "~/utils/i18n.ts";
import { hrefWithQuery } from "~/utils/locale-path.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";

/**
 * The image verification code of a form, with "change one". Without
 * JavaScript, "change one" reloads the page, which draws a new image.
 */
export function CaptchaImage({ purpose, nonce }: { purpose: CaptchaPurpose; nonce: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const [count, setCount] = useState(0);
  // The code spelled out as text, with its picture, for people who cannot see the image.
  const [spelled, setSpelled] = useState<{ spelled: string; image: string } | null>(null);
  const src = spelled?.image ?? hrefWithQuery("/captcha", { purpose, n: `${nonce}-${count}` });
  const spell = async () => {
    const response = await fetch(hrefWithQuery("/captcha", { purpose, as: "text" }));
    if (response.ok) setSpelled((await response.json()) as { spelled: string; image: string });
  };

  return (
    <div className="relative flex shrink-0 items-center gap-2">
      <img
        src={src}
        alt={t("auth.captchaAlt")}
        width={120}
        height={40}
        className="h-9 w-[108px] rounded border border-gray-200 bg-white"
        data-testid={`captcha-${purpose}`}
      />
      <a
        href={changeHref(location.pathname, location.search, `${nonce}-${count + 1}`)}
        className="btn-link text-xs"
        onClick={(event) => {
          event.preventDefault();
          setSpelled(null);
          setCount((value) => value + 1);
        }}
      >
        {t("auth.changeCode")}
      </a>
      {/* Under the picture, over the right end of the field's error line. */}
      <div className="absolute top-full right-0 mt-0.5 flex items-center gap-2 text-xs whitespace-nowrap">
        <p className="text-gray-700" role="status" data-testid={`captcha-${purpose}-spelled`}>
          {spelled ? t("common.captchaSpelled", { code: spelled.spelled }) : ""}
        </p>
        {hydrated ? (
          <button
            type="button"
            className="btn-link text-xs underline"
            onClick={() => void spell()}
            data-testid={`captcha-${purpose}-spell`}
          >
            {t("common.captchaSpell")}
          </button>
        ) : null}
      </div>
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
  field: FieldMetadata<string | undefined>;
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
