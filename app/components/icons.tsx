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

export const ServerIcon = (p: IconProps) => <Icon name="server" {...p} />;
export const InventoryIcon = (p: IconProps) => <Icon name="inventory" {...p} />;
export const QualificationIcon = (p: IconProps) => <Icon name="qualification" {...p} />;
export const SettingsIcon = (p: IconProps) => <Icon name="settings" {...p} />;
export const ExplainIcon = (p: IconProps) => <Icon name="explain" {...p} />;
export const BellIcon = (p: IconProps) => <Icon name="bell" {...p} />;
export const LogoutIcon = (p: IconProps) => <Icon name="logout" {...p} />;
export const ChevronIcon = (p: IconProps) => <Icon name="chevron" {...p} />;
export const MenuFoldIcon = (p: IconProps) => <Icon name="menu-fold" {...p} />;
export const MenuUnfoldIcon = (p: IconProps) => <Icon name="menu-unfold" {...p} />;
export const WorkbenchIcon = (p: IconProps) => <Icon name="workbench" {...p} />;
export const AuditIcon = (p: IconProps) => <Icon name="audit" {...p} />;
/** The side menu's icons, one element each, made once: the menu's entries share them. */
export const MENU_ICONS = {
  workbench: <WorkbenchIcon />,
  server: <ServerIcon />,
  inventory: <InventoryIcon />,
  audit: <AuditIcon />,
  qualification: <QualificationIcon />,
  settings: <SettingsIcon />,
  explain: <ExplainIcon />,
} as const;
export const CalendarIcon = (p: IconProps) => <Icon name="calendar" {...p} />;
