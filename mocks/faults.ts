/**
 * Failures an end-to-end test arranges in its own world (`PUT /demo/fault`),
 * so a journey can show what the portal does when a backend call fails:
 * every later call of that method and path in the world answers the code.
 * Only in a test world: demo mode and the standalone backend never fail on
 * request.
 */
import { currentWorld, inTestWorld, type World } from "./worlds.ts";

const faultsOf = new WeakMap<World, Map<string, number>>();

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Sets (or, with code 200, ends) the failure of `method` `path` in the current test world. */
export function setFault(method: string, path: string, code: number): void {
  const world = currentWorld();
  const faults = faultsOf.get(world) ?? new Map<string, number>();
  if (code === 200) faults.delete(keyOf(method, path));
  else faults.set(keyOf(method, path), code);
  faultsOf.set(world, faults);
}

/** The code a call must fail with in the current test world, if any. */
export function faultOf(method: string, path: string): number | undefined {
  if (!inTestWorld()) return undefined;
  return faultsOf.get(currentWorld())?.get(keyOf(method, path));
}
