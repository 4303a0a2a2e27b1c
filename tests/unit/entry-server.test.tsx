/**
 * The portal's server entry (app/entry.server.tsx) through React Router's
 * request handler, with a route table of its own: a page whose loader
 * defers nothing is answered whole with its length; a page whose loader
 * returns a promise streams its shell before the promise settles; an error
 * React meets after the shell, in a Suspense boundary it then leaves to the
 * browser, reaches the log.
 */
import { Suspense, use } from "react";
import {
  Await,
  createRequestHandler,
  Outlet,
  RouterContextProvider,
  Scripts,
  useLoaderData,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as entry from "../../app/entry.server.tsx";
import { requestInfoContext } from "../../app/utils/request-context.server.ts";
import { serverBuild } from "../support/server-build.ts";
import { readText } from "../support/streamed-text.ts";

let release: (value: string) => void = () => {};
let later: Promise<string> = Promise.resolve("");
let failing: Promise<never> = Promise.resolve() as Promise<never>;

function Root() {
  return (
    <html lang="en">
      <head />
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function WholePage() {
  const { rows } = useLoaderData() as { rows: string[] };
  return (
    <ul>
      {rows.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

function DeferredPage() {
  const { late } = useLoaderData() as { late: Promise<string> };
  return (
    <main>
      <h1>shell</h1>
      <Suspense fallback={<i>loading</i>}>
        <Await resolve={late}>{(text) => <p>{text}</p>}</Await>
      </Suspense>
    </main>
  );
}

function Failing() {
  use(failing);
  return null;
}

function FailingPage() {
  return (
    <main>
      <Suspense fallback={<i>…</i>}>
        <Failing />
      </Suspense>
    </main>
  );
}

const build = serverBuild(
  [
    { id: "root", path: "", module: { default: Root } },
    {
      id: "whole",
      parentId: "root",
      path: "whole",
      module: {
        default: WholePage,
        loader: () => ({ rows: Array.from({ length: 300 }, (_, index) => `row ${index}`) }),
      },
    },
    {
      id: "deferred",
      parentId: "root",
      path: "deferred",
      module: { default: DeferredPage, loader: () => ({ late: later }) },
    },
    {
      id: "failing",
      parentId: "root",
      path: "failing",
      module: { default: FailingPage, loader: () => ({}) },
    },
  ],
  entry,
);

const handler = createRequestHandler(build, "production");

/** A browser's request (not a bot's: a bot is always answered whole). */
function get(path: string): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp: "198.51.100.7", cspNonce: "nonce-of-test" });
  return handler(
    new Request(`http://127.0.0.1${path}`, {
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" },
    }),
    context,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the server entry", () => {
  it("answers a page that defers nothing whole, with its length", async () => {
    const response = await get("/whole");
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    const html = new TextDecoder().decode(bytes);
    expect(html).toContain("<li>row 299</li>");
    expect(html).toContain('nonce="nonce-of-test"');
    // React Router's data scripts are in place, not moved in by React's script.
    expect(html).not.toContain("$RC(");
  });

  it("streams a page whose loader defers data: its shell first, the rest when it comes", async () => {
    later = new Promise((resolve) => {
      release = resolve;
    });
    const response = await get("/deferred");
    expect(response.headers.get("Content-Length")).toBeNull();
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    const shell = await readText(reader, "<i>loading</i>");
    expect(shell).toContain("<h1>shell</h1>");
    expect(shell).not.toContain("the deferred rows");

    release("the deferred rows");
    await readText(reader, "the deferred rows");
    await reader.cancel();
  });

  it("logs an error React meets after the shell, in a boundary it leaves to the browser", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    failing = new Promise((_resolve, reject) => {
      setTimeout(() => reject(new Error("a part of the page failed")), 5);
    });
    failing.catch(() => {});
    const response = await get("/failing");
    const html = await response.text();
    expect(html).toContain("<main>");
    // Drawn whole before answering, the page's status says the error was met.
    expect(response.status).toBe(500);
    expect(
      logged.mock.calls.some(([error]) => String(error).includes("a part of the page failed")),
    ).toBe(true);
  });
});
