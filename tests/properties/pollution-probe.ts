/**
 * Loaded into the portal's process by the property tests (`node --import`):
 * on SIGUSR2 it prints whether anything was added to the prototypes every
 * object shares, and the memory the process keeps after a garbage collection
 * (with --expose-gc), so a test can ask the server after its requests.
 */
const watched = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype };
const before = Object.fromEntries(
  Object.entries(watched).map(([name, proto]) => [name, Object.getOwnPropertyNames(proto).sort()]),
);

process.on("SIGUSR2", () => {
  const added: string[] = [];
  for (const [name, proto] of Object.entries(watched)) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (!before[name]?.includes(key)) added.push(`${name}.prototype.${key}`);
    }
  }
  const polluted = ({} as Record<string, unknown>).polluted;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  console.info(
    `prototype-probe ${JSON.stringify({ added, polluted: polluted ?? null, rss, heapUsed })}`,
  );
});
