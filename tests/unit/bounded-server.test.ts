/**
 * The server's own bounds on a real socket: a body that trickles in is cut at
 * the deadline (408, connection closed), and one address holds no more than
 * its share of connections.
 */
import { once } from "node:events";
import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { boundedServer } from "../../server/bounded-server.ts";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function listen(bounds: Parameters<typeof boundedServer>[1]): Promise<number> {
  server = boundedServer((req, res) => {
    req.resume();
    req.on("end", () => res.end("read"));
  }, bounds);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** Everything the server sends on `socket` until it closes the connection. */
function untilClosed(socket: Socket): Promise<string> {
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    text += chunk;
  });
  socket.on("error", () => {});
  return new Promise((resolve) => socket.once("close", () => resolve(text)));
}

describe("bounded server", () => {
  it("cuts a body that is still arriving at the deadline with 408", async () => {
    const port = await listen({ requestTimeoutMs: 600, maxConnectionsPerClient: 0 });
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    const answer = untilClosed(socket);
    socket.write(
      "POST /login HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n",
    );
    // One byte at a time, never the whole body: only the deadline can end it.
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write("a");
    }, 50);
    try {
      expect(await answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
    }
  });

  it("lets a body that arrives in time through", async () => {
    const port = await listen({ requestTimeoutMs: 5_000, maxConnectionsPerClient: 0 });
    const answer = await fetch(`http://127.0.0.1:${port}/login`, { method: "POST", body: "a=1" });
    expect(await answer.text()).toBe("read");
  });

  it("closes connections of one address beyond its share, and takes new ones once others close", async () => {
    const port = await listen({ requestTimeoutMs: 5_000, maxConnectionsPerClient: 3 });
    const open: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = connect(port, "127.0.0.1");
      await once(socket, "connect");
      open.push(socket);
    }
    const extra = connect(port, "127.0.0.1");
    const refused = untilClosed(extra);
    extra.write("GET / HTTP/1.1\r\nHost: portal.test\r\n\r\n");
    expect(await refused).toBe("");

    const closed = open.pop() as Socket;
    closed.destroy();
    await once(closed, "close");
    // The server sees the close a moment later: retry until the slot is free.
    let text = "";
    for (let tries = 0; tries < 50 && !text.startsWith("HTTP/1.1 200"); tries++) {
      const socket = connect(port, "127.0.0.1");
      const answer = untilClosed(socket);
      socket.write("GET / HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n");
      text = await answer;
    }
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of open) socket.destroy();
  });
});
