/**
 * The fake backend as its own process (`npm run mock-api`), so several portal
 * instances can share it (API_BASE_URL=http://127.0.0.1:3001/api/v1).
 * Also serves the OpenAPI document at /api/v1/openapi.json.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { type ClientAddress, createRequestListener } from "@remix-run/node-fetch-server";
import { handleMockApiRequest } from "./api.ts";
import { ensureSeeded } from "./state.ts";

const port = Number(process.env.MOCK_API_PORT ?? 3001);
const host = process.env.MOCK_API_HOST ?? "127.0.0.1";
const openApiFile = new URL("../docs/openapi.json", import.meta.url);

const listener = createRequestListener(async (incoming: Request, client: ClientAddress) => {
  let request = incoming;
  const url = new URL(request.url);
  if (url.pathname === "/api/v1/openapi.json" && request.method === "GET") {
    try {
      return new Response(await readFile(openApiFile), {
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    } catch {
      return Response.json(
        { code: 40004, data: "openapi.json not found", msg: "not found" },
        { status: 404 },
      );
    }
  }
  if (url.pathname === "/health") return new Response("ok");
  // The portal forwards the browser's address; a direct caller's address is used otherwise.
  if (!request.headers.has("x-forwarded-for") && client.address) {
    const headers = new Headers(request.headers);
    headers.set("x-forwarded-for", client.address);
    const init: RequestInit & { duplex?: "half" } = { method: request.method, headers };
    if (request.body) {
      init.body = request.body;
      init.duplex = "half";
    }
    request = new Request(request.url, init);
  }
  return handleMockApiRequest(request);
});

const started = Date.now();
await ensureSeeded();
const server = createServer(listener);
server.listen(port, host, () => {
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  console.info(
    `[mock-api] seeded in ${Date.now() - started} ms; listening on http://${host}:${bound}/api/v1 ` +
      `(OpenAPI: /api/v1/openapi.json)`,
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
