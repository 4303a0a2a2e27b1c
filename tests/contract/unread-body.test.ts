/**
 * A call the fake backend answers without reading its body (logout takes
 * none; a change refused for want of a token is refused before its body is
 * read) holds up nothing after it on the same keep-alive connection, however
 * large the body: the next call is answered at once on that connection, not
 * reset by the server's keep-alive timeout (mocks/unread-body.ts). The API's
 * property test sends such bodies to every endpoint, one call after another.
 */
import { Agent } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { ApiCode } from "../../app/contract/envelope.ts";
import { callOver } from "../keep-alive-call.ts";
import { contractBackend } from "./helpers.ts";

const server = contractBackend({ reseed: "once" });

/** One connection, kept open between calls: every call below goes over it. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

const call = (method: string, path: string, body?: string) =>
  callOver(agent, `${server.base}${path}`, method, body);

/** JSON of about 450 KB: far more than the server reads before the handler answers. */
const LARGE_BODY = JSON.stringify({ salverDirection: "长".repeat(150_000) });

describe("a large body the fake backend answers unread", () => {
  it.each([
    ["POST", "/account/logout"],
    ["PUT", "/cba/salver/1"],
  ])("%s %s holds up nothing after it on the same connection", async (method, path) => {
    const refused = await call(method, path, LARGE_BODY);
    expect(refused.code).toBe(ApiCode.noToken);
    // Before, this call waited unanswered until the server's keep-alive
    // timeout closed the connection (6 s), and failed with ECONNRESET.
    const next = await call("GET", "/account/account-info");
    expect(next.code).toBe(ApiCode.noToken);
    expect(next.port).toBe(refused.port);
  });
});
