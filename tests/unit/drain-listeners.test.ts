/**
 * A long page streamed through `compression` with React Router's writer
 * (which waits for `drain` after every refused write) leaves no `drain`
 * listeners behind on the gzip stream, so Node never warns about a leak.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainListeners } from "../../server/drain-listeners.ts";

const CHUNKS = 60;
const CHUNK_BYTES = 64 * 1024;

function serve(withFix: boolean) {
  const app = express();
  app.use(compression());
  if (withFix) app.use(drainListeners());
  app.get("/page", async (_req, res) => {
    res.type("text/html");
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === CHUNKS) return controller.close();
        // Hardly compressible, so gzip refuses writes and the writer waits for drain.
        controller.enqueue(new TextEncoder().encode(randomBytes(CHUNK_BYTES).toString("base64")));
      },
    });
    await writeReadableStreamToWritable(body, res);
  });
  return createServer(app);
}

async function fetchPage(server: Server): Promise<number> {
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}/page`, {
    headers: { "accept-encoding": "gzip" },
  });
  expect(answer.headers.get("content-encoding")).toBe("gzip");
  return (await answer.arrayBuffer()).byteLength;
}

describe("drain listeners behind compression", () => {
  const servers: Server[] = [];
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

  beforeAll(async () => {
    process.on("warning", onWarning);
    for (const withFix of [false, true]) {
      const server = serve(withFix);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
    }
  });

  afterAll(async () => {
    process.off("warning", onWarning);
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("without the fix, a long gzipped page leaks drain listeners (the warning this guards against)", async () => {
    warnings.length = 0;
    await fetchPage(servers[0] as Server);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.some((text) => text.includes("drain listeners added to [Gzip]"))).toBe(true);
  });

  it("with the fix, the whole page arrives and no listener is left behind", async () => {
    warnings.length = 0;
    const bytes = await fetchPage(servers[1] as Server);
    await new Promise((resolve) => setImmediate(resolve));
    expect(bytes).toBe(CHUNKS * Math.ceil(CHUNK_BYTES / 3) * 4);
    expect(warnings.filter((text) => text.includes("drain listeners"))).toEqual([]);
  });
});
