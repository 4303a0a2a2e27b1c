import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { ResendButton } from "~/components/account/resend-button.tsx";
import { type FieldState, InputField } from "~/components/input-field.tsx";

/**
 * An empty form for the buttons of a step that post nothing but their intent
 * (send the code, previous). It is rendered before the step's own form and
 * the buttons name it (`form={id}`), so they never submit the step's fields,
 * and Enter in a field submits the step's own button, wherever these sit.
 */
export function IntentForm({ id }: { id: string }) {
  return <Form method="post" id={id} />;
}

/** The 6-digit e-mail code input with its send button (60 s countdown), which posts `sendFormId`. */
export function EmailCodeField({
  field,
  label,
  placeholder,
  sendFormId,
  resendIn,
  sentBefore,
  labels,
}: {
  field: FieldState;
  label: string;
  placeholder: string;
  sendFormId: string;
  resendIn: number;
  sentBefore: boolean;
  labels: { send: string; resend: string; wait: (seconds: number) => string };
}) {
  // Set during the first render: false while the server's page hydrates, true when mounted later.
  const mountedInBrowser = useRef(typeof document !== "undefined" && !hydrating());
  useEffect(() => {
    if (mountedInBrowser.current && resendIn > 0) document.getElementById(field.id)?.focus();
  }, [field.id, resendIn]);
  return (
    <InputField
      label={label}
      field={field}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={placeholder}
      addon={
        <ResendButton
          form={sendFormId}
          secondsLeft={resendIn}
          sentBefore={sentBefore}
          labels={labels}
        />
      }
    />
  );
}

/** True while React hydrates the server's page (root.tsx marks <html> once it has). */
function hydrating(): boolean {
  return document.documentElement.dataset.hydrated !== "true";
}
