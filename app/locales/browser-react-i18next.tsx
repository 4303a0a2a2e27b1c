/**
 * The browser's react-i18next: `useTranslation`, `I18nextProvider` and
 * `initReactI18next` over the browser's i18next (browser-i18next.ts). The
 * browser build resolves `react-i18next` to this module (vite.config.ts);
 * the server keeps the real one.
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from "react";
import i18next, { type BrowserI18n, type TFunction } from "./browser-i18next.ts";

const I18nContext = createContext<BrowserI18n>(i18next);

export const initReactI18next = { type: "3rdParty", init() {} };

export function I18nextProvider({ i18n, children }: { i18n: BrowserI18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** The `t` of the current language; components render again when it changes. */
export function useTranslation(): { t: TFunction; i18n: BrowserI18n; ready: boolean } {
  const i18n = useContext(I18nContext);
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  return { t: i18n.getFixedT(language), i18n, ready: true };
}
