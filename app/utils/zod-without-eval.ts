/**
 * zod probes `new Function` once to decide whether to compile its parsers;
 * under the portal's policy (no 'unsafe-eval') the probe is refused and
 * reported as a violation. zod reads its options from this global object
 * when it loads (later, with the forms' code) and whenever it builds a
 * schema: setting `jitless` on it first thing in the browser skips the
 * probe, without an inline script in every page's head. The object is
 * changed, not replaced, in case zod already holds it. The server keeps
 * zod's compiled parsers (no policy applies there).
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  const global = globalThis as ZodGlobal;
  global.__zod_globalConfig ??= {};
  global.__zod_globalConfig.jitless = true;
}
