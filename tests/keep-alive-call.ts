/**
 * One call of the API over a given keep-alive agent, for the tests that check
 * what one call leaves on its connection for the next (an agent with
 * `maxSockets: 1` sends every call over the same connection).
 */
import { type Agent, request } from "node:http";

export interface KeptAliveAnswer {
  /** The envelope's code. */
  code: number;
  /** The client's port of the connection the call went over. */
  port: number | undefined;
}

export function callOver(
  agent: Agent,
  url: string | URL,
  method: string,
  body?: string,
): Promise<KeptAliveAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? {} : { "content-type": "application/json" },
      },
      (response) => {
        const port = response.socket.localPort;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const { code } = JSON.parse(Buffer.concat(chunks).toString()) as { code: number };
          resolve({ code, port });
        });
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}
