// The interface's language: English, 繁體中文 or 简体中文 (the texts keep
// their own script; see common/lang.svelte.ts). Messages live in
// ui/src/locales/<language>/<feature>.json, never in components; components
// call `t("feature.key", { … })`, which re-renders when the language changes
// because it reads `current`, a rune.
//
// i18next (MIT) does the lookup, interpolation and plurals (English has
// "1 hit" / "2 hits"; Chinese has one form); numbers and dates go through
// Intl in the chosen language.

import i18next, { type TFunction } from "i18next";

import { messages as en } from "./messages-en";

export const LOCALES = ["zh-Hant", "zh-Hans", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, as a chooser lists them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  "zh-Hant": "繁體中文",
  "zh-Hans": "简体中文",
  en: "English",
};

export function isLocale(s: unknown): s is Locale {
  return typeof s === "string" && (LOCALES as readonly string[]).includes(s);
}

let current: Locale = $state("en");
/** The language last asked for: a switch still loading its messages is not undone by an older one. */
let wanted: Locale = "en";

// English is in the bundle (the reference and the fallback); the two others
// load when first spoken: a start parses one language's messages, not three
// (~50 KB of the script of the first view; issue 12's start-up).
const loaders: Record<Exclude<Locale, "en">, () => Promise<{ messages: unknown }>> = {
  "zh-Hant": () => import("./messages-zh-Hant"),
  "zh-Hans": () => import("./messages-zh-Hans"),
};
const loading = new Map<Locale, Promise<void>>();

void i18next.init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: en } },
  // Bundled messages: ready before the first component renders.
  initAsync: false,
  // Svelte escapes what it puts in the page; escaping here would show &amp;.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The message `key` in the interface's language (reactive in templates). */
export const t: TFunction = ((...args: Parameters<TFunction>) => {
  void current; // read, so that templates re-render on a change of language
  return (i18next.t as unknown as (...a: unknown[]) => string)(...args);
}) as TFunction;

/** The interface's language now. */
export function locale(): Locale {
  return current;
}

/** Whether `l`'s messages are loaded (English always is). */
export function localeLoaded(l: Locale): boolean {
  return i18next.hasResourceBundle(l, "translation");
}

/**
 * Loads `l`'s messages, if they are not yet; resolves when they are. A
 * message file that cannot load rejects (the interface stays as it is).
 */
export function loadLocale(l: Locale): Promise<void> {
  if (l === "en" || localeLoaded(l)) return Promise.resolve();
  let p = loading.get(l);
  if (!p) {
    p = loaders[l]().then(
      (m) => {
        i18next.addResourceBundle(l, "translation", m.messages, true, true);
        loading.delete(l);
      },
      (e: unknown) => {
        loading.delete(l);
        throw e;
      },
    );
    loading.set(l, p);
  }
  return p;
}

/**
 * Switches the interface (and the document's `lang`) to `l`: at once when
 * its messages are loaded (English, or a language spoken before, or loaded
 * by `loadLocale`), else as soon as they are.
 */
export function setLocale(l: Locale): void {
  wanted = l;
  if (localeLoaded(l)) return apply(l);
  loadLocale(l).then(
    () => {
      if (wanted === l) apply(l);
    },
    () => {},
  );
}

function apply(l: Locale): void {
  if (l === current) return;
  void i18next.changeLanguage(l);
  current = l;
  formatters.clear();
  if (typeof document !== "undefined") document.documentElement.lang = l;
}

/**
 * The lang of Chinese words inside the interface's own sentences (a radical
 * in "Radical 148 角", the 經 in a hint, a title's gloss): the interface's
 * script when it speaks Chinese, the traditional characters Sheli writes
 * them in when it speaks English.
 */
export function interfaceZh(): "zh-Hant" | "zh-Hans" {
  return current === "zh-Hans" ? "zh-Hans" : "zh-Hant";
}

// Intl's formatters are costly to make and a list formats many numbers:
// one per language and options, dropped when the language changes.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/** A number as the interface's language writes it (1,450; 1,450). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return formatter(`n${JSON.stringify(options ?? {})}`, () => new Intl.NumberFormat(current, options)).format(n);
}

/** A date (and time, if asked) as the interface's language writes it. */
export function formatDate(d: Date | number | string, options?: Intl.DateTimeFormatOptions): string {
  const date = d instanceof Date ? d : new Date(d);
  const opts = options ?? { dateStyle: "medium" };
  return formatter(`d${JSON.stringify(opts)}`, () => new Intl.DateTimeFormat(current, opts)).format(date);
}

/**
 * A sentence kept to be shown later (a notice, a status line, an
 * announcement): the lookup itself, `() => t("notes.imported.summary", …)`,
 * not the text it gave, so a notice already on screen follows a change of
 * language. Written out with `said`.
 */
export type Said = () => string;

/** Nothing to say: what a cleared notice holds. */
export const SILENT: Said = () => "";

/** The text of `s` in the interface's language now. */
export function said(s: Said | string): string {
  return typeof s === "string" ? s : s();
}
