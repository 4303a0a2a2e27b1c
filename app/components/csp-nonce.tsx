import { createContext } from "react";

/** The Content-Security-Policy nonce of the server render (empty in the browser, which hides it). */
export const NonceContext = createContext<string | undefined>(undefined);
