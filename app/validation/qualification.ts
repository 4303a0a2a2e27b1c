import "~/locales/areas/qualification.ts";
import { z } from "zod";
import { isValidCustomsCode, isValidUscc } from "~/contract/uscc.ts";
import { fileFieldOf, IMAGE_FIELDS, IMAGE_MAX_BYTES, IMAGE_TYPES } from "./qualification-limits.ts";

export * from "./qualification-limits.ts";

const required = (max: number) =>
  z
    .string({ error: "common.required" })
    .trim()
    .min(1, "common.required")
    .max(max, "common.wrongFormat");

/** An uploaded file field: empty when the user kept the image already on file. */
const imageFile = z
  .instanceof(File)
  .optional()
  .refine(
    (file) => !file || file.size === 0 || file.size <= IMAGE_MAX_BYTES,
    "qualification.imageTooLarge",
  )
  .refine(
    (file) => !file || file.size === 0 || (IMAGE_TYPES as readonly string[]).includes(file.type),
    "qualification.imageType",
  );

/**
 * The qualification form. Images arrive as files (new uploads) beside the
 * URL of the image already on file; one of the two is required.
 */
export const qualificationSchema = z
  .object({
    companyNameZh: z
      .string({ error: "common.required" })
      .trim()
      .min(2, "qualification.companyNameZhShort")
      .max(100, "common.wrongFormat"),
    companyNameEn: z.string().trim().max(200, "common.wrongFormat").optional(),
    creditCode: z
      .string({ error: "common.required" })
      .trim()
      .toUpperCase()
      .length(18, "qualification.creditCodeLength")
      .refine(isValidUscc, "qualification.creditCodeCheck"),
    customsCode: z
      .string({ error: "common.required" })
      .trim()
      .toUpperCase()
      .length(10, "qualification.customsCodeFormat")
      .refine(isValidCustomsCode, "qualification.customsCodeFormat"),
    legalRepresentative: required(50),
    contactPerson: required(50),
    contactPhone: z
      .string({ error: "common.required" })
      .trim()
      .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, "qualification.phoneFormat"),
    contactEmail: z
      .string({ error: "common.required" })
      .trim()
      .pipe(z.email("qualification.emailFormat").max(254, "common.wrongFormat")),
    registeredAddress: required(200),
    businessScope: required(1000),
    businessLicenseImage: z.string().optional(),
    legalIdFrontImage: z.string().optional(),
    legalIdBackImage: z.string().optional(),
    businessLicenseFile: imageFile,
    legalIdFrontFile: imageFile,
    legalIdBackFile: imageFile,
  })
  .check(
    // Run even when other fields are wrong, so every problem is reported at once.
    z.superRefine(
      (value, ctx) => {
        for (const field of IMAGE_FIELDS) {
          const file: unknown = value[fileFieldOf(field)];
          const kept = typeof value[field] === "string" && value[field] !== "";
          if (!kept && !(file instanceof File && file.size > 0)) {
            ctx.addIssue({
              code: "custom",
              path: [fileFieldOf(field)],
              message: "qualification.imageRequired",
            });
          }
        }
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    ),
  );

/** A rejection needs a reason that is not blank. */
export const reviewSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("start"), id: z.string().min(1) }),
  z.object({ decision: z.literal("approve"), id: z.string().min(1) }),
  z.object({
    decision: z.literal("reject"),
    id: z.string().min(1),
    reason: z
      .string({ error: "qualification.reasonRequired" })
      .trim()
      .min(1, "qualification.reasonRequired")
      .max(500, "common.wrongFormat"),
  }),
]);
