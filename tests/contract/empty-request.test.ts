/**
 * A call with no body by its headers (neither Content-Length nor
 * Transfer-Encoding) reaches the fake backend already ended: the standalone
 * server, like this suite's, takes Node's `optimizeEmptyRequests`, so such a
 * request emits no stream events. A GET is answered as ever; a call of
 * another method that reads its body reads an empty one and is answered
 * (node-fetch-server's request of it would be aborted at once and never
 * answered: mocks/bodiless-request.ts, `fetchRequestOf`), and the next call
 * on the same connection is answered too.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiCode } from "../../app/contract/envelope.ts";
import { contractBackend } from "./helpers.ts";

const server = contractBackend({ reseed: "once" });

let socket: Socket | undefined;
afterEach(() => socket?.destroy());

/** The status and envelope code of a whole answer in `text` (its length given, or chunked), if it is all there. */
function answerIn(text: string): { status: number; code: number } | undefined {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const head = text.slice(0, end);
  let rest = text.slice(end + 4);
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]);
  const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1];
  let body = "";
  if (length !== undefined) {
    if (Buffer.byteLength(rest) < Number(length)) return undefined;
    body = rest;
  } else {
    for (;;) {
      const line = rest.indexOf("\r\n");
      if (line < 0) return undefined;
      const size = Number.parseInt(rest.slice(0, line), 16);
      if (size === 0) break;
      const chunk = Buffer.from(rest.slice(line + 2));
      if (chunk.byteLength < size + 2) return undefined;
      body += chunk.subarray(0, size).toString("utf8");
      rest = chunk.subarray(size + 2).toString("utf8");
    }
  }
  return { status, code: (JSON.parse(body) as { code: number }).code };
}

/** Sends each request head on one connection, one after the other; the answers' codes and statuses. */
async function onOneConnection(heads: string[]): Promise<{ status: number; code: number }[]> {
  const { host, pathname } = new URL(server.base);
  const [hostname, port] = host.split(":") as [string, string];
  const open = connect(Number(port), hostname);
  socket = open;
  await new Promise<void>((resolve, reject) => {
    open.once("connect", resolve);
    open.once("error", reject);
  });
  let received = "";
  open.on("data", (chunk: Buffer) => {
    received += chunk.toString("utf8");
  });
  const answers: { status: number; code: number }[] = [];
  for (const head of heads) {
    received = "";
    open.write(head.replaceAll("{base}", pathname).replaceAll("{host}", host));
    for (let wait = 0; ; wait += 1) {
      const answer = answerIn(received);
      if (answer) {
        answers.push(answer);
        break;
      }
      if (wait > 200) throw new Error(`no answer to ${head.split("\r\n")[0]}: ${received}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  return answers;
}

describe("a call with no body by its headers", () => {
  it("of a method with a body is answered, and the next call after it", async () => {
    const answers = await onOneConnection([
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
