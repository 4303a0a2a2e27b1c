/**
 * Calls from outside: what reaches the fake backend through the portal's
 * public `/api/v1` mount in demo mode (server/app.ts), from anyone on the
 * internet. The portal's own calls never take that way (they are answered
 * in-process), nor do a portal's calls to `npm run mock-api`, which serves
 * the portals on a private address and answers everything.
 *
 * From outside, the calls that exist only for the portal and the tests are
 * unknown paths (HTTP 404, 40004): every `demoOnly` call of the contract (the
 * demo outbox: the mailbox page shows a browser its own mail; the fault
 * switch). The one exception is the fault switch inside an end-to-end test's
 * world: only a portal started with TEST_WORLDS=1 has such worlds, and its
 * tests arrange failures from the browser's side.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { demoEndpoints } from "../app/contract/demo.ts";
import type { EndpointDefinition } from "../app/contract/endpoint.ts";
import { inTestWorld } from "./worlds.ts";

const outside = new AsyncLocalStorage<true>();

/** Runs `answer` as a call from outside. */
export function asOutsideCall<T>(answer: () => T): T {
  return outside.run(true, answer);
}

/** Whether `endpoint` is closed to the call being answered. */
export function closedToCaller(endpoint: EndpointDefinition): boolean {
  if (!outside.getStore() || !endpoint.demoOnly) return false;
  return !(endpoint === demoEndpoints.fault && inTestWorld());
}
