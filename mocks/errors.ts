import { ApiCode } from "../app/contract/envelope.ts";
import type { MessageKey, MessageParams } from "./i18n.ts";

/** A coded failure: answered as `{ code, data: <localised message>, msg }`. */
export class ApiError extends Error {
  readonly code: number;
  readonly key: MessageKey;
  readonly params: MessageParams | undefined;

  constructor(code: number, key: MessageKey, params?: MessageParams) {
    super(`${code} ${key}`);
    this.code = code;
    this.key = key;
    this.params = params;
  }
}

export function invalid(detail: string): ApiError {
  return new ApiError(ApiCode.invalidParameters, "invalidParams", { detail });
}
