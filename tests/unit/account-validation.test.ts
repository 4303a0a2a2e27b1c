import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources.ts";
import {
  activationSchema,
  apiPrefixOf,
  changePasswordSchema,
  createSubAccountSchema,
  forgotAccountSchema,
  forgotResetSchema,
  forgotVerifySchema,
  loginSettingsSchema,
  PASSWORD_PROBLEM_KEYS,
  registerAccountSchema,
  systemFromQuery,
  toggleSubAccountSchema,
} from "~/validation/account.ts";

function form(values: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values)) formData.append(key, value);
  return formData;
}

/** The first error of each field, as Conform reports it to the page. */
function errorsOf(
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  values: Record<string, string>,
) {
  const result = parseWithZod(form(values), { schema }).reply();
  return Object.fromEntries(
    Object.entries(result.error ?? {}).map(([key, list]) => [key, list?.[0]]),
  );
}

function translate(key: string, lang: "zh" | "en"): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)?.[part],
      resources[lang].translation,
    );
}

const GOOD = { email: "new.user@example.cn", password: "Harbour#2024", code: "aB3d" };

describe("registration step 1", () => {
  const valid = {
    intent: "account",
    email: GOOD.email,
    password: GOOD.password,
    checkPass: GOOD.password,
    code: GOOD.code,
  };

  it("accepts a complete form", () => {
    expect(errorsOf(registerAccountSchema, valid)).toEqual({});
  });

  it("asks for every field", () => {
    expect(errorsOf(registerAccountSchema, {})).toEqual({
      email: "account.errors.emailRequired",
      password: "account.errors.passwordRequired",
      checkPass: "account.errors.checkPassRequired",
      code: "auth.codeRequired",
    });
  });

  it("wants a valid e-mail", () => {
    expect(errorsOf(registerAccountSchema, { ...valid, email: "not-an-email" }).email).toBe(
      "account.errors.emailInvalid",
    );
  });

  it.each([
    ["Abc123!", "account.errors.passwordTooShort"],
    ["12345678901", "account.errors.passwordAllDigits"],
    ["Password123", "account.errors.passwordCommon"],
    [`A1${"x".repeat(70)}`, "account.errors.passwordTooLong"],
  ])("refuses the password %s", (password, key) => {
    expect(errorsOf(registerAccountSchema, { ...valid, password, checkPass: password })).toEqual({
      password: key,
    });
  });

  it("refuses the e-mail as password", () => {
    expect(
      errorsOf(registerAccountSchema, { ...valid, password: GOOD.email, checkPass: GOOD.email }),
    ).toEqual({ password: "account.errors.passwordSameAsEmail" });
  });

  it("wants the confirmation to match ('passwords inconsistent')", () => {
    expect(errorsOf(registerAccountSchema, { ...valid, checkPass: "Harbour#2025" })).toEqual({
      checkPass: "account.errors.passwordsInconsistent",
    });
  });

  it("compares the passwords even while another field is still wrong", () => {
    expect(
      errorsOf(registerAccountSchema, { ...valid, code: "", checkPass: "other-pass" }).checkPass,
    ).toBe("account.errors.passwordsInconsistent");
  });

  it.each(["abc", "abcde", "ab!d"])("wants 4 letters or digits as image code, not %s", (code) => {
    expect(errorsOf(registerAccountSchema, { ...valid, code }).code).toBe("auth.codeWrong");
  });
});

describe("registration step 2", () => {
  it("sends and goes back without a code", () => {
    expect(errorsOf(activationSchema, { intent: "send" })).toEqual({});
    expect(errorsOf(activationSchema, { intent: "back" })).toEqual({});
  });

  it("warns about an empty activation code", () => {
    expect(errorsOf(activationSchema, { intent: "activate" })).toEqual({
      activationCode: "account.errors.activationCodeRequired",
    });
  });

  it("wants 6 digits", () => {
    expect(errorsOf(activationSchema, { intent: "activate", activationCode: "12a456" })).toEqual({
      activationCode: "account.errors.emailCodeFormat",
    });
    expect(errorsOf(activationSchema, { intent: "activate", activationCode: " 123456 " })).toEqual(
      {},
    );
  });
});

describe("forgot password", () => {
  it("step 1 wants a correct e-mail and the image code", () => {
    expect(errorsOf(forgotAccountSchema, {})).toEqual({
      email: "account.errors.forgotEmailInvalid",
      code: "auth.codeRequired",
    });
    expect(errorsOf(forgotAccountSchema, { email: "x@", code: "ABCD" })).toEqual({
      email: "account.errors.forgotEmailInvalid",
    });
    expect(errorsOf(forgotAccountSchema, { email: GOOD.email, code: "ABCD" })).toEqual({});
  });

  it("step 2 needs the code only to go on", () => {
    expect(errorsOf(forgotVerifySchema, { intent: "send" })).toEqual({});
    expect(errorsOf(forgotVerifySchema, { intent: "previous" })).toEqual({});
    expect(errorsOf(forgotVerifySchema, { intent: "next" })).toEqual({
      emailCode: "account.errors.emailCodeRequired",
    });
    expect(errorsOf(forgotVerifySchema, { intent: "next", emailCode: "654321" })).toEqual({});
  });

  it("step 3 checks the new password and that both agree ('the two passwords differ')", () => {
    expect(errorsOf(forgotResetSchema, { intent: "previous" })).toEqual({});
    expect(errorsOf(forgotResetSchema, { intent: "confirm" })).toEqual({
      password: "account.errors.passwordRequired",
      checkPass: "account.errors.checkPassRequired",
    });
    expect(
      errorsOf(forgotResetSchema, { intent: "confirm", password: "short", checkPass: "short" }),
    ).toEqual({ password: "account.errors.passwordTooShort" });
    expect(
      errorsOf(forgotResetSchema, {
        intent: "confirm",
        password: GOOD.password,
        checkPass: "Harbour#2025",
      }),
    ).toEqual({ checkPass: "account.errors.passwordsDiffer" });
    expect(
      errorsOf(forgotResetSchema, {
        intent: "confirm",
        password: GOOD.password,
        checkPass: GOOD.password,
      }),
    ).toEqual({});
  });

  it("picks the system from the query, cba by default", () => {
    expect(systemFromQuery("seller")).toBe("seller");
    expect(systemFromQuery(" IS ")).toBe("is");
    expect(systemFromQuery("unknown")).toBe("cba");
    expect(systemFromQuery(null)).toBe("cba");
    expect(apiPrefixOf("seller")).toBe("seller");
    expect(apiPrefixOf("is")).toBe("is");
    expect(apiPrefixOf("admin")).toBeUndefined();
    expect(apiPrefixOf("cba")).toBeUndefined();
  });
});

describe("password settings", () => {
  const schema = changePasswordSchema("owner@example.cn");
  const valid = { oldPassword: "Demo1234!", password: GOOD.password, checkPass: GOOD.password };

  it("accepts a good change", () => {
    expect(errorsOf(schema, valid)).toEqual({});
  });

  it("asks for every field", () => {
    expect(errorsOf(schema, {})).toEqual({
      oldPassword: "account.errors.oldPasswordRequired",
      password: "account.errors.passwordRequired",
      checkPass: "account.errors.checkPassRequired",
    });
  });

  it("applies the password rules, with the account's e-mail", () => {
    expect(errorsOf(schema, { ...valid, password: "88888888", checkPass: "88888888" })).toEqual({
      password: "account.errors.passwordAllDigits",
    });
    expect(
      errorsOf(schema, { ...valid, password: "owner@example.cn", checkPass: "owner@example.cn" }),
    ).toEqual({ password: "account.errors.passwordSameAsEmail" });
    expect(errorsOf(schema, { ...valid, password: "owner", checkPass: "owner" }).password).toBe(
      "account.errors.passwordTooShort",
    );
  });

  it("wants a new password and a matching confirmation", () => {
    expect(
      errorsOf(schema, { ...valid, password: "Demo1234!", checkPass: "Demo1234!" }).password,
    ).toBe("account.errors.passwordSameAsOld");
    expect(errorsOf(schema, { ...valid, checkPass: "Harbour#2099" })).toEqual({
      checkPass: "account.errors.passwordsInconsistent",
    });
  });
});

describe("login settings and sub-accounts", () => {
  it("reads the switch and the force-offline post", () => {
    const on = loginSettingsSchema.parse({ intent: "singleLogin", isSingleLogin: "true" });
    expect(on).toEqual({ intent: "singleLogin", isSingleLogin: true });
    expect(
      loginSettingsSchema.parse({ intent: "offline", deviceNo: "abc", current: "false" }),
    ).toEqual({ intent: "offline", deviceNo: "abc", current: false });
    expect(loginSettingsSchema.safeParse({ intent: "offline", deviceNo: " " }).success).toBe(false);
    expect(
      loginSettingsSchema.safeParse({ intent: "singleLogin", isSingleLogin: "x" }).success,
    ).toBe(false);
  });

  it("creates a sub-account with an e-mail and a role", () => {
    expect(errorsOf(createSubAccountSchema, { intent: "create" })).toEqual({
      email: "account.errors.emailRequired",
      role: "account.errors.roleRequired",
    });
    expect(
      errorsOf(createSubAccountSchema, { intent: "create", email: "a@b.cn", role: "ADMIN" }).role,
    ).toBe("account.errors.roleRequired");
    expect(
      errorsOf(createSubAccountSchema, { intent: "create", email: "a@b.cn", role: "GUEST" }),
    ).toEqual({});
    expect(toggleSubAccountSchema.parse({ intent: "toggle", id: "u1", enabled: "false" })).toEqual({
      intent: "toggle",
      id: "u1",
      enabled: false,
    });
  });
});

describe("messages", () => {
  const keys = [
    ...Object.values(PASSWORD_PROBLEM_KEYS),
    "account.errors.emailRequired",
    "account.errors.emailInvalid",
    "account.errors.forgotEmailInvalid",
    "account.errors.checkPassRequired",
    "account.errors.passwordsInconsistent",
    "account.errors.passwordsDiffer",
    "account.errors.activationCodeRequired",
    "account.errors.emailCodeRequired",
    "account.errors.emailCodeFormat",
    "account.errors.oldPasswordRequired",
    "account.errors.passwordSameAsOld",
    "account.errors.roleRequired",
    "account.errors.emailTaken",
    "account.errors.accountNotFound",
  ];

  it.each(keys)("%s exists in both languages", (key) => {
    expect(typeof translate(key, "zh")).toBe("string");
    expect(typeof translate(key, "en")).toBe("string");
  });

  it("say what the specification says", () => {
    expect(translate("account.errors.emailRequired", "zh")).toBe("请输入邮箱地址");
    expect(translate("account.errors.passwordsInconsistent", "en")).toBe("Passwords inconsistent");
    expect(translate("account.errors.passwordsDiffer", "en")).toBe("The two passwords differ");
    expect(translate("account.errors.emailTaken", "en")).toBe(
      "This email is already occupied, please change email",
    );
    expect(translate("account.errors.accountNotFound", "en")).toBe("This account does not exist");
    expect(translate("account.messages.sent", "en")).toBe("Sent successfully");
    expect(translate("account.messages.activated", "en")).toBe("Activated successfully");
  });
});
