/**
 * A labelled input with its error line, without Conform: it reads what it
 * needs from a field's state, which Conform's field metadata and the login
 * page's plain form (./plain-form.ts) both give. The sign-in page draws
 * its fields with it and so loads no form library.
 */
import type { ComponentProps, ReactNode } from "react";
import { ErrorLine } from "./form-messages.tsx";

/** What a field's input needs of its form's state (a subset of Conform's field metadata). */
export interface FieldState {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

interface InputFieldProps extends Omit<ComponentProps<"input">, "type" | "name" | "id"> {
  label: ReactNode;
  field: FieldState;
  type?: "text" | "email" | "password" | "tel" | "number";
  addon?: ReactNode;
}

/** The input's attributes from its field, as Conform's `getInputProps` makes them. */
function inputProps(field: FieldState, type: InputFieldProps["type"]) {
  const invalid = field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    type,
    required: field.required || undefined,
    minLength: field.minLength,
    maxLength: field.maxLength,
    pattern: field.pattern,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
  };
}

export function InputField({
  label,
  field,
  type = "text",
  addon,
  className,
  ...rest
}: InputFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      {/* In a narrow window the addon (the image code's picture) goes under the field. */}
      <div className="flex flex-wrap items-center gap-2">
        <input
          {...inputProps(field, type)}
          {...rest}
          className={addon ? "input min-w-40 flex-1" : "input"}
        />
        {addon}
      </div>
      <ErrorLine id={field.errorId} errors={field.errors} />
    </div>
  );
}
