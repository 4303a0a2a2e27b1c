/**
 * The browser's check of a form whose schema the page has at hand (its code
 * is in the page already): ready at once. Pages that need not have the
 * schema before the first paint use `laterValidation` of ./form.tsx instead.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormSchema, FormValidation, Validate } from "./form.tsx";

const made = new WeakMap<FormSchema, FormValidation<FormSchema>>();

export function validationOf<Schema extends FormSchema>(schema: Schema): FormValidation<Schema> {
  const known = made.get(schema);
  if (known) return known as unknown as FormValidation<Schema>;
  const validate: Validate<Schema> = (formData) => parseWithZod(formData, { schema });
  const validation: FormValidation<Schema> = {
    current: () => validate,
    ready: Promise.resolve(validate),
  };
  made.set(schema, validation as unknown as FormValidation<FormSchema>);
  return validation;
}
