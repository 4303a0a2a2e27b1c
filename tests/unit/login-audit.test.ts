import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setLocale } from "~/middleware/locale.server.ts";
import { requestBodyMiddleware } from "~/middleware/request-body.server.ts";
import { action } from "~/routes/login-form.tsx";
import { Api } from "~/utils/api.server.ts";
import { setAuditDestination } from "~/utils/audit.server.ts";
import { apiContext, requestInfoContext, sessionContext } from "~/utils/request-context.server.ts";
import { sessionStorage } from "~/utils/session.server.ts";

describe("login audit before the backend", () => {
  it("records a login refused for a wrong image code, without the password", async () => {
    const lines: string[] = [];
    setAuditDestination({ write: (line: string) => lines.push(line) });
    const request = new Request("http://127.0.0.1:3000/login", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "Mozilla/5.0 LoginAudit",
      },
      body: new URLSearchParams({
        username: "manager@demo.test",
        password: "Secret-Pass-1",
        code: "ZZZZ",
      }).toString(),
    });
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { clientIp: "198.51.100.4" });
    const session = await sessionStorage.getSession();
    context.set(sessionContext, session);
    // The abuse limits count in the (fake, in-process) backend.
    context.set(
      apiContext,
      new Api({ locale: "zh", session, clientIp: "198.51.100.4", genericMessage: "network" }),
    );
    const args = {
      request,
      url: new URL(request.url),
      params: {},
      context,
      pattern: "/*",
    } as never;
    setLocale(args);
    await requestBodyMiddleware(args, async () => {
      await action(args);
      return new Response("done");
    });
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      {
        event: "login",
        user: "manager@demo.test",
        ip: "198.51.100.4",
        device: "Mozilla/5.0 LoginAudit",
        result: "refused",
        reason: "image-code",
      },
    ]);
    expect(lines.join("")).not.toContain("Secret-Pass-1");
  });
});
