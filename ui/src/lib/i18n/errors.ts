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
  for (const slot of ["what", "field", "language"] as const) {
    const word = params?.[slot];
    // i18next reads "." and ":" in a key as separators: such a word is not one of ours
    if (!word || /[.:]/.test(word) || !i18next.exists(`errors.${slot}.${word}`)) continue;
    out[slot] = (t as unknown as (k: string) => string)(`errors.${slot}.${word}`);
  }
  return out;
}

/**
 * One part of an error about several things (a file an import refused): what
 * it is about, and why as a code with its slots (`ErrorItem` in the bindings;
 * a text left out, `LeftOut`, has the same fields).
 */
export interface ErrorPart {
  file?: string | null;
  code: string;
  params: Record<string, string>;
  message: string;
}

/** Each part on a line of its own, "file: why" in the interface's language. */
export function partsText(parts: readonly ErrorPart[]): string {
  return parts
    .map((p) => {
      const reason = errorText(p.code, p.params, p.message);
      return p.file ? (t as unknown as (k: string, o: Record<string, string>) => string)("errors.item", { file: p.file, reason }) : reason;
    })
    .join("\n");
}

/**
 * The message of `code` with `params`, or `fallback` for an unknown code.
 * An error's `items` (the files an import refused, each with its reason's
 * code) fill the sentence's `items` slot, one line each.
 */
export function errorText(
  code: string | null | undefined,
  params: Record<string, string> | undefined,
  fallback: string,
  items: readonly ErrorPart[] = [],
): string {
  void locale(); // read, so a template showing it follows a change of language
  if (!code) return fallback;
  const key = `errors.${code}`;
  if (!i18next.exists(key)) return fallback;
  const slots: Record<string, unknown> = { ...params, ...words(params) };
  if (items.length) slots.items = partsText(items);
  // A fault inside a part of a file (a card, an annotation): the part's own
  // code in `cause`, its values beside the part's; said as its own sentence.
  const cause = params?.cause;
  if (cause) {
    if (!i18next.exists(`errors.${cause}`)) return fallback;
    slots.cause = errorText(cause, { ...params, cause: "" }, fallback);
  }
  const text: unknown = (t as unknown as (k: string, o: Record<string, unknown>) => unknown)(key, slots);
  return typeof text === "string" ? text : fallback;
}
