/**
 * Components whose code the browser fetches after the page starts, in a
 * chunk of their own that the page's HTML does not name: the order list's
 * operation and upload forms (they bring Conform, zod and their schemas),
 * the announcer and overlay of navigations (./navigation-feedback.tsx); and
 * modules whose functions a page calls only on a user's action (`load()`:
 * the stock in/out page's scan schema). The same way as Headless UI
 * (./headless.tsx): the server renders them like any other component (it
 * has the module before its first render); in the
 * browser each sits in a Suspense boundary of its own, so while the chunk is
 * on its way React keeps the server's markup of it as it is (not yet
 * hydrated) and hydrates the rest of the page; once the chunk is there the
 * component hydrates and behaves exactly as a direct import. A component
 * first drawn in the browser (in a dialog) appears when its chunk is there.
 *
 * Each user passes both the module (on the server) and its `import()` (in
 * the browser), written out where the module is named, so the bundler sees a
 * dynamic import:
 *
 *     const forms = deferredModule(
 *       import.meta.env.SSR ? await import("./forms.tsx") : undefined,
 *       () => import("./forms.tsx"),
 *     );
 *     export const Form = forms.component("Form");
 */
import {
  type ComponentType,
  createContext,
  createElement,
  Suspense,
  use,
  useContext,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "~/utils/i18n.ts";

const startedLoading: Promise<unknown>[] = [];

/** Code the page started to load as it started (its deferred parts and form checks). */
export function loadingAtStart(loading: Promise<unknown>) {
  startedLoading.push(loading);
}

/** Settles once every deferred part the page started to load is there. */
export function deferredReady(): Promise<unknown> {
  return Promise.all(startedLoading);
}

/** How a deferred part shows that its code cannot be had. */
export type NoticeKind = "inline" | "floating" | null;

export interface DeferredModule<M> {
  /**
   * A component of the module, drawn in a Suspense boundary of its own.
   * `notice` says, from its props, how it shows that its code cannot be had:
   * in its place (the default), floating over the page (a dialog: its place
   * is none), or not at all (a closed dialog, a menu).
   */
  component<Name extends keyof M>(name: Name, notice?: (props: object) => NoticeKind): M[Name];
  /** The module, once it is there (at once on the server). */
  load(): Promise<M>;
  /**
   * Whether the module is there in the browser (false on the server and
   * while the page hydrates). A part drawn by the server as plain markup (a
   * link, a `<details>`) and by the browser with the module's components
   * switches on this, not on hydration alone: until the chunk arrives the
   * server's markup stays, working as it does without JavaScript, instead of
   * a gap that moves the page around it; if the chunk cannot be had it
   * stays for good.
   */
  useLoaded(): boolean;
}

export function deferredModule<M extends object>(
  serverModule: M | undefined,
  load: () => Promise<M>,
): DeferredModule<M> {
  let loaded = serverModule;
  const failure = failureNotice();
  // Tried twice: if the chunk cannot be had (offline, a deploy in between),
  // the components keep the server's markup rather than replacing the page
  // with an error; one first drawn in the browser says so (`Unavailable`).
  const loading: Promise<M> | undefined = loaded
    ? undefined
    : load()
        .catch(() => new Promise((retry) => setTimeout(retry, 1000)).then(load))
        .then((module) => {
          loaded = module;
          return module;
        });
  const settled = loading?.catch(() => {
    failure.fail();
    return new Promise<never>(() => {});
  });
  if (settled) loadingAtStart(settled);
  const arrival = new Set<() => void>();
  loading?.then(
    () => {
      for (const listener of arrival) listener();
    },
    () => {},
  );
  const subscribe = (listener: () => void) => {
    arrival.add(listener);
    return () => {
      arrival.delete(listener);
    };
  };
  const isLoaded = () => loaded !== undefined;
  const notYet = () => false;

  // Set inside a part of this module: its inner parts (a menu's button in
  // its menu) render with it, in its boundary. Boundaries nested in one
  // another would be sent apart from the page's markup by the server's stream.
  const Inside = createContext(false);

  return {
    component(name, notice = () => "inline") {
      const Loaded = (props: object) => {
        const module = loaded ?? use(settled as Promise<M>);
        return createElement(module[name] as ComponentType<object>, props);
      };
      const Deferred = (props: object) =>
        useContext(Inside) ? (
          <Loaded {...props} />
        ) : (
          <Inside value={true}>
            <Suspense fallback={<Unavailable failure={failure} kind={notice(props)} />}>
              <Loaded {...props} />
            </Suspense>
          </Inside>
        );
      Deferred.displayName = `Deferred${String(name)}`;
      return Deferred as M[typeof name];
    },
    load: () => (loaded ? Promise.resolve(loaded) : (loading as Promise<M>)),
    // The server's snapshot: the page as drawn before it runs.
    useLoaded: () => useSyncExternalStore(subscribe, isLoaded, notYet),
  };
}

type FailureNotice = ReturnType<typeof failureNotice>;

/** Whether a deferred module's chunk could not be had, for the parts waiting on it. */
function failureNotice() {
  let failed = false;
  const listeners = new Set<() => void>();
  return {
    fail() {
      failed = true;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    failed: () => failed,
  };
}

/**
 * What a part first drawn in the browser (a dialog's form) shows while its
 * code is on its way: nothing; once the code cannot be had, that it is
 * missing and a way to reload the page. Not seen while the page hydrates:
 * a boundary waiting there keeps the server's markup.
 */
function Unavailable({ failure, kind }: { failure: FailureNotice; kind: NoticeKind }) {
  const { t } = useTranslation();
  const failed = useSyncExternalStore(failure.subscribe, failure.failed, () => false);
  if (!failed || kind === null) return null;
  const floating =
    kind === "floating"
      ? " fixed inset-x-4 top-20 z-50 mx-auto max-w-md rounded-lg bg-white p-4 shadow-xl ring-1 ring-red-200"
      : "";
  return (
    <p role="alert" className={`text-sm text-red-700${floating}`} data-testid="part-unavailable">
      {t("errors.partUnavailable")}{" "}
      <button type="button" className="btn-link" onClick={() => window.location.reload()}>
        {t("errors.reload")}
      </button>
    </p>
  );
}
