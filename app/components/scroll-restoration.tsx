import { useContext } from "react";
import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { NonceContext } from "./csp-nonce.tsx";

/** Where React Router keeps the pages' scroll positions (sessionStorage). */
const STORAGE_KEY = "scroll-positions";

/**
 * What React Router's `<ScrollRestoration>` runs before the page hydrates,
 * written small: it sends its own function's source with its tabs and long
 * names in every page (0.56 KB). The same steps: give the history entry a
 * key if it has none, then scroll to the position kept for that key.
 */
const RESTORE_BEFORE_HYDRATION = `(k=>{let h=history;h.state?.key||h.replaceState({key:Math.random().toString(32).slice(2)},"");try{let y=JSON.parse(sessionStorage.getItem(k)||"{}")[h.state.key];typeof y=="number"&&scrollTo(0,y)}catch(e){console.error(e);sessionStorage.removeItem(k)}})(${JSON.stringify(STORAGE_KEY)})`;

/**
 * React Router's scroll restoration (positions kept per history entry,
 * restored on Back and reload, the top on a new page) with a smaller inline
 * script: its hook does the rest once the page runs, as in
 * `<ScrollRestoration>`.
 */
export function ScrollRestoration() {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  const nonce = useContext(NonceContext);
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant string of the portal, no user data
      dangerouslySetInnerHTML={{ __html: RESTORE_BEFORE_HYDRATION }}
    />
  );
}
