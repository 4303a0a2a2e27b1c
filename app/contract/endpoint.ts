/**
 * The /api/v1 contract is written once, here, as zod schemas. The portal's API
 * client, the fake backend in `mocks/` and the published OpenAPI document all
 * read the same definitions, so they cannot drift apart.
 *
 * Files under app/contract use relative imports with a `.ts` extension and
 * erasable TypeScript only: Node runs them directly (mock-api, openapi script).
 */
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Systems whose account calls also exist under a path prefix (`/seller/...`, `/is/...`). */
export const SYSTEM_PREFIXES = ["seller", "is"] as const;
export type SystemPrefix = (typeof SYSTEM_PREFIXES)[number];

export interface EndpointDefinition<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below the API base, with `{name}` placeholders for path parameters. */
  path: string;
  summary: string;
  /** Whether the call needs `Authorization: Bearer <token>`. */
  auth: boolean;
  /** Roles allowed (besides the implicit Guest that everyone has); empty = any logged-in user. */
  roles?: readonly string[];
  /** Also served under `/seller` and `/is`. */
  prefixed?: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  /** `multipart/form-data` body instead of JSON (file uploads). */
  multipart?: boolean;
  /** Binary answer (xlsx) instead of the JSON envelope. */
  binary?: boolean;
  /** Schema of the envelope's `data` on success. */
  data: Data;
  /** Demo mode only: not part of the production contract. */
  demoOnly?: boolean;
  /** A call that changes nothing although it is not a GET (its body is too long for a query). */
  readOnly?: boolean;
}

export function defineEndpoint<
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Data extends z.ZodType = z.ZodType,
>(definition: EndpointDefinition<Params, Query, Body, Data>) {
  return definition;
}

/** Fills `{name}` placeholders of an endpoint path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
