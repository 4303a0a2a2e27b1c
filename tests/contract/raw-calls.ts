/**
 * Calls written by hand on one raw connection, for the tests of what a
 * request's headers alone decide (a call with neither Content-Length nor
 * Transfer-Encoding, which no HTTP client of the suite sends): each request
 * head is sent after the answer to the one before, and each answer is read
 * whole (by its length, or chunked) for its status and envelope code.
 */
import { connect, type Socket } from "node:net";

export interface RawAnswer {
  status: number;
  code: number;
}

/** The status and envelope code of a whole answer in `text` (its length given, or chunked), if it is all there. */
function answerIn(text: string): RawAnswer | undefined {
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

/** A raw connection to a server; `destroy` once done with it (in `afterEach`, so a failed test closes it too). */
interface RawConnection {
  socket: Socket | undefined;
  /**
   * Sends each request head to `base` (the API's address) on one
   * connection, one after the other; the answers' statuses and codes. In a
   * head, `{base}` is the address's path and `{host}` its host. An answer
   * not whole within `waitMs` fails the call at once, with what arrived.
   */
  send(base: string, heads: string[], waitMs?: number): Promise<RawAnswer[]>;
  destroy(): void;
}

export function rawConnection(): RawConnection {
  const connection: RawConnection = {
    socket: undefined,
    async send(base, heads, waitMs = 2_000) {
      const { host, pathname } = new URL(base);
      const [hostname, port] = host.split(":") as [string, string];
      const open = connect(Number(port), hostname);
      connection.socket = open;
      await new Promise<void>((resolve, reject) => {
        open.once("connect", resolve);
        open.once("error", reject);
      });
      let received = "";
      let closed = false;
      open.on("data", (chunk: Buffer) => {
        received += chunk.toString("utf8");
      });
      open.on("close", () => {
        closed = true;
      });
      const answers: RawAnswer[] = [];
      for (const head of heads) {
        received = "";
        open.write(head.replaceAll("{base}", pathname).replaceAll("{host}", host));
        const line = head.split("\r\n")[0];
        for (let waited = 0; ; waited += 10) {
          const answer = answerIn(received);
          if (answer) {
            answers.push(answer);
            break;
          }
          if (closed) throw new Error(`connection closed before an answer to ${line}: ${received}`);
          if (waited >= waitMs) throw new Error(`no answer to ${line}: ${received}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
      return answers;
    },
    destroy() {
      connection.socket?.destroy();
    },
  };
  return connection;
}
