/**
 * The sign-in forms' rules without zod, for the browser: three fields need
 * no schema library. The action checks the same rules with the zod schemas
 * of ./auth.ts, built from these patterns; both answer translation keys.
 */

/** The image code: four letters or digits. */
export const IMAGE_CODE_PATTERN = "[0-9A-Za-z]{4}";
/** The code mailed for a sign-in: six digits. */
export const EMAIL_CODE_PATTERN = "\\d{6}";
/** The longest address the backend takes. */
export const EMAIL_MAX = 254;

/** A field's value as the form posts it, and the translation key of what is wrong with it. */
export type FormValues = Record<string, string>;
export type FormCheck = (values: FormValues) => Record<string, string | undefined>;

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
const IMAGE_CODE = whole(IMAGE_CODE_PATTERN);
const EMAIL_CODE = whole(EMAIL_CODE_PATTERN);
// What the browser's own `type="email"` check takes, near enough for a hint: the backend decides.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const filled = (value: string | undefined, key: string) => (value?.trim() ? undefined : key);

/** Username, password and image code (the sign-in with the image code). */
export const checkLogin: FormCheck = ({ username, password, code }) => ({
  username: filled(username, "auth.usernameRequired"),
  password: password ? undefined : "auth.passwordRequired",
  code:
    filled(code, "auth.codeRequired") ??
    (IMAGE_CODE.test(code?.trim() ?? "") ? undefined : "auth.codeWrong"),
});

/** The address a sign-in code is mailed to. */
export const checkLoginCodeRequest: FormCheck = ({ username }) => {
  const address = username?.trim() ?? "";
  return {
    username:
      filled(address, "auth.usernameRequired") ??
      (address.length <= EMAIL_MAX && EMAIL.test(address) ? undefined : "auth.byEmailEmailFormat"),
  };
};

/** Password and the mailed code (the sign-in without the image code). */
export const checkEmailLogin: FormCheck = ({ password, emailCode }) => ({
  password: password ? undefined : "auth.passwordRequired",
  emailCode:
    filled(emailCode, "auth.byEmailCodeRequired") ??
    (EMAIL_CODE.test(emailCode?.trim() ?? "") ? undefined : "auth.byEmailCodeFormat"),
});
