import type { i18n as I18n, TFunction } from "i18next";
import { createContext, useContext, useSyncExternalStore } from "react";
import { browserTranslator } from "./translator.ts";

/** The request's i18next instance, for the server's rendering (app/entry.server.tsx provides it). */
export const RequestI18n = createContext<I18n | null>(null);

/** What pages use of the translator: the same on the server (i18next) and in the browser. */
interface LanguageOwner {
  language: string;
  hasResourceBundle(language: string, namespace: "translation"): boolean;
  addResourceBundle(language: string, namespace: "translation", texts: object): unknown;
  changeLanguage(language: string): Promise<unknown>;
}

interface Translation {
  t: TFunction;
  i18n: LanguageOwner;
}

/**
 * The one way components translate: `const { t, i18n } = useTranslation()`.
 *
 * In the browser it is the portal's small translator (./translator.ts, i18next
 * stays on the server), and a language change re-renders every component
 * that translates. On the server a page is rendered once per request, with
 * the request's i18next instance (`RequestI18n`); a wrapper of it per
 * component that translates (as react-i18next's hook makes) was a tenth of
 * the order page's rendering time, so the hook returns one translator per request instead,
 * which remembers plain lookups (a key without options, or a list of plain
 * texts with `returnObjects`) per language, since the resources never change
 * while the server runs.
 */
export function useTranslation(): Translation {
  if (import.meta.env.SSR) {
    // A build-time constant: each bundle always takes the same branch.
    // biome-ignore lint/correctness/useHookAtTopLevel: the condition never changes at run time
    const i18n = useContext(RequestI18n);
    if (!i18n)
      throw new Error("A page was rendered on the server without the request's translator");
    return serverTranslation(i18n);
  }
  // biome-ignore lint/correctness/useHookAtTopLevel: the condition never changes at run time
  const language = useSyncExternalStore(
    browserTranslator.subscribe,
    () => browserTranslator.language,
    () => browserTranslator.language,
  );
  return { t: browserTranslator.fixedT(language), i18n: browserTranslator };
}

const perRequest = new WeakMap<I18n, Translation>();
/** Plain lookups by language; bounded by the number of keys in the resources. */
const plainLookups = new Map<string, Map<string, string>>();
/** Templates by language and key, split at their `{{name}}` placeholders; null when not that simple. */
const templates = new Map<string, Map<string, string[] | null>>();
/** Options that change how i18next resolves a key: those calls always go through i18next. */
const RESOLVING_OPTIONS = new Set([
  "context",
  "defaultValue",
  "lng",
  "lngs",
  "ns",
  "ordinal",
  "replace",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "skipInterpolation",
  "keySeparator",
  "nsSeparator",
  "fallbackLng",
]);
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/;

function byLanguage<T>(store: Map<string, Map<string, T>>, language: string): Map<string, T> {
  let entries = store.get(language);
  if (!entries) {
    entries = new Map();
    store.set(language, entries);
  }
  return entries;
}

/**
 * The parts of a template with nothing but `{{name}}` placeholders (odd
 * indexes are the names); null for anything i18next must resolve itself:
 * nesting, formats, plurals, a missing key.
 */
function templateOf(i18n: I18n, key: string): string[] | null {
  const known = byLanguage(templates, i18n.language);
  let parts = known.get(key);
  if (parts === undefined) {
    const raw: unknown = i18n.getResource(i18n.language, "translation", key);
    parts = null;
    if (typeof raw === "string" && !raw.includes("$t(")) {
      const split = raw.split(new RegExp(PLACEHOLDER.source, "g"));
      // Every `{{` must have been a simple placeholder.
      if (split.every((part, index) => index % 2 === 1 || !part.includes("{{"))) parts = split;
    }
    known.set(key, parts);
  }
  return parts;
}

/** Lists of plain texts by language and key (`returnObjects`); null when i18next must resolve them. */
const plainLists = new Map<string, Map<string, readonly string[] | null>>();

function plainListOf(i18n: I18n, key: string): readonly string[] | null {
  const known = byLanguage(plainLists, i18n.language);
  let list = known.get(key);
  if (list === undefined) {
    const raw: unknown = i18n.getResource(i18n.language, "translation", key);
    list =
      Array.isArray(raw) &&
      raw.every((item) => typeof item === "string" && !item.includes("{{") && !item.includes("$t("))
        ? Object.freeze([...(raw as string[])])
        : null;
    known.set(key, list);
  }
  return list;
}

const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"];
/** Keys by language that have no plural forms: a `count` only fills `{{count}}` in them. */
const singular = new Map<string, Map<string, boolean>>();

function hasNoPluralForms(i18n: I18n, key: string): boolean {
  const known = byLanguage(singular, i18n.language);
  let answer = known.get(key);
  if (answer === undefined) {
    answer = PLURAL_SUFFIXES.every(
      (suffix) =>
        i18n.getResource(i18n.language, "translation", `${key}_${suffix}`) === undefined &&
        i18n.getResource(i18n.language, "translation", `${key}_ordinal_${suffix}`) === undefined,
    );
    known.set(key, answer);
  }
  return answer;
}

/** `template` filled from `values`, or undefined when a value is missing or not a plain one. */
function fill(parts: string[], values: Record<string, unknown>): string | undefined {
  for (const name of Object.keys(values)) {
    if (RESOLVING_OPTIONS.has(name)) return undefined;
  }
  if ("count" in values && typeof values.count !== "number") return undefined;
  let text = "";
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] ?? "";
    if (index % 2 === 0) {
      text += part;
      continue;
    }
    const value = values[part];
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    text += String(value);
  }
  return text;
}

function isOnlyReturnObjects(values: unknown): boolean {
  if (!values || typeof values !== "object") return false;
  const names = Object.keys(values);
  return names.length === 1 && (values as { returnObjects?: unknown }).returnObjects === true;
}

/** The translator of one request's i18next instance (exported for its test). */
export function serverTranslation(i18n: I18n | undefined): Translation {
  if (!i18n) throw new Error("useTranslation needs the I18nextProvider of the request");
  const known = perRequest.get(i18n);
  if (known) return known;
  const translate = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
  const t = ((key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string") return translate(key, ...rest);
    if (rest.length === 0) {
      const lookups = byLanguage(plainLookups, i18n.language);
      let text = lookups.get(key);
      if (text === undefined) {
        text = String(translate(key));
        lookups.set(key, text);
      }
      return text;
    }
    const [values] = rest;
    if (rest.length === 1 && isOnlyReturnObjects(values)) {
      const list = plainListOf(i18n, key);
      if (list) return list;
    }
    if (rest.length === 1 && values && typeof values === "object") {
      const counted = "count" in values;
      const parts = counted && !hasNoPluralForms(i18n, key) ? null : templateOf(i18n, key);
      const text = parts && fill(parts, values as Record<string, unknown>);
      if (text !== undefined && text !== null) return text;
    }
    return translate(key, ...rest);
  }) as unknown as TFunction;
  const translation = { t, i18n };
  perRequest.set(i18n, translation);
  return translation;
}
