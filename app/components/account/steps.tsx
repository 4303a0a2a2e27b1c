import { useEffect, useRef } from "react";

/**
 * The step indicator of the account flows (registration, forgot password,
 * residence process). The accent colour comes from the `--accent` CSS
 * variable of the page, so each system of the forgot-password screen keeps
 * its own colour.
 *
 * When a post moves the flow to another step, the button that was pressed is
 * gone with its step: focus goes to the new current step ("E-mail
 * activation, current step"), from where Tab enters the step's form. A field
 * of the new step that takes the focus itself (the code input after a
 * sending) runs its effect after this one and keeps it.
 */
export function Steps({ labels, current }: { labels: string[]; current: number }) {
  const currentItem = useRef<HTMLLIElement>(null);
  const shown = useRef(current);
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    currentItem.current?.focus();
  }, [current]);
  return (
    <ol className="flex items-start" data-testid="steps">
      {labels.map((label, index) => {
        const number = index + 1;
        const state = number < current ? "done" : number === current ? "current" : "todo";
        return (
          <li
            key={label}
            className="relative flex min-w-0 flex-1 flex-col items-center text-center"
            aria-current={state === "current" ? "step" : undefined}
            ref={state === "current" ? currentItem : undefined}
            tabIndex={state === "current" ? -1 : undefined}
            data-state={state}
          >
            {index > 0 ? (
              <span
                aria-hidden="true"
                className={`absolute top-4 right-1/2 h-0.5 w-full ${number <= current ? "bg-(--accent)" : "bg-gray-200"}`}
              />
            ) : null}
            <span
              className={`relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold ${
                state === "todo"
                  ? "border-gray-300 bg-white text-gray-500"
                  : state === "current"
                    ? "border-(--accent) bg-(--accent) text-white"
                    : "border-(--accent) bg-white text-(--accent)"
              }`}
            >
              {state === "done" ? "✓" : number}
            </span>
            <span
              className={`mt-2 px-1 text-xs break-words sm:px-2 sm:text-sm ${state === "todo" ? "text-gray-500" : "font-medium text-gray-800"}`}
            >
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
