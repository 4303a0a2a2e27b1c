import { createContext, useContext } from "react";

/** The Content-Security-Policy nonce of the server render (empty in the browser, which hides it). */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * zod probes `new Function` once to decide whether to compile its parsers;
 * under the portal's policy (no 'unsafe-eval') that probe is refused and
 * reported as a violation. Telling zod to skip it must happen before any
 * route module builds a schema, so it is the first script of the page.
 */
const ZOD_WITHOUT_EVAL =
  "globalThis.__zod_globalConfig={...globalThis.__zod_globalConfig,jitless:true};";

export function NoEvalScript() {
  const nonce = useContext(NonceContext);
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant string of the portal, no user data
      dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }}
    />
  );
}
