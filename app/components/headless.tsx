/**
 * Headless UI, loaded after the first paint (./deferred.tsx): menus,
 * popovers and dialogs are drawn by the server like any other markup; in the
 * browser their code arrives in a chunk of its own, fetched as soon as a
 * page that uses them starts, and not named in the page's HTML.
 *
 * Each outermost part (a menu, a popover, a dialog) sits in a Suspense
 * boundary of its own, its inner parts in the same one: while the chunk is
 * on its way React keeps the server's markup of that part as it is (not yet
 * hydrated) and hydrates the rest of the page; once the chunk is there the
 * part hydrates with the real component, which then behaves exactly as a
 * direct import. If the chunk cannot be had, what the server drew stays as
 * drawn (the menus that stand in for links once the page runs wait for the
 * chunk, `useMenusReady`), and a dialog opened afterwards says so, with a
 * reload button.
 */
import { useHydrated } from "~/utils/use-hydrated.ts";
import { deferredModule, type NoticeKind } from "./deferred.tsx";

const headless = deferredModule(
  // A static import, even unused, would put Headless UI back into the page's own chunks.
  import.meta.env.SSR ? await import("./headless-parts.ts") : undefined,
  () => import("./headless-parts.ts"),
);

/** Only an open dialog says that its code is missing, over the page; a menu without its code shows nothing. */
const whenOpen = (props: object): NoticeKind =>
  (props as { open?: boolean }).open === true ? "floating" : null;
const never = (): NoticeKind => null;

export const Dialog = headless.component("Dialog", whenOpen);
export const DialogPanel = headless.component("DialogPanel", never);
export const DialogTitle = headless.component("DialogTitle", never);
export const Menu = headless.component("Menu", never);
export const MenuButton = headless.component("MenuButton", never);
export const MenuItem = headless.component("MenuItem", never);
export const MenuItems = headless.component("MenuItems", never);
export const Popover = headless.component("Popover", never);
export const PopoverButton = headless.component("PopoverButton", never);
export const PopoverPanel = headless.component("PopoverPanel", never);

/**
 * True once the page runs and Headless UI's code is there. A part the server
 * draws as a link or a `<details>` and the browser as a menu or a popover
 * switches on this: on hydration alone the menu would be missing until its
 * chunk came, and the header and the list's toolbar would move around the
 * gap and back (a layout shift of 0.13 on the order page, measured).
 */
export function useMenusReady(): boolean {
  const hydrated = useHydrated();
  const loaded = headless.useLoaded();
  return hydrated && loaded;
}
