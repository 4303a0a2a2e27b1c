/**
 * A form checked in the browser by a plain function instead of Conform and
 * a zod schema (the sign-in forms: a few fields, checked by
 * ~/validation/auth-checks.ts). It behaves as the one form pattern does
 * (./form.tsx): a field is checked when left, then on every input once it
 * has a message; a post with errors stays in the browser; the action's
 * answer (`submission.reply()`, Conform's shape) brings the server's errors
 * and the values to draw again. Without JavaScript the inputs' `required`
 * and `pattern` check, and the action answers as before.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated.ts";
import type { FormCheck, FormValues } from "~/validation/auth-checks.ts";
import type { FieldState } from "./input-field.tsx";

/** What the action answered a refused post (Conform's `SubmissionResult`, the part read here). */
export interface PostedResult {
  status?: "error" | "success";
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown> | null;
}

type Errors = Record<string, string[] | undefined>;

function errorsOf(result: PostedResult | undefined): Errors {
  const errors: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

function valuesOf(form: HTMLFormElement, names: readonly string[]): FormValues {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? "")]));
}

export function usePlainForm<Name extends string>(
  names: readonly Name[],
  check: FormCheck,
  options: {
    lastResult?: PostedResult;
    defaultValue?: Partial<Record<Name, string>>;
    /** The inputs' own constraints, which check the form when the page runs no JavaScript. */
    constraints?: Partial<Record<Name, Pick<FieldState, "required" | "pattern" | "maxLength">>>;
  } = {},
) {
  const { lastResult, defaultValue, constraints } = options;
  const id = useId();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Errors>(() => errorsOf(lastResult));
  // A new answer of the action replaces what the browser found.
  const [answered, setAnswered] = useState(lastResult);
  if (answered !== lastResult) {
    setAnswered(lastResult);
    setErrors(errorsOf(lastResult));
  }
  const left = useRef(new Set<string>());
  const own = (target: EventTarget): Name | undefined => {
    const name = (target as HTMLInputElement).name;
    return names.find((known) => known === name);
  };
  const recheck = (form: HTMLFormElement, name: Name) => {
    const message = check(valuesOf(form, names))[name];
    setErrors((current) => ({ ...current, [name]: message ? [message] : undefined }));
  };

  const formProps = {
    id,
    // With JavaScript the check below speaks, in the page's language; without, the browser's.
    noValidate: hydrated || undefined,
    onBlur(event: FormEvent<HTMLFormElement>) {
      const name = own(event.target);
      if (!name) return;
      left.current.add(name);
      recheck(event.currentTarget, name);
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      const name = own(event.target);
      if (name && (left.current.has(name) || errors[name])) recheck(event.currentTarget, name);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const found = check(valuesOf(event.currentTarget, names));
      const wrong = names.filter((name) => found[name]);
      if (wrong.length === 0) return;
      event.preventDefault();
      setErrors((current) => ({
        ...current,
        ...Object.fromEntries(names.map((name) => [name, found[name] ? [found[name]] : undefined])),
      }));
      document.getElementById(`${id}-field-${wrong[0]}`)?.focus();
    },
  };

  const fields = Object.fromEntries(
    names.map((name): [Name, FieldState] => [
      name,
      {
        id: `${id}-field-${name}`,
        name,
        formId: id,
        errorId: `${id}-field-${name}-error`,
        errors: errors[name],
        initialValue: defaultValue?.[name] ?? lastResult?.initialValue?.[name],
        ...constraints?.[name],
      },
    ]),
  ) as Record<Name, FieldState>;
  const form = { id, errorId: `${id}-form-error`, errors: errors[""] };
  useFocusAfterRefusal(id, lastResult);
  return [form, fields, formProps] as const;
}

/**
 * A refusal from the server redraws the fields it empties (a password, an
 * image code), and the focus in one of them is lost with it. It then goes
 * to the first field the refusal marks, else the first field left empty
 * (the password after a wrong one), so the user types on where the form
 * needs them; focus the user has put elsewhere is left where it is.
 */
export function useFocusAfterRefusal(formId: string, lastResult: unknown) {
  useEffect(() => {
    if ((lastResult as { status?: string } | null | undefined)?.status !== "error") return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const fields = document
      .getElementById(formId)
      ?.querySelectorAll<HTMLInputElement>("input:not([type=hidden]):not([disabled]), textarea");
    const list = [...(fields ?? [])];
    const target =
      list.find((field) => field.getAttribute("aria-invalid") === "true") ??
      list.find((field) => field.value === "");
    target?.focus();
  }, [formId, lastResult]);
}
