import { z } from "zod";

/**
 * Every JSON answer of the backend: `{ code, data, msg }`; success is
 * `code: 200`. A refusal may come without data (docs/product.md, Error codes).
 */
export const envelopeSchema = z.object({
  code: z.number().int(),
  data: z.unknown().optional(),
  msg: z.string(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** Codes used by the backend (docs/product.md, Error codes). */
export const ApiCode = {
  ok: 200,
  tooManyAttempts: 1000,
  wrongCredentials: 1001,
  emailTaken: 1002,
  accountNotFound: 1003,
  wrongEmailCode: 1004,
  noToken: 20001,
  tokenInvalid: 20002,
  loggedInElsewhere: 20003,
  forcedOffline: 20004,
  invalidParameters: 40001,
  forbidden: 40003,
  notFound: 40004,
  wrongStatus: 40009,
  serverError: 500,
} as const;

/** Codes whose `data` is a message to show the user (docs/product.md, Error codes). */
export function isMessageCode(code: number): boolean {
  return (
    code === ApiCode.serverError ||
    (code >= 600 && code <= 602) ||
    code === 999 ||
    (code >= 1000 && code <= 1004) ||
    (code >= 2001 && code <= 2004) ||
    (code >= 3001 && code <= 3003) ||
    code === 20005 ||
    code === 20006 ||
    (code >= 30001 && code <= 30003) ||
    (code >= 40001 && code <= 40010)
  );
}

/** Codes that end the session: the user sees the message and returns to `/`. */
export function isSessionEndCode(code: number): boolean {
  return code >= 20001 && code <= 20004;
}

/** Times travel as `{ seconds }` (Unix seconds). */
export const timestampSchema = z.object({ seconds: z.number().int() });

export const paginationSchema = z.object({
  total: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  current: z.number().int().positive(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function pagedListOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), pagination: paginationSchema });
}

/** `current` and `pageSize` query parameters shared by every list call. */
export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
});
