/**
 * The files the API takes and answers: the limits of an uploaded image and
 * of an imported workbook, the images' types known by their content, and a
 * workbook's content type. Without zod, so that a browser form checks a file
 * by the same limits without the contract's schemas (./cba.ts re-exports them).
 */

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Image types the upload takes, known by their content. */
export type ImageMime = "image/png" | "image/jpeg" | "image/gif";

/** The image type from its first bytes (8 suffice), or null when it is not a png, jpeg or gif. */
export function sniffImage(bytes: Uint8Array): ImageMime | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (
    starts(0x47, 0x49, 0x46, 0x38) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return "image/gif";
  }
  return null;
}
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
