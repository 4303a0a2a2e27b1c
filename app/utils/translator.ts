import type { TFunction } from "i18next";

/**
 * The browser's translator: what i18next does with the portal's texts, and
 * nothing more, in a fraction of its weight (i18next and react-i18next were
 * 18 KB of every page's first load). The texts use keys as paths in nested
 * groups, `{{name}}` placeholders and lists of texts (`returnObjects`); the
 * pages add `defaultValue` for messages that may not be keys. Plurals,
 * nesting (`$t(…)`), formats and contexts are not used, and not known here:
 * `tests/unit/translator.test.ts` checks that the texts use nothing else and
 * that this translator answers exactly what i18next answers for every key of
 * both languages (docs/decisions/2026-11-26-browser-translator.md). The
 * server keeps i18next.
 */
type Texts = Record<string, unknown>;

interface Options {
  defaultValue?: unknown;
  returnObjects?: boolean;
  [name: string]: unknown;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

export class Translator {
  language = "";
  isInitialized = false;
  private fallbackLanguage = "";
  private readonly texts = new Map<string, Texts>();
  private readonly listeners = new Set<() => void>();
  private readonly fixed = new Map<string, TFunction>();

  init(options: {
    resources: Record<string, { translation: object }>;
    lng: string;
    fallbackLng: string;
  }) {
    for (const [language, { translation }] of Object.entries(options.resources)) {
      this.texts.set(language, translation as Texts);
    }
    this.language = options.lng;
    this.fallbackLanguage = options.fallbackLng;
    this.isInitialized = true;
  }

  hasResourceBundle(language: string, _namespace: "translation"): boolean {
    return this.texts.has(language);
  }

  /** Adds texts to a language, group by group: the same as i18next's `deep` and `overwrite`. */
  addResourceBundle(language: string, _namespace: "translation", texts: object): void {
    this.texts.set(language, merged(this.texts.get(language) ?? {}, texts as Texts));
  }

  changeLanguage(language: string): Promise<void> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of this.listeners) listener();
    }
    return Promise.resolve();
  }

  /** For `useSyncExternalStore`: a language change re-renders what translates. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The translate function of one language, the same function each time (stable for React). */
  fixedT(language: string): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = ((key: string, options?: Options) => this.translate(language, key, options)) as TFunction;
      this.fixed.set(language, t);
    }
    return t;
  }

  t: TFunction = ((key: string, options?: Options) =>
    this.translate(this.language, key, options)) as TFunction;

  private lookup(language: string, key: string): unknown {
    for (const from of language === this.fallbackLanguage
      ? [language]
      : [language, this.fallbackLanguage]) {
      const found = pathIn(this.texts.get(from), key);
      if (found !== undefined && found !== null) return found;
    }
    return undefined;
  }

  private translate(language: string, key: string, options: Options = {}): unknown {
    const found = this.lookup(language, key);
    const missing = found === undefined;
    const text = missing && "defaultValue" in options ? options.defaultValue : found;
    if (text && typeof text === "object") {
      if (!options.returnObjects)
        return `key '${key} (${this.language})' returned an object instead of string.`;
      const copy: Record<string, unknown> = Array.isArray(text)
        ? ([] as unknown as Record<string, unknown>)
        : {};
      for (const [name, value] of Object.entries(text)) {
        const deepKey = `${key}.${name}`;
        const translated = this.translate(
          language,
          deepKey,
          missing ? { ...options, defaultValue: undefined } : options,
        );
        copy[name] = translated === deepKey ? value : translated;
      }
      return copy;
    }
    if (text === undefined || text === null) return interpolate(key, options);
    return typeof text === "string" ? interpolate(text, options) : text;
  }
}

/** A dot path in nested groups (keys have no dots of their own). */
function pathIn(texts: Texts | undefined, key: string): unknown {
  let current: unknown = texts;
  for (const name of key.split(".")) {
    if (!current || typeof current !== "object" || !Object.hasOwn(current, name)) return undefined;
    current = (current as Texts)[name];
  }
  return current;
}

/** `{{name}}` filled from the options; a placeholder without a value stays as written, as in i18next. */
function interpolate(text: string, values: Options): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const trimmed = name.trim();
    const value = values[trimmed];
    if (value === undefined) return Object.hasOwn(values, trimmed) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

function merged(into: Texts, texts: Texts): Texts {
  const result: Texts = { ...into };
  for (const [name, value] of Object.entries(texts)) {
    const existing = result[name];
    result[name] =
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      existing &&
      typeof existing === "object"
        ? merged(existing as Texts, value as Texts)
        : value;
  }
  return result;
}

/** The browser's one translator: the entry starts it, translation areas add to it (../locales/areas.ts). */
export const browserTranslator = new Translator();
