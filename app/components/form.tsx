import {
  type FieldMetadata,
  getTextareaProps,
  parse,
  type Submission,
  useForm,
} from "@conform-to/react";
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { loadingAtStart } from "./deferred.tsx";
import { ErrorLine } from "./form-messages.tsx";
import { useFocusAfterRefusal } from "./plain-form.ts";

// The messages have no Conform in them: pages that show them without a form
// of their own import them from there, and load no form code.
export { ErrorLine, FormErrors, Notice, useErrorText } from "./form-messages.tsx";
// The input has none either: the sign-in page draws its fields without Conform.
export { InputField } from "./input-field.tsx";

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
export type FormSchema = z.ZodType<Record<string, any>, Record<string, any>>;

/** Checks a form's data as the action will (`parseWithZod` with the form's schema). */
export type Validate<Schema extends FormSchema> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * How a form is checked in the browser: at once (`validationOf` of
 * ./form-validation.ts, for a schema the page has at hand), or once its
 * code is there (`laterValidation`).
 */
export interface FormValidation<Schema extends FormSchema> {
  /** The check, if its code is there. */
  current(): Validate<Schema> | undefined;
  /** Settles with the check once its code is there. */
  ready: Promise<Validate<Schema>>;
}

/**
 * A form's check whose code (the schema, zod, Conform's zod integration)
 * the browser fetches as the page starts, after the first paint, instead of
 * with the page: `load` imports the schema with `import()`. The page is
 * marked ready for tests once it is there (app/components/deferred.tsx).
 * The server never loads it: it renders forms without checking them.
 */
export function laterValidation<Schema extends FormSchema>(
  load: () => Promise<Schema>,
): FormValidation<Schema> {
  let validate: Validate<Schema> | undefined;
  const fetchCheck = () => Promise.all([import("@conform-to/zod/v4"), load()]);
  // Tried twice; if the chunk cannot be had, the action alone checks the form.
  const ready: Promise<Validate<Schema>> = import.meta.env.SSR
    ? new Promise(() => {})
    : fetchCheck()
        .catch(() => new Promise((retry) => setTimeout(retry, 1000)).then(fetchCheck))
        .then(
          ([{ parseWithZod }, schema]) => {
            validate = (formData) => parseWithZod(formData, { schema });
            return validate;
          },
          () => new Promise<never>(() => {}),
        );
  if (!import.meta.env.SSR) loadingAtStart(ready);
  return { current: () => validate, ready };
}

type ZodFormOptions<Schema extends FormSchema> = Omit<
  Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0],
  "onValidate" | "shouldValidate" | "shouldRevalidate"
>;

/**
 * The one form pattern: the same zod schema validates in the browser (on
 * blur, then on every input once shown) and in the action (`parseWithZod`),
 * whose `submission.reply()` comes back as `lastResult`.
 *
 * Until a later check is there, the form is not checked in the browser: a
 * post goes to the action, which checks it and answers with its errors, as
 * without JavaScript; a field left meanwhile keeps the errors it has and is
 * checked as soon as the check arrives, so its message appears as it would
 * have.
 */
export function useZodForm<Schema extends FormSchema>(
  validation: FormValidation<Schema>,
  options: ZodFormOptions<Schema> = {},
) {
  // The check of this render's schema; a later one re-renders the form when it arrives.
  const validate = validation.current();
  const [, arrived] = useState(false);
  const leftEarly = useRef(new Set<string>());
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      validate ? validate(formData) : notYetChecked<Schema>(formData, leftEarly.current),
  });
  useEffect(() => {
    if (validate) return;
    let mounted = true;
    void validation.ready.then(() => {
      if (mounted) arrived(true);
    });
    return () => {
      mounted = false;
    };
  }, [validation, validate]);
  useEffect(() => {
    if (!validate) return;
    for (const name of leftEarly.current) form.validate({ name });
    leftEarly.current.clear();
  }, [validate, form]);
  useFocusAfterRefusal(form.id, options.lastResult);
  return [form, fields] as const;
}

/**
 * The answer of a form whose check is not there yet: a post goes on to the
 * action; a field's check (on blur or input) changes no message and is
 * remembered, to be made once the check is there.
 */
function notYetChecked<Schema extends FormSchema>(formData: FormData, leftEarly: Set<string>) {
  const submission = parse<z.output<Schema>, string[]>(formData, {
    resolve: (payload, intent) => {
      if (!intent) return { value: payload as z.output<Schema> };
      if (intent.type === "validate" && intent.payload.name) leftEarly.add(intent.payload.name);
      // `null`: the message of that name stays as it is.
      const names = ["", ...new Set(formData.keys())];
      return { error: Object.fromEntries(names.map((name) => [name, null])) };
    },
  });
  // Conform types a submission by the form's input and output; this one carries neither.
  return submission as unknown as Submission<z.input<Schema>, string[], z.output<Schema>>;
}
