import { useEffect, useState } from "react";

/**
 * The "send code" button with its 60 s countdown. The server decides how many
 * seconds are left (and refuses an early resend itself); JavaScript only
 * counts down and enables the button when the wait is over. Without
 * JavaScript the button shows the wait as of the page load.
 */
export function ResendButton({
  secondsLeft,
  sentBefore,
  labels,
  form,
  name = "intent",
  value = "send",
  className = "btn-secondary",
}: {
  secondsLeft: number;
  sentBefore: boolean;
  labels: { send: string; resend: string; wait: (seconds: number) => string };
  /** Id of the form the button submits (it may sit inside another form). */
  form?: string;
  name?: string;
  value?: string;
  className?: string;
}) {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    setLeft(secondsLeft);
    if (secondsLeft <= 0) return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const next = Math.max(0, secondsLeft - Math.floor((Date.now() - startedAt) / 1000));
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);

  return (
    <button
      type="submit"
      form={form}
      name={name}
      value={value}
      formNoValidate
      disabled={left > 0}
      className={`${className} min-w-36 shrink-0`}
      data-testid="send-code"
    >
      {left > 0 ? labels.wait(left) : sentBefore ? labels.resend : labels.send}
    </button>
  );
}
