import { createContext } from "react-router";

/** What the HTTP server knows of a request that a Fetch `Request` does not carry. */
export interface RequestInfo {
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>({ clientIp: "" });
