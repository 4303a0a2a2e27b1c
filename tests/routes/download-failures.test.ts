/**
 * A download whose backend fails sends the user back to the page that asked,
 * with the failure's translated message, never a bare `{"kind":"timeout"}`:
 * whether the user check before the file or the file itself failed. The
 * backend here is a small server on 127.0.0.1 that hangs, or answers what
 * the portal cannot read, on the calls a test picks.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { standInBackend } from "../support/stand-in-backend.ts";

type Mode = "ok" | "hang" | "nonsense";
const modes: { accountInfo: Mode; file: Mode } = { accountInfo: "ok", file: "ok" };

function answer(response: ServerResponse, mode: Mode, data: unknown) {
  if (mode === "hang") return;
  response.setHeader("Content-Type", "application/json");
  response.end(JSON.stringify(mode === "ok" ? { code: 200, msg: "success", data } : ["?"]));
}

function answerCall(request: IncomingMessage, response: ServerResponse) {
  response.shouldKeepAlive = false;
  if (request.url?.includes("/account/account-info")) {
    answer(response, modes.accountInfo, {
      username: "manager@demo.test",
      isSingleLogin: false,
      scope: ["CBA_MANAGER"],
    });
    return;
  }
  answer(response, modes.file, null);
}

// Long enough that an answering call is never late on a busy machine; the
// two hanging calls wait it out.
await standInBackend(answerCall, { timeoutMs: 2_000 });

// After the stubs: the app's modules read the environment as they load.
const { isData, ORIGIN, runRoute } = await import("./harness.ts");
const { commitSession, sessionStorage } = await import("~/utils/session.server.ts");
const orderDownload = await import("~/routes/resources/order-download.ts");
const importTemplate = await import("~/routes/resources/order-import-template.ts");

async function signedInCookie(): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("token", "tok-1");
  session.set("issuedAt", Date.now());
  session.set("lastSeen", Date.now());
  return (await commitSession(session)).split(";")[0] ?? "";
}

/** Runs a resource route as the root middleware would; what it answered or threw. */
async function run(
  handler: (args: never) => Promise<Response>,
  path: string,
  options: { form?: Record<string, string>; referer: string },
) {
  const headers = new Headers({ Cookie: await signedInCookie(), Referer: options.referer });
  let body: string | undefined;
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.set("Origin", ORIGIN);
    headers.set("Host", new URL(ORIGIN).host);
    body = new URLSearchParams(options.form).toString();
  }
  const request = new Request(new URL(path, ORIGIN), {
    method: options.form ? "POST" : "GET",
    headers,
    body,
  });
  const answer = await runRoute({ request, handler, clientIp: "198.51.100.9" });
  const { value } = answer;
  if (answer.thrown && isData(value)) {
    return Response.json(value.data, { status: value.init?.status ?? 500 });
  }
  return answer.response;
}

/** The flash message a redirect carries to the page. */
async function flashOf(response: Response): Promise<string | undefined> {
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const session = await sessionStorage.getSession(cookie);
  return session.get("notice")?.message;
}

beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(async () => {
  vi.unstubAllEnvs();
});

const DOWNLOAD = { kind: "orders", orderNoList: "DD0001" };

describe("a download whose backend fails", () => {
  it("goes back to the page with the timeout message when the user check hangs", async () => {
    modes.accountInfo = "hang";
    modes.file = "ok";
    const answer = await run(orderDownload.action, "/order/download", {
      form: DOWNLOAD,
      referer: `${ORIGIN}/order/?salverNo=S1`,
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/order/?salverNo=S1");
    expect(await flashOf(answer)).toBe("后端服务响应超时，请稍后重试");
  });

  it("says so in English on the English page when the file is nonsense", async () => {
    modes.accountInfo = "ok";
    modes.file = "nonsense";
    const answer = await run(orderDownload.action, "/order/download", {
      form: DOWNLOAD,
      referer: `${ORIGIN}/en/order/`,
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/en/order/");
    expect(await flashOf(answer)).toBe("The backend answered with data the portal cannot read");
  });

  it("goes back the same way from the import template's link", async () => {
    modes.accountInfo = "ok";
    modes.file = "hang";
    const answer = await run(importTemplate.loader, "/order/import-template", {
      referer: `${ORIGIN}/en/order/`,
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/en/order/");
    expect(await flashOf(answer)).toBe(
      "The backend took too long to answer, please try again later",
    );
  });
});
