import { type FieldMetadata, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps, ReactNode } from "react";
import type { z } from "zod";
import { useTranslation } from "~/utils/i18n.ts";

/**
 * Translates a form error: schemas give translation keys, the backend gives
 * ready messages in the user's language (shown as they are).
 */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string | undefined) =>
    message ? t(message, { defaultValue: message }) : undefined;
}

/** The error line keeps its height when empty, so buttons never jump under the pointer. */
export function ErrorLine({ id, errors }: { id?: string; errors?: string[] }) {
  const translate = useErrorText();
  return (
    <p id={id} className="min-h-5 pt-0.5 text-xs text-red-600" aria-live="polite">
      {translate(errors?.[0])}
    </p>
  );
}

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

/** Errors of the whole form (not tied to a field), e.g. the backend's refusal. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  const translate = useErrorText();
  if (!errors?.length) return <div id={id} />;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      {errors.map((error) => (
        <p key={error}>{translate(error)}</p>
      ))}
    </div>
  );
}

export function Notice({
  kind,
  children,
}: {
  kind: "success" | "error" | "info";
  children: ReactNode;
}) {
  const tone = {
    success: "border-brand-200 bg-brand-50 text-brand-800",
    error: "border-red-200 bg-red-50 text-red-700",
    info: "border-sky-200 bg-sky-50 text-sky-800",
  }[kind];
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 text-sm ${tone}`}
    >
      {children}
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
