/**
 * The qualification form's image fields and limits, without zod: the form
 * draws its file fields from them in the browser, where the schema
 * (./qualification.ts, which re-exports these) comes only with its check.
 */

export const IMAGE_FIELDS = [
  "businessLicenseImage",
  "legalIdFrontImage",
  "legalIdBackImage",
] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];
/** The contract's limit of an uploaded image, the same rule in the browser's check. */
export { IMAGE_MAX_BYTES } from "~/contract/files.ts";
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif"] as const;

export function fileFieldOf(field: ImageField) {
  return field.replace(/Image$/, "File") as
    | "businessLicenseFile"
    | "legalIdFrontFile"
    | "legalIdBackFile";
}
