/**
 * A backend of a test file's own on 127.0.0.1, for the API client's tests
 * against a real socket. The client is pointed at it (`API_BASE_URL`, and
 * `API_TIMEOUT_MS` for its deadline) before the file imports the app's
 * modules; the client reads them when it makes a call, from a configuration
 * read afresh for each file (tests/app-worker-setup.ts). After the file's
 * tests its open connections are cut and it is closed.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, vi } from "vitest";

export async function standInBackend(
  answer: RequestListener,
  options: { timeoutMs: number },
): Promise<Server> {
  const server = createServer(answer);
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv("API_BASE_URL", `http://127.0.0.1:${port}/api/v1`);
  vi.stubEnv("API_TIMEOUT_MS", String(options.timeoutMs));
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return server;
}
