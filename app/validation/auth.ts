import { z } from "zod";

/**
 * Form schemas speak in translation keys: the page translates the key, so the
 * same schema validates in the browser and on the server in either language.
 */
export const loginSchema = z.object({
  username: z.string({ error: "auth.usernameRequired" }).trim().min(1, "auth.usernameRequired"),
  password: z.string({ error: "auth.passwordRequired" }).min(1, "auth.passwordRequired"),
  code: z
    .string({ error: "auth.codeRequired" })
    .trim()
    .min(1, "auth.codeRequired")
    .regex(/^[0-9A-Za-z]{4}$/, "auth.codeWrong"),
});

/** Sign-in without the image code, first step: the account's address gets a code. */
export const loginCodeRequestSchema = z.object({
  username: z
    .string({ error: "auth.usernameRequired" })
    .trim()
    .min(1, "auth.usernameRequired")
    .max(254, "auth.byEmailEmailFormat")
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
    .regex(/^\d{6}$/, "auth.byEmailCodeFormat"),
});
