// A backend error in the interface's language. Every error the backend sends
// has a stable code (`query.unclosed_quote`) and the values of its slots
// besides its English sentence (src-tauri/src/app/error.rs); the sentence of
// `errors.<code>` in ui/src/locales/<language>/errors.json is written with
// them. A code this UI does not know (a newer backend, a test's payload)
// falls back to the English sentence: an error is never hidden. Every input
// check of the backend has its own code (`app.input.*`), so no reason
// reaches a Chinese interface as English free text.
// errors.test.ts checks that every code the backend lists
// (ui/src/locales/error-codes.json, written by `make bindings`) has a
// sentence in every language.

import i18next from "i18next";

import { locale, t } from "./i18n.svelte";

/**
 * The slots that hold a word of the backend's rather than a value: `what`
 * (passage, glossary, note…) names the kind of thing an id or a name is of,
 * `field` the field a value was refused for (a name, the headword…); both
 * are said in the interface's language (`errors.what.<word>`,
 * `errors.field.<phrase>`), so "段落編號" is not written "passage編號". A word
 * without a translation stays as sent.
 */
function words(params: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const slot of ["what", "field"] as const) {
    const word = params?.[slot];
    // i18next reads "." and ":" in a key as separators: such a word is not one of ours
    if (!word || /[.:]/.test(word) || !i18next.exists(`errors.${slot}.${word}`)) continue;
    out[slot] = (t as unknown as (k: string) => string)(`errors.${slot}.${word}`);
  }
  return out;
}

/** The message of `code` with `params`, or `fallback` for an unknown code. */
export function errorText(code: string | null | undefined, params: Record<string, string> | undefined, fallback: string): string {
  void locale(); // read, so a template showing it follows a change of language
  if (!code) return fallback;
  const key = `errors.${code}`;
  if (!i18next.exists(key)) return fallback;
  const text: unknown = (t as unknown as (k: string, o: Record<string, unknown>) => unknown)(key, { ...params, ...words(params) });
  return typeof text === "string" ? text : fallback;
}
