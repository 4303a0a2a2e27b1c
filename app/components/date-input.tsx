/**
 * A calendar day typed as `YYYY-MM-DD`, the way the portal writes dates
 * everywhere, whatever the browser's language (a native date field would
 * show `mm/dd/yyyy` to an English browser). Without JavaScript it is a
 * text field with the pattern as its hint; with it, a button beside the
 * field opens the browser's own calendar (`showPicker` on a date field that
 * is not shown) and writes the chosen day back in the same format.
 */
import { type ComponentProps, useRef } from "react";
import { useTranslation } from "~/utils/i18n.ts";
import { useHydrated } from "~/utils/use-hydrated.ts";
import { CalendarIcon } from "./icons.tsx";

type DateInputProps = Omit<ComponentProps<"input">, "type" | "defaultValue"> & {
  id: string;
  defaultValue?: string;
  /** What the calendar button says it opens the calendar for ("start date"). */
  pickerLabel: string;
};

export function DateInput({ id, defaultValue, pickerLabel, className, ...rest }: DateInputProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const canPick =
    hydrated &&
    typeof HTMLInputElement !== "undefined" &&
    "showPicker" in HTMLInputElement.prototype;

  const openPicker = () => {
    const native = picker.current;
    if (!native) return;
    native.value = /^\d{4}-\d{2}-\d{2}$/.test(field.current?.value ?? "")
      ? (field.current?.value ?? "")
      : "";
    try {
      native.showPicker();
    } catch {
      // A browser that refuses the picker here: the field still takes typing.
      field.current?.focus();
    }
  };

  return (
    <span className="relative inline-flex items-center">
      <input
        {...rest}
        ref={field}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("common.datePattern")}
        pattern="\d{4}[\-/.]?\d{2}[\-/.]?\d{2}"
        maxLength={10}
        defaultValue={defaultValue}
        className={`${className ?? ""} tabular-nums ${canPick ? "pr-8" : ""}`}
      />
      {canPick ? (
        <>
          <button
            type="button"
            onClick={openPicker}
            className="absolute right-1 rounded p-1 text-gray-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={t("common.openCalendar", { field: pickerLabel })}
            data-testid={`${id}-calendar`}
          >
            <CalendarIcon className="size-4" />
          </button>
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            className="pointer-events-none absolute right-0 bottom-0 h-0 w-0 opacity-0"
            onChange={(event) => {
              if (field.current && event.currentTarget.value) {
                field.current.value = event.currentTarget.value;
                field.current.dispatchEvent(new Event("input", { bubbles: true }));
              }
            }}
          />
        </>
      ) : null}
    </span>
  );
}
