import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Download, expect, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { E2E_CAPTCHA_CODE } from "../../playwright.config.ts";

export const PASSWORD = "Demo1234!";
export const ACCOUNTS = {
  admin: "admin@demo.test",
  manager: "manager@demo.test",
  guest: "guest@demo.test",
} as const;

/** Fills and submits the login form of the page already open. */
export async function submitLogin(
  page: Page,
  username: string,
  password = PASSWORD,
  code = E2E_CAPTCHA_CODE,
) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('form[method="post"] button[type="submit"]').click();
}

/** Logs in from the login page of `locale` and waits to leave it. */
export async function login(
  page: Page,
  username: string,
  options: { locale?: "zh" | "en"; password?: string } = {},
) {
  await page.goto(options.locale === "en" ? "/en" : "/");
  await submitLogin(page, username, options.password);
  await expect(page.getByTestId("user-name")).toHaveText(username);
}

/** The 6-digit code of the newest mail to `email`, read from the demo outbox of the fake backend. */
export async function codeFromOutbox(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/api/v1/demo/outbox?to=${encodeURIComponent(email)}`);
  const mails = (await response.json()).data as { text: string }[];
  const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A fresh account (no role) registered through the backend API, for tests that change an account. */
export async function registerByApi(request: APIRequestContext, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const sent = await request.get(
    `/api/v1/account/captcha/email?email=${encodeURIComponent(email)}`,
  );
  const captchaId = (await sent.json()).data.captcha_id as string;
  const code = await codeFromOutbox(request, email);
  const registered = await request.post("/api/v1/account/register/email", {
    data: {
      email,
      username: email,
      password: PASSWORD,
      checkPass: PASSWORD,
      captcha_id: captchaId,
      captcha_code: code,
    },
  });
  expect((await registered.json()).code).toBe(200);
  return email;
}

/** A downloaded workbook, opened with exceljs. */
export async function readWorkbook(download: Download) {
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile((await download.path())!);
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook;
}

/** The rows of a sheet as text, header row first. */
export function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const result: string[][] = [];
  sheet.eachRow((r) => {
    result.push((r.values as ExcelJS.CellValue[]).slice(1).map((v) => String(v ?? "")));
  });
  return result;
}
