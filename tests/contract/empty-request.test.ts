/**
 * A call with no body by its headers (neither Content-Length nor
 * Transfer-Encoding) reaches the fake backend already ended: the standalone
 * server, like this suite's, takes Node's `optimizeEmptyRequests`, so such a
 * request emits no stream events. A GET is answered as ever; a call of
 * another method that reads its body reads an empty one and is answered
 * (node-fetch-server's request of it would be aborted at once and never
 * answered: mocks/bodiless-request.ts, `fetchRequestOf`), and the next call
 * on the same connection is answered too. The same call through demo
 * mode's public mount, whose server does not take the option:
 * public-mount-empty-request.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ApiCode } from "../../app/contract/envelope.ts";
import { contractBackend } from "./helpers.ts";
import { rawConnection } from "./raw-calls.ts";

const server = contractBackend({ reseed: "once" });

const connection = rawConnection();
afterEach(() => connection.destroy());

describe("a call with no body by its headers", () => {
  it("of a method with a body is answered, and the next call after it", async () => {
    const answers = await connection.send(server.base, [
      "POST {base}/account/login HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\r\n",
      "DELETE {base}/account/sub-account/u1 HTTP/1.1\r\nHost: {host}\r\n\r\n",
      "GET {base}/account/account-info HTTP/1.1\r\nHost: {host}\r\n\r\n",
    ]);
    expect(answers).toEqual([
      { status: 200, code: ApiCode.invalidParameters },
      { status: 200, code: ApiCode.noToken },
      { status: 200, code: ApiCode.noToken },
    ]);
  });
});
