import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true once the page runs in the
 * browser: what needs JavaScript (menus, dialogs, stored preferences) appears
 * from then on, and the server-rendered page works without it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
