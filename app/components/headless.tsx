/**
 * Headless UI, loaded after the first paint. Menus, popovers and dialogs
 * are drawn by the server like any other markup; in the browser their code arrives in a chunk of its own, fetched
 * as soon as a page that uses them starts, and not named in the page's HTML.
 *
 * Each outermost part (a menu, a popover, a dialog) sits in a Suspense
 * boundary of its own: while the chunk is on its way React keeps the
 * server's markup of that part as it is (not yet hydrated) and hydrates the
 * rest of the page; once the chunk is there the part hydrates with the real
 * component, which then behaves exactly as a direct import. The server renders the same boundaries with the components
 * imported directly, so both sides draw the same tree.
 * `headlessReady` settles once the chunk is there (root.tsx waits for it
 * before marking the page as ready for menus and dialogs).
 */
import { type ComponentType, createContext, createElement, Suspense, use, useContext } from "react";

type Headless = typeof import("./headless-parts.ts");

// The server has it before its first render; in the browser build this line
// is `undefined` (a static import, even unused, would put Headless UI back
// into the page's own chunks).
let loaded: Headless | undefined = import.meta.env.SSR
  ? await import("./headless-parts.ts")
  : undefined;

/**
 * The browser's load, tried twice: if the chunk cannot be had (offline, a
 * deploy in between), the parts keep the server's markup rather than
 * replacing the page with an error.
 */
const loading: Promise<Headless> | undefined = loaded
  ? undefined
  : import("./headless-parts.ts")
      .catch(() =>
        new Promise((retry) => setTimeout(retry, 1000)).then(() => import("./headless-parts.ts")),
      )
      .then(
        (module) => {
          loaded = module;
          return module;
        },
        () => new Promise<never>(() => {}),
      );

/** Settles when Headless UI can run in this page (at once on the server). */
export const headlessReady: Promise<unknown> = loading ?? Promise.resolve();

function Loaded({ name, props }: { name: keyof Headless; props: object }) {
  const headless = loaded ?? use(loading as Promise<Headless>);
  return createElement(headless[name] as ComponentType<object>, props);
}

/** Set inside a deferred part: its inner parts (a menu's button) render when it does. */
const InsideDeferred = createContext(false);

function deferred<Name extends keyof Headless>(name: Name): Headless[Name] {
  const Component = (props: object) => {
    const part = <Loaded name={name} props={props} />;
    // One boundary per outermost part: boundaries nested in it would be sent
    // apart from the page's markup by the server's stream.
    if (useContext(InsideDeferred)) return part;
    return (
      <InsideDeferred value={true}>
        <Suspense fallback={null}>{part}</Suspense>
      </InsideDeferred>
    );
  };
  Component.displayName = `Deferred${name}`;
  return Component as unknown as Headless[Name];
}

export const Dialog = deferred("Dialog");
export const DialogPanel = deferred("DialogPanel");
export const DialogTitle = deferred("DialogTitle");
export const Menu = deferred("Menu");
export const MenuButton = deferred("MenuButton");
export const MenuItem = deferred("MenuItem");
export const MenuItems = deferred("MenuItems");
export const Popover = deferred("Popover");
export const PopoverButton = deferred("PopoverButton");
export const PopoverPanel = deferred("PopoverPanel");
