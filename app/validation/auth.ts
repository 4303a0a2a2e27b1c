import { z } from "zod";
import { EMAIL_CODE_PATTERN, EMAIL_MAX, IMAGE_CODE_PATTERN } from "./auth-checks.ts";

/**
 * Form schemas speak in translation keys: the page translates the key, so the
 * same rules check the form in the browser (./auth-checks.ts, without zod)
 * and here on the server, in either language.
 */
export const loginSchema = z.object({
  username: z.string({ error: "auth.usernameRequired" }).trim().min(1, "auth.usernameRequired"),
  password: z.string({ error: "auth.passwordRequired" }).min(1, "auth.passwordRequired"),
  code: z
    .string({ error: "auth.codeRequired" })
    .trim()
    .min(1, "auth.codeRequired")
    .regex(new RegExp(`^${IMAGE_CODE_PATTERN}$`), "auth.codeWrong"),
});

/** Sign-in without the image code, first step: the account's address gets a code. */
export const loginCodeRequestSchema = z.object({
  username: z
    .string({ error: "auth.usernameRequired" })
    .trim()
    .min(1, "auth.usernameRequired")
    .max(EMAIL_MAX, "auth.byEmailEmailFormat")
    .pipe(z.email("auth.byEmailEmailFormat")),
});

/** Sign-in without the image code: the password and the code mailed to the account. */
export const emailLoginSchema = z.object({
  username: z.string({ error: "auth.usernameRequired" }).trim().min(1, "auth.usernameRequired"),
  password: z.string({ error: "auth.passwordRequired" }).min(1, "auth.passwordRequired"),
  emailCode: z
    .string({ error: "auth.byEmailCodeRequired" })
    .trim()
    .min(1, "auth.byEmailCodeRequired")
    .regex(new RegExp(`^${EMAIL_CODE_PATTERN}$`), "auth.byEmailCodeFormat"),
});
