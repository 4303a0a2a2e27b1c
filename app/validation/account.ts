import "~/locales/areas/account.ts";
import { z } from "zod";
// The contract's rules, each from its own module: the browser checks these
// forms without building the whole contract's schemas.
import { type PasswordProblem, passwordProblem } from "~/contract/password.ts";
import { SUB_ACCOUNT_ROLES } from "~/contract/roles.ts";
import { HOME_PAGE_CHOICES } from "~/contract/workbench.ts";
import { loginSchema } from "~/validation/auth.ts";

/**
 * Schemas of the account screens. Like every form schema they speak in
 * translation keys, so the browser (live validation) and the server (the
 * authority) give the same message in the page's language.
 */

/** Systems that share the forgot-password screen, chosen by `?system=`. */
export const FORGOT_SYSTEMS = [
  "cba",
  "seller",
  "is",
  "admin",
  "clearance",
  "corecloud",
  "supplier",
] as const;
export type ForgotSystem = (typeof FORGOT_SYSTEMS)[number];
export const DEFAULT_SYSTEM: ForgotSystem = "cba";

/** The system named by the query; an unknown or missing name is the default (cba). */
export function systemFromQuery(value: string | null | undefined): ForgotSystem {
  const name = value?.trim().toLowerCase();
  return (FORGOT_SYSTEMS as readonly string[]).includes(name ?? "")
    ? (name as ForgotSystem)
    : DEFAULT_SYSTEM;
}

/** seller and is call the prefixed variants of the account API. */
export function apiPrefixOf(system: ForgotSystem): "seller" | "is" | undefined {
  return system === "seller" || system === "is" ? system : undefined;
}

/** Seconds before an e-mail code may be sent again to the same address. */
export const RESEND_SECONDS = 60;

/** Message key of each password rule (docs/product.md, Accounts). */
export const PASSWORD_PROBLEM_KEYS: Record<PasswordProblem, string> = {
  tooShort: "account.errors.passwordTooShort",
  tooLong: "account.errors.passwordTooLong",
  allDigits: "account.errors.passwordAllDigits",
  common: "account.errors.passwordCommon",
  sameAsEmail: "account.errors.passwordSameAsEmail",
};

function emailField(requiredKey: string, invalidKey: string) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(254, invalidKey)
    .pipe(z.email(invalidKey));
}

/** A new password: required, then every rule that does not need the e-mail. */
function newPasswordField(requiredKey = "account.errors.passwordRequired") {
  return z
    .string({ error: requiredKey })
    .min(1, requiredKey)
    .superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: PASSWORD_PROBLEM_KEYS[problem] });
    });
}

function confirmationField() {
  return z
    .string({ error: "account.errors.checkPassRequired" })
    .min(1, "account.errors.checkPassRequired");
}

type PasswordPair = { password?: unknown; checkPass?: unknown; email?: unknown };

/** Refinements that compare fields run as soon as the fields they read are filled. */
const whenFilled =
  (...keys: (keyof PasswordPair)[]) =>
  (payload: { value: unknown }) => {
    const value = payload.value as PasswordPair;
    return keys.every((key) => typeof value?.[key] === "string" && value[key] !== "");
  };

/** The image verification code: the same rule as on the login page. */
const imageCodeField = loginSchema.shape.code;

/**
 * Step 1's proof of a person: the image code, or, for whoever cannot read
 * the image (`withoutImage`), the e-mail code that the next step sends at
 * once (docs/decisions/2026-11-25-image-code-alternative.md).
 */
const imageCodeOrEmail = {
  code: imageCodeField.optional(),
  withoutImage: z.literal("1").optional(),
};

/** The image code is required unless the form goes on without it. */
const imageCodeRequired: [
  (value: { code?: string; withoutImage?: "1" }) => boolean,
  { path: PropertyKey[]; message: string; when: () => boolean },
] = [
  (value) => value.withoutImage === "1" || value.code !== undefined,
  // Checked even when other fields fail, so the form names every missing field at once.
  { path: ["code"], message: "auth.codeRequired", when: () => true },
];

const emailCodeField = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .regex(/^\d{6}$/, "account.errors.emailCodeFormat");

// ---------------------------------------------------------------- registration

/** Registration step 1: e-mail, password, confirmation and image code. */
export const registerAccountSchema = z
  .object({
    email: emailField("account.errors.emailRequired", "account.errors.emailInvalid"),
    password: newPasswordField(),
    checkPass: confirmationField(),
    ...imageCodeOrEmail,
  })
  .refine(...imageCodeRequired)
  .refine((value) => value.checkPass === value.password, {
    path: ["checkPass"],
    message: "account.errors.passwordsInconsistent",
    when: whenFilled("password", "checkPass"),
  })
  .refine((value) => passwordProblem(value.password, value.email) !== "sameAsEmail", {
    path: ["password"],
    message: PASSWORD_PROBLEM_KEYS.sameAsEmail,
    when: whenFilled("password", "email"),
  });

/** Registration step 2: send the activation code, activate, or go back to step 1. */
export const activationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send") }),
  z.object({
    intent: z.literal("activate"),
    activationCode: emailCodeField("account.errors.activationCodeRequired"),
  }),
  z.object({ intent: z.literal("back") }),
]);

// ------------------------------------------------------------- forgot password

/** Forgot password step 1: the account's e-mail and the image code. */
export const forgotAccountSchema = z
  .object({
    email: emailField("account.errors.forgotEmailInvalid", "account.errors.forgotEmailInvalid"),
    ...imageCodeOrEmail,
  })
  .refine(...imageCodeRequired);

/** Forgot password step 2: send the e-mail code, go on with it, or go back. */
export const forgotVerifySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send") }),
  z.object({
    intent: z.literal("next"),
    emailCode: emailCodeField("account.errors.emailCodeRequired"),
  }),
  z.object({ intent: z.literal("previous") }),
]);

/** Forgot password step 3: the new password twice, or back to step 2. */
export const forgotResetSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("confirm"),
      password: newPasswordField(),
      checkPass: confirmationField(),
    })
    .refine((value) => value.checkPass === value.password, {
      path: ["checkPass"],
      message: "account.errors.passwordsDiffer",
      when: whenFilled("password", "checkPass"),
    }),
  z.object({ intent: z.literal("previous") }),
]);

// ------------------------------------------------------------ password settings

/**
 * Password settings: old, new and confirmation. `email` is the account's
 * address (known on the server; the browser passes it for live validation).
 */
export function changePasswordSchema(email?: string) {
  return z
    .object({
      oldPassword: z
        .string({ error: "account.errors.oldPasswordRequired" })
        .min(1, "account.errors.oldPasswordRequired"),
      password: newPasswordField(),
      checkPass: confirmationField(),
    })
    .refine((value) => value.checkPass === value.password, {
      path: ["checkPass"],
      message: "account.errors.passwordsInconsistent",
      when: whenFilled("password", "checkPass"),
    })
    .refine((value) => !email || passwordProblem(value.password, email) !== "sameAsEmail", {
      path: ["password"],
      message: PASSWORD_PROBLEM_KEYS.sameAsEmail,
      when: whenFilled("password"),
    })
    .refine((value) => value.password !== value.oldPassword, {
      path: ["password"],
      message: "account.errors.passwordSameAsOld",
      when: (payload) => {
        const value = payload.value as { password?: unknown; oldPassword?: unknown };
        return typeof value?.password === "string" && typeof value?.oldPassword === "string";
      },
    });
}

// --------------------------------------------------------------- login settings

export { LOGIN_HISTORY_SIZES } from "./account-limits.ts";

const booleanText = z.enum(["true", "false"]).transform((value) => value === "true");

/** Login settings: the single-login switch, the home after sign-in, or forcing one device offline. */
export const loginSettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("singleLogin"), isSingleLogin: booleanText }),
  z.object({ intent: z.literal("homePage"), homePage: z.enum(HOME_PAGE_CHOICES) }),
  z.object({
    intent: z.literal("offline"),
    deviceNo: z.string().trim().min(1).max(100),
    current: booleanText.optional(),
  }),
]);

// ------------------------------------------------------------------ sub-accounts

export const createSubAccountSchema = z.object({
  intent: z.literal("create"),
  email: emailField("account.errors.emailRequired", "account.errors.emailInvalid"),
  role: z.enum(SUB_ACCOUNT_ROLES, { error: "account.errors.roleRequired" }),
});

export const toggleSubAccountSchema = z.object({
  intent: z.literal("toggle"),
  id: z.string().trim().min(1).max(100),
  enabled: booleanText,
});

const subAccountId = z.string().trim().min(1).max(100);

export const roleSubAccountSchema = z.object({
  intent: z.literal("role"),
  id: subAccountId,
  role: z.enum(SUB_ACCOUNT_ROLES),
});

export const resendSubAccountSchema = z.object({
  intent: z.literal("resend"),
  id: subAccountId,
});

/** Deleting waits for its confirmation (`confirmed=1`): without it, the page asks. */
export const deleteSubAccountSchema = z.object({
  intent: z.literal("delete"),
  id: subAccountId,
  confirmed: z.literal("1").optional(),
});
