/**
 * The sign-in forms' checks in the browser (without zod) say what the
 * action's zod schemas say: the same translation key for the same value.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { emailLoginSchema, loginCodeRequestSchema, loginSchema } from "~/validation/auth.ts";
import {
  checkEmailLogin,
  checkLogin,
  checkLoginCodeRequest,
  type FormCheck,
  type FormValues,
} from "~/validation/auth-checks.ts";

/** The first message of each field by the schema, as the action answers it. */
function schemaSays(schema: z.ZodType, values: FormValues): Record<string, string | undefined> {
  const result = schema.safeParse(values);
  const said: Record<string, string | undefined> = {};
  if (result.success) return said;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    said[name] ??= issue.message;
  }
  return said;
}

function agree(check: FormCheck, schema: z.ZodType, names: string[], samples: FormValues[]) {
  for (const values of samples) {
    const checked = check(values);
    const said = schemaSays(schema, values);
    for (const name of names)
      expect([name, values[name], checked[name]]).toEqual([name, values[name], said[name]]);
  }
}

const texts = [
  "",
  " ",
  "a",
  "  ab12 ",
  "AB1",
  "Ab12",
  "ab123",
  "12345",
  "123456",
  " 123456 ",
  "12345a",
  "x@y.cn",
  "user@demo.test",
  "no-at-sign",
  "a@b",
  `${"a".repeat(250)}@b.cn`,
];

describe("the sign-in checks without zod", () => {
  it("refuse and accept what the image-code sign-in's schema does", () => {
    const samples = texts.flatMap((username) =>
      ["", "x", "Demo1234!"].flatMap((password) =>
        texts.map((code) => ({ username, password, code })),
      ),
    );
    agree(checkLogin, loginSchema, ["username", "password", "code"], samples);
  });

  it("refuse and accept the addresses the code request's schema does, for the usual mistakes", () => {
    // zod's address rule is stricter than a hint needs; these are the mistakes people make.
    const samples = [
      "",
      "  ",
      "user@demo.test",
      " user@demo.test ",
      "no-at-sign",
      `${"a".repeat(250)}@b.cn`,
    ].map((username) => ({ username }));
    agree(checkLoginCodeRequest, loginCodeRequestSchema, ["username"], samples);
  });

  it("refuse and accept what the mailed-code sign-in's schema does", () => {
    const samples = ["", "x"].flatMap((password) =>
      texts.map((emailCode) => ({ username: "user@demo.test", password, emailCode })),
    );
    agree(checkEmailLogin, emailLoginSchema, ["password", "emailCode"], samples);
  });
});
