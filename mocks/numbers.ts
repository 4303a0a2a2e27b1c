/**
 * Service, pallet, order and waybill numbers as the backend keeps them: no
 * blanks around, upper case. Every place that looks a number up (filters,
 * scans, selections, the import) goes through this one rule, so a number
 * typed or scanned in lower case finds the same order everywhere.
 */
export function canonicalNo(raw: string): string {
  return raw.trim().toUpperCase();
}
