import { type FieldMetadata, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps, ReactNode } from "react";
import type { z } from "zod";
import { ErrorLine } from "./form-messages.tsx";

// The messages have no Conform in them: pages that show them without a form
// of their own import them from there, and load no form code.
export { ErrorLine, FormErrors, Notice, useErrorText } from "./form-messages.tsx";

interface InputFieldProps extends Omit<ComponentProps<"input">, "type" | "name" | "id"> {
  label: ReactNode;
  field: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "password" | "tel" | "number";
  addon?: ReactNode;
}

export function InputField({
  label,
  field,
  type = "text",
  addon,
  className,
  ...rest
}: InputFieldProps) {
  const { key, ...inputProps } = getInputProps(field, { type });
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input key={key} {...inputProps} {...rest} className="input" />
        {addon}
      </div>
      <ErrorLine id={field.errorId} errors={field.errors} />
    </div>
  );
}

interface TextareaFieldProps extends Omit<ComponentProps<"textarea">, "name" | "id"> {
  label: ReactNode;
  field: FieldMetadata<string | undefined>;
  /** A line of help under the text area. */
  hint?: ReactNode;
}

export function TextareaField({
  label,
  field,
  hint,
  rows = 3,
  className,
  ...rest
}: TextareaFieldProps) {
  const { key, ...textareaProps } = getTextareaProps(field);
  const hintId = `${field.id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <textarea
        key={key}
        {...textareaProps}
        {...rest}
        rows={rows}
        aria-describedby={hint ? hintId : undefined}
        className="input h-auto py-2"
      />
      {hint ? (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      <ErrorLine id={field.errorId} errors={field.errors} />
    </div>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: Conform's own constraint on form values
type FormSchema = z.ZodType<Record<string, any>, Record<string, any>>;

type ZodFormOptions<Schema extends FormSchema> = Omit<
  Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0],
  "onValidate" | "shouldValidate" | "shouldRevalidate"
>;

/**
 * The one form pattern: the same zod schema validates in the browser (on
 * blur, then on every input once shown) and in the action (`parseWithZod`),
 * whose `submission.reply()` comes back as `lastResult`.
 */
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  options: ZodFormOptions<Schema> = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
