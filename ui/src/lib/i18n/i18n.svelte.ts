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

import { resources } from "./resources";

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

void i18next.init({
  lng: "en",
  fallbackLng: "en",
  resources,
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

/** Switches the interface (and the document's `lang`) to `l`. */
export function setLocale(l: Locale): void {
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
