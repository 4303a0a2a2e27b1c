import { createContext, type RouterContextProvider } from "react-router";

/** The Content-Security-Policy nonce of this response, set by the server for the render. */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** The nonce of this response, if the server set one. */
export function cspNonceOf(context: Readonly<RouterContextProvider>): string | undefined {
  try {
    return context.get(cspNonceContext);
  } catch {
    return undefined;
  }
}
