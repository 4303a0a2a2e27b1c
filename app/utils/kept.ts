/**
 * Values made once per key and kept, for what a page draws again and again
 * from a few inputs (a viewer's menu, the menu's entries, the fields of an
 * order row for a set of hidden columns, a table's pinned columns' style).
 * The keys are few by design; the kept values are emptied when they reach
 * `limit`, a bound that only guards against a key the caller did not foresee.
 * A kept value is shared by every caller: not to be changed by them.
 */
export function keptBy<Value>(limit: number): (key: string, make: () => Value) => Value {
  const kept = new Map<string, Value>();
  return (key, make) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make();
      if (kept.size >= limit) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}

/**
 * `value` frozen whole, every object and array in it too, for a value kept
 * and shared between requests (the checked answers, the fake backend's
 * parsed queries): a caller that changed it fails at once instead of
 * changing it for every other. An object already frozen is taken as frozen
 * whole.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
