import type { FieldMetadata } from "@conform-to/react";
import { Form } from "react-router";
import { ResendButton } from "~/components/account/resend-button.tsx";
import { InputField } from "~/components/form.tsx";

/**
 * The 6-digit e-mail code input with its send button (60 s countdown). The
 * button posts a small form of its own (`sendFormId`), rendered here before
 * the code's form, so sending never submits the code.
 */
export function EmailCodeSendForm({ id }: { id: string }) {
  return <Form method="post" id={id} />;
}

export function EmailCodeField({
  field,
  label,
  placeholder,
  sendFormId,
  resendIn,
  sentBefore,
  labels,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  placeholder: string;
  sendFormId: string;
  resendIn: number;
  sentBefore: boolean;
  labels: { send: string; resend: string; wait: (seconds: number) => string };
}) {
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
