import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { pagedListOf, pageQuerySchema, timestampSchema } from "./envelope.ts";
import { ROLES, SETTINGS_ROLES, SUB_ACCOUNT_MANAGER_ROLES, SUB_ACCOUNT_ROLES } from "./roles.ts";
import { HOME_PAGE_CHOICES } from "./workbench.ts";

export const roleSchema = z.enum(ROLES);

export const emailSchema = z.email().max(254);

export const currentUserSchema = z.object({
  username: z.string(),
  isSingleLogin: z.boolean(),
  scope: z.array(roleSchema),
  /** True for a sub-account (it cannot manage sub-accounts); absent means a main account. */
  subAccount: z.boolean().optional(),
  /** The page chosen to land on after signing in (PUT /account/home-page); absent: the default. */
  homePage: z.enum(HOME_PAGE_CHOICES).optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginDeviceSchema = z.object({
  createdOn: timestampSchema,
  device: z.string(),
  ip: z.string(),
  status: z.enum(["online", "Offline"]),
  deviceNo: z.string(),
  /** True for the device whose token made this call. */
  current: z.boolean().optional(),
});

export const loginBodySchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
  /**
   * A sign-in code sent to the account's address (scene `login`), for a
   * person who cannot read the portal's image code: both or neither. When
   * given, the code is checked before the password and spent by the sign-in.
   */
  captcha_id: z.string().min(1).max(64).optional(),
  captcha_code: z.string().min(1).max(16).optional(),
});

export const registerBodySchema = z.object({
  email: emailSchema,
  username: emailSchema,
  password: z.string().min(8),
  checkPass: z.string().min(8),
  captcha_id: z.string().min(1),
  captcha_code: z.string().min(1),
});

export const forgotPasswordBodySchema = z.object({
  password: z.string().min(8),
  checkPass: z.string().min(8),
  captcha_id: z.string().min(1),
  captcha_code: z.string().min(1),
});

export const modifyPasswordBodySchema = z.object({
  oldPassword: z.string().min(1),
  password: z.string().min(8),
  checkPass: z.string().min(8),
});

/**
 * Flows that send an e-mail code. `register`: the address must be free (1002
 * when taken). `forgot`: the address must belong to an account (1003 when
 * unknown). Without a scene (the call as docs/product.md, Backend calls, lists it) the address decides: a free one
 * gets a registration code, a known one a recovery code. A code only works
 * in the flow it was sent for.
 */
/** `login`: a sign-in code for an account (1003 when unknown), instead of the image code. */
export const EMAIL_CODE_SCENES = ["register", "forgot", "login"] as const;
export type EmailCodeScene = (typeof EMAIL_CODE_SCENES)[number];

export const sendEmailCodeQuerySchema = z.object({
  email: emailSchema,
  /** Optional: without it the address decides (a free one registers, a known one recovers). */
  scene: z.enum(EMAIL_CODE_SCENES).optional(),
});

export const subAccountRoleSchema = z.enum(SUB_ACCOUNT_ROLES);

export const subAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  scope: z.array(roleSchema),
  enabled: z.boolean(),
  createdOn: timestampSchema,
  lastLoginOn: timestampSchema.nullable(),
});

export const createSubAccountBodySchema = z.object({
  email: emailSchema,
  role: subAccountRoleSchema,
});

export const updateSubAccountBodySchema = z
  .object({
    enabled: z.boolean().optional(),
    role: subAccountRoleSchema.optional(),
  })
  .refine((body) => body.enabled !== undefined || body.role !== undefined, {
    message: "Give enabled or role",
  });

export const accountEndpoints = {
  login: defineEndpoint({
    method: "POST",
    path: "/account/login",
    summary:
      "Log in with e-mail and password; records a login device. With `captcha_id` and `captcha_code` (a code of scene `login`), the code is checked first (1004 wrong, 1000 after 5 wrong tries) and spent by the sign-in.",
    auth: false,
    prefixed: true,
    body: loginBodySchema,
    data: z.object({ token: z.string() }),
  }),
  logout: defineEndpoint({
    method: "POST",
    path: "/account/logout",
    summary: "Revoke the calling token; its device goes offline.",
    auth: true,
    prefixed: true,
    data: z.null(),
  }),
  accountInfo: defineEndpoint({
    method: "GET",
    path: "/account/account-info",
    summary: "The current user.",
    auth: true,
    prefixed: true,
    data: currentUserSchema,
  }),
  updateAccountInfo: defineEndpoint({
    method: "PUT",
    path: "/account/account-info",
    summary: "Switch single login on or off.",
    auth: true,
    prefixed: true,
    roles: SETTINGS_ROLES,
    body: z.object({ isSingleLogin: z.boolean() }),
    data: currentUserSchema,
  }),
  sendEmailCode: defineEndpoint({
    method: "GET",
    path: "/account/captcha/email",
    summary: "Send a 6-digit code to the address; 1000 when asked again within 60 s.",
    auth: false,
    prefixed: true,
    query: sendEmailCodeQuerySchema,
    data: z.object({ captcha_id: z.string() }),
  }),
  checkAccount: defineEndpoint({
    method: "GET",
    path: "/account/check/account",
    summary: "true when the e-mail is free to register, false when taken.",
    auth: false,
    prefixed: true,
    query: z.object({ username: emailSchema }),
    data: z.boolean(),
  }),
  register: defineEndpoint({
    method: "POST",
    path: "/account/register/email",
    summary: "Create an account (no role) after checking the e-mail code.",
    auth: false,
    prefixed: true,
    body: registerBodySchema,
    data: z.null(),
  }),
  forgotPassword: defineEndpoint({
    method: "POST",
    path: "/account/login/forgot-password",
    summary: "Set a new password for the account the e-mail code was sent to.",
    auth: false,
    prefixed: true,
    body: forgotPasswordBodySchema,
    data: z.null(),
  }),
  modifyPassword: defineEndpoint({
    method: "POST",
    path: "/account/modify-password/pwd",
    summary: "Change the password; every other device goes offline.",
    auth: true,
    prefixed: true,
    roles: SETTINGS_ROLES,
    body: modifyPasswordBodySchema,
    data: z.null(),
  }),
  loginDevices: defineEndpoint({
    method: "GET",
    path: "/account/login-device",
    summary: "Login history of the current account, newest first.",
    auth: true,
    prefixed: true,
    roles: SETTINGS_ROLES,
    query: pageQuerySchema,
    data: pagedListOf(loginDeviceSchema),
  }),
  forceOffline: defineEndpoint({
    method: "PUT",
    path: "/account/login-device/{deviceNo}",
    summary: "Force a device of the current account offline; its token answers 20004.",
    auth: true,
    prefixed: true,
    roles: SETTINGS_ROLES,
    params: z.object({ deviceNo: z.string().min(1) }),
    data: z.null(),
  }),
  subAccounts: defineEndpoint({
    method: "GET",
    path: "/account/sub-account",
    summary: "Sub-accounts of the calling company account, newest first.",
    auth: true,
    roles: SUB_ACCOUNT_MANAGER_ROLES,
    query: pageQuerySchema,
    data: pagedListOf(subAccountSchema),
  }),
  createSubAccount: defineEndpoint({
    method: "POST",
    path: "/account/sub-account",
    summary:
      "Create a sub-account; it sets its password through forgot password (an invitation is mailed).",
    auth: true,
    roles: SUB_ACCOUNT_MANAGER_ROLES,
    body: createSubAccountBodySchema,
    data: subAccountSchema,
  }),
  updateSubAccount: defineEndpoint({
    method: "PUT",
    path: "/account/sub-account/{id}",
    summary:
      "Enable or disable a sub-account (disabling sends its devices offline) or change its role.",
    auth: true,
    roles: SUB_ACCOUNT_MANAGER_ROLES,
    params: z.object({ id: z.string().min(1) }),
    body: updateSubAccountBodySchema,
    data: subAccountSchema,
  }),
  resendSubAccountInvitation: defineEndpoint({
    method: "POST",
    path: "/account/sub-account/{id}/invitation",
    summary:
      "Mail the invitation again to a sub-account that is enabled and has never signed in; one mail per address every 60 s (1000 with the seconds to wait), and the e-mail limit per client address.",
    auth: true,
    roles: SUB_ACCOUNT_MANAGER_ROLES,
    params: z.object({ id: z.string().min(1) }),
    data: subAccountSchema,
  }),
  deleteSubAccount: defineEndpoint({
    method: "DELETE",
    path: "/account/sub-account/{id}",
    summary:
      "Delete a sub-account: its sessions end (its tokens answer 20004), its address is free again; the order history keeps its name. Answers the deleted sub-account.",
    auth: true,
    roles: SUB_ACCOUNT_MANAGER_ROLES,
    params: z.object({ id: z.string().min(1) }),
    data: subAccountSchema,
  }),
} as const;
