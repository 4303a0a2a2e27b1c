/**
 * The browser's i18next: the part of its API the portal uses, in a few
 * hundred bytes instead of fifteen kilobytes. The browser build resolves
 * `i18next` to this module (vite.config.ts); the server keeps the real one,
 * and a unit test (tests/unit/browser-i18n.test.ts) checks that both
 * translate every key of both languages alike.
 *
 * What it does, as i18next does with the portal's options: keys are paths
 * separated by dots in the `translation` namespace; `{{name}}` is replaced by
 * the option of that name, unescaped (`escapeValue: false`), and left as it
 * is when there is none; `count` picks a `key_one`/`key_other`… form when one
 * exists; `returnObjects` returns lists and objects with their strings
 * interpolated (without it, i18next's notice that the key is an object); a
 * missing key falls back to the fallback language, then to `defaultValue`,
 * then to the key itself.
 */

type Tree = { [key: string]: unknown };
type Options = { [key: string]: unknown };
export type Resource = Record<string, Record<string, unknown>>;
export type TFunction = (key: string | string[], options?: Options) => unknown;

interface InitOptions {
  resources?: Resource;
  lng?: string;
  fallbackLng?: string | false;
}

function lookup(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

function interpolate(text: string, options: Options): string {
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (match, name: string) => {
    const value = lookup(options, name);
    return value === undefined ? match : String(value);
  });
}

function interpolateDeep(value: unknown, options: Options): unknown {
  if (typeof value === "string") return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, options));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, options)]),
    );
  }
  return value;
}

export class BrowserI18n {
  language = "";
  languages: string[] = [];
  isInitialized = false;
  private store: Resource = {};
  private fallbackLng: string | false = false;
  private listeners = new Set<() => void>();

  use(_plugin: unknown): this {
    return this;
  }

  async init(options: InitOptions = {}): Promise<TFunction> {
    this.store = { ...options.resources };
    this.fallbackLng = options.fallbackLng ?? false;
    this.setLanguage(options.lng ?? (this.fallbackLng || ""));
    this.isInitialized = true;
    return this.t;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store[lng]?.[ns] !== undefined;
  }

  addResourceBundle(lng: string, ns: string, bundle: unknown): this {
    this.store[lng] = { ...this.store[lng], [ns]: bundle };
    return this;
  }

  async changeLanguage(lng: string): Promise<TFunction> {
    this.setLanguage(lng);
    for (const listener of this.listeners) listener();
    return this.t;
  }

  /** Calls `listener` after every change of language; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  t: TFunction = (key, options = {}) => this.translate(this.language, key, options);

  private fixed = new Map<string, TFunction>();

  /** The `t` of one language (the same function on every call, like i18next's). */
  getFixedT(lng: string): TFunction {
    let t = this.fixed.get(lng);
    if (!t) {
      t = (key, options = {}) => this.translate(lng, key, options);
      this.fixed.set(lng, t);
    }
    return t;
  }

  private setLanguage(lng: string) {
    this.language = lng;
    this.languages = this.fallbackLng && this.fallbackLng !== lng ? [lng, this.fallbackLng] : [lng];
  }

  private translate(lng: string, keys: string | string[], options: Options): unknown {
    const languages =
      this.fallbackLng && this.fallbackLng !== lng ? [lng, this.fallbackLng] : [lng];
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      for (const language of languages) {
        const tree = this.store[language]?.translation;
        const count = options.count;
        const candidates =
          typeof count === "number"
            ? [`${key}_${new Intl.PluralRules(language).select(count)}`, key]
            : [key];
        for (const candidate of candidates) {
          const value = lookup(tree, candidate);
          if (typeof value === "string") return interpolate(value, options);
          if (value !== null && typeof value === "object") {
            return options.returnObjects
              ? interpolateDeep(value, options)
              : `key '${candidate} (${language})' returned an object instead of string.`;
          }
        }
      }
    }
    if (options.defaultValue !== undefined)
      return interpolate(String(options.defaultValue), options);
    return Array.isArray(keys) ? (keys[keys.length - 1] ?? "") : keys;
  }
}

export function createInstance(): BrowserI18n {
  return new BrowserI18n();
}

const i18next = new BrowserI18n();
export default i18next;
