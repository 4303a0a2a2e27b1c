/**
 * Company identifiers of the qualification profile.
 *
 * Unified social credit code (统一社会信用代码), GB 32100-2015: 18 characters
 * from the set 0-9 and A-Z without I, O, S, V, Z. Position 1 is the
 * registration authority, 2 the organisation category, 3-8 the
 * administrative division (digits), 9-17 the organisation code and 18 a check
 * character computed from the first 17 with weights 3^i mod 31.
 */
import { z } from "zod";

export const USCC_CHARSET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** Check character of the first 17 characters, or null when they are not valid code characters. */
export function usccCheckCharacter(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_CHARSET.indexOf(first17[i] ?? "");
    if (value < 0) return null;
    sum += value * (USCC_WEIGHTS[i] ?? 0);
  }
  const check = (31 - (sum % 31)) % 31;
  return USCC_CHARSET[check] ?? null;
}

/** True when the code is a well-formed unified social credit code with a correct check character. */
export function isValidUscc(code: string): boolean {
  const value = code.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  return usccCheckCharacter(value.slice(0, 17)) === value[17];
}

export const usccSchema = z
  .string()
  .trim()
  .toUpperCase()
  .length(18)
  .refine(isValidUscc, { message: "Invalid unified social credit code (check character)" });

/** Customs registration code (海关注册编码): 10 characters, the first 4 the customs area digits. */
export function isValidCustomsCode(code: string): boolean {
  return /^\d{4}[0-9A-Z]{6}$/.test(code.trim().toUpperCase());
}

export const customsCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .length(10)
  .refine(isValidCustomsCode, { message: "Invalid customs registration code" });
