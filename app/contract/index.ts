/** The whole /api/v1 contract: every endpoint, by name. */
import { accountEndpoints } from "./account.ts";

export const endpoints = {
  ...accountEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export * from "./account.ts";
export * from "./endpoint.ts";
export * from "./envelope.ts";
