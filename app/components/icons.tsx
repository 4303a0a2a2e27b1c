import type { ComponentProps } from "react";
// The outlines live in one sprite, a hashed asset the browser keeps: a page
// names each icon by a `<use>` of a few bytes instead of carrying its paths.
import SPRITE from "./icons.svg?no-inline";

type IconProps = ComponentProps<"svg">;

/** An outline icon: its stroke and fill come from the `icon` utility (app.css), not from attributes on every icon. */
function Icon({ name, className = "size-5", ...rest }: IconProps & { name: string }) {
  return (
    <svg aria-hidden="true" className={`icon ${className}`} {...rest}>
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}

/**
 * The element an icon draws, for an icon that never changes: made once and
 * kept, it is the `<svg>` itself, not an icon component React calls again
 * on every render (the menu's, the header's and the bell's icons).
 */
export function iconElement(name: string, className = "size-5") {
  return (
    <svg aria-hidden="true" className={`icon ${className}`}>
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}

export const ChevronIcon = (p: IconProps) => <Icon name="chevron" {...p} />;
/** The side menu's icons, one element each, made once: the menu's entries share them. */
export const MENU_ICONS = {
  workbench: iconElement("workbench"),
  server: iconElement("server"),
  inventory: iconElement("inventory"),
  audit: iconElement("audit"),
  qualification: iconElement("qualification"),
  settings: iconElement("settings"),
  explain: iconElement("explain"),
} as const;
export const CalendarIcon = (p: IconProps) => <Icon name="calendar" {...p} />;
