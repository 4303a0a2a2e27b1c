/**
 * Property-based fuzzing of the fake backend, over real HTTP: every endpoint
 * of the contract gets arbitrary path parameters, query strings and bodies
 * (JSON of any shape, `__proto__`/`constructor`/`prototype` keys, broken JSON,
 * forms and files where JSON is expected and the other way round), signed in
 * or not. It never answers with HTTP 5xx, every answer that is not a file is
 * the `{code, data, msg}` envelope, and no request pollutes the prototypes of
 * the process (the fake backend runs in this one).
 *
 * Runs are bounded: a modest number of cases, new ones on every run. A
 * failure prints the smallest counterexample fast-check found with its seed
 * and path, which replay it (`runs` in ./arbitraries.ts). A request that
 * fails names itself (method, address, body, caller, how long it took), and
 * so does one still unanswered when its test fails (a timeout names none):
 * what the fake backend did with the calls before it on the same connection
 * matters (docs/decisions/2026-11-26-unread-body-dropped-after-answer.md).
 */
import fc from "fast-check";
import { describe, expect, it, onTestFailed } from "vitest";
import { type EndpointDefinition, endpoints } from "../../app/contract/index.ts";
import { ADMIN, contractBackend, MANAGER } from "../contract/helpers.ts";
import {
  arbitraryFormData,
  arbitraryJson,
  arbitraryQuery,
  type Bytes,
  binaryString,
  hostileKey,
  runs,
} from "./arbitraries.ts";

const RUNS_PER_ENDPOINT = 20;

const server = contractBackend({ reseed: "once" });
const { api } = server;
const tokens: Record<string, string> = {};

async function freshToken(user: string): Promise<string> {
  tokens[user] = await api.login(user);
  return tokens[user];
}

/** A still valid token of `user` (a fuzzed logout or password change may have ended the last one). */
async function tokenOf(user: string): Promise<string> {
  const known = tokens[user];
  if (known) {
    const probe = await api.call("/account/account-info", { token: known });
    if (probe.code === 200) return known;
  }
  return freshToken(user);
}

type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string; type: string }
  | { kind: "form"; form: [string, string | Bytes][] };

const bodyArbitrary: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: "none" }),
  arbitraryJson.map<Body>((value) => ({ kind: "json", value })),
  fc
    .record({
      text: fc.oneof(
        binaryString({ maxLength: 200 }),
        // JSON whose keys reach the prototype when parsed carelessly.
        hostileKey.map((key) => `{"${key}":{"polluted":"yes"},"a":{"${key}":{"polluted":1}}}`),
        fc.constant('{"unterminated": '),
      ),
      type: fc.constantFrom(
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
      ),
    })
    .map<Body>(({ text, type }) => ({ kind: "text", text, type })),
  arbitraryFormData.map<Body>((form) => ({ kind: "form", form })),
);

function encode(body: Body): { body?: BodyInit; type?: string } {
  switch (body.kind) {
    case "none":
      return {};
    case "json":
      return { body: JSON.stringify(body.value) ?? "null", type: "application/json" };
    case "text":
      return { body: body.text, type: body.type };
    case "form": {
      const form = new FormData();
      for (const [name, value] of body.form) {
        if (typeof value === "string") form.append(name, value);
        else form.append(name, new Blob([value]), "upload.xlsx");
      }
      return { body: form };
    }
  }
}

const pathParam = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom("__proto__", "constructor", "prototype", "..", "%00", "-1", "1e309", "NaN"),
);

/**
 * The last calls answered, newest first: a keep-alive connection carries one
 * call after another, and what the backend did with one (a body left
 * unread) can hold up the next on its connection.
 */
let answered: string[] = [];

/** The size of a body as sent, in bytes (a form's without its boundaries). */
function bodyBytes(body: Body): number {
  switch (body.kind) {
    case "none":
      return 0;
    case "json":
      return Buffer.byteLength(JSON.stringify(body.value) ?? "null");
    case "text":
      return Buffer.byteLength(body.text);
    case "form":
      return body.form.reduce(
        (sum, [name, value]) =>
          sum +
          Buffer.byteLength(name) +
          (typeof value === "string" ? Buffer.byteLength(value) : value.byteLength),
        0,
      );
  }
}

function fillPath(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/\{(\w+)\}/g, () => encodeURIComponent(values[index++] ?? "x"));
}

describe("the fake backend under arbitrary requests", () => {
  for (const [name, endpoint] of Object.entries(endpoints) as [string, EndpointDefinition][]) {
    it(`${endpoint.method} ${endpoint.path} (${name}): never 5xx, always the envelope`, async () => {
      let waitingOn: { request: string; since: number } | undefined;
      onTestFailed(() => {
        if (!waitingOn) return;
        const waited = Math.round(performance.now() - waitingOn.since);
        console.error(
          `still unanswered after ${waited} ms: ${waitingOn.request}; the calls before it: ${answered.join("; ")}`,
        );
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathParam, { minLength: 3, maxLength: 3 }),
          arbitraryQuery,
          bodyArbitrary,
          fc.constantFrom<string | undefined>(undefined, MANAGER, ADMIN),
          fc.constantFrom("zh-CN", "en", "", "x".repeat(300), "__proto__"),
          async (params, query, body, user, lang) => {
            const url = new URL(server.base + fillPath(endpoint.path, params));
            for (const [key, value] of query) url.searchParams.append(key, value);
            const headers: Record<string, string> = { "accept-language": lang };
            if (user) headers.authorization = `Bearer ${await tokenOf(user)}`;
            const encoded = endpoint.method === "GET" ? {} : encode(body);
            if (encoded.type) headers["content-type"] = encoded.type;
            const sent: Body = endpoint.method === "GET" ? { kind: "none" } : body;
            const request = `${endpoint.method} ${url.pathname}${url.search} (${sent.kind} body of ${bodyBytes(sent)} bytes, ${user ?? "signed out"})`;
            waitingOn = { request, since: performance.now() };
            let text: Buffer;
            let response: Response;
            try {
              response = await fetch(url, {
                method: endpoint.method,
                headers,
                body: encoded.body,
              });
              text = Buffer.from(await response.arrayBuffer());
            } catch (error) {
              const waited = Math.round(performance.now() - waitingOn.since);
              const cause =
                error instanceof Error && error.cause instanceof Error
                  ? `: ${error.cause.message}`
                  : "";
              throw new Error(
                `${request}: ${String(error)}${cause}, after ${waited} ms; the calls before it: ${answered.join("; ")}`,
                { cause: error },
              );
            } finally {
              waitingOn = undefined;
            }
            answered = [request, ...answered].slice(0, 3);
            expect(response.status, text.toString().slice(0, 300)).toBeLessThan(500);
            const type = response.headers.get("content-type") ?? "";
            if (endpoint.binary && response.status === 200 && !type.includes("json")) return;
            const answer = JSON.parse(text.toString()) as Record<string, unknown>;
            expect(typeof answer.code).toBe("number");
            expect(typeof answer.msg).toBe("string");
            expect("data" in answer).toBe(true);
            expect(text.toString()).not.toMatch(/\n\s+at .+:\d+:\d+/);
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          },
        ),
        runs(RUNS_PER_ENDPOINT),
      );
    });
  }

  it("keeps Object.prototype, Array.prototype and Function.prototype clean", () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).yes).toBeUndefined();
  });
});
