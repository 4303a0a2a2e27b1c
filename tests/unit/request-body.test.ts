import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { setLocale } from "~/middleware/locale.server.ts";
import { requestBodyMiddleware } from "~/middleware/request-body.server.ts";
import { postedForm } from "~/utils/request-context.server.ts";

/** Runs the i18n and body middleware for a request; resolves to the answer or what was thrown. */
async function run(
  path: string,
  init: RequestInit,
): Promise<{ reached: boolean; outcome: unknown; posted?: FormData }> {
  const request = new Request(`http://127.0.0.1:3000${path}`, init);
  const context = new RouterContextProvider();
  const args = { request, url: new URL(request.url), params: {}, context, pattern: "/*" } as never;
  let reached = false;
  let posted: FormData | undefined;
  try {
    setLocale(args);
    const outcome = await requestBodyMiddleware(args, async () => {
      // The action reads the form the middleware parsed.
      if (request.method === "POST") posted = postedForm(context);
      reached = true;
      return new Response("ok");
    });
    return { reached, outcome, posted };
  } catch (thrown) {
    return { reached, outcome: thrown };
  }
}

const form = (body: string) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body,
});

describe("request bodies", () => {
  it("lets form posts through to the action, which finds the form in the request's context", async () => {
    const posted = await run("/logout", form("lang=zh"));
    expect(posted.reached).toBe(true);
    expect(posted.posted?.get("lang")).toBe("zh");
    const multipart = new FormData();
    multipart.set("remark", "x");
    const upload = await run("/order", { method: "POST", body: multipart });
    expect(upload.reached).toBe(true);
    expect(upload.posted?.get("remark")).toBe("x");
    expect((await run("/order", { method: "GET" })).reached).toBe(true);
  });

  it.each(["/logout", "/language", "/notice/read"])(
    "answers a post to %s without a form content type with 400",
    async (path) => {
      for (const init of [
        { method: "POST" },
        { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"a":1}' },
        { method: "POST", headers: { "Content-Type": "text/plain" }, body: "lang=en" },
      ]) {
        const { reached, outcome } = await run(path, init);
        expect(reached).toBe(false);
        expect(outcome).toBeInstanceOf(Response);
        const response = outcome as Response;
        expect(response.status).toBe(400);
        expect(await response.text()).toBe("请求内容无法识别，请返回页面重试");
      }
    },
  );

  it("answers a malformed multipart body on a page with a translated 400 page", async () => {
    const { reached, outcome } = await run("/en/order", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    expect(reached).toBe(false);
    expect(outcome).toMatchObject({
      init: { status: 400 },
      data: {
        kind: "bad-request",
        message: "The request could not be read, please go back and try again",
      },
    });
  });
});
