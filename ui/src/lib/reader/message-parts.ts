// A message with markup inside it: a link, an input, a <kbd>, a Chinese
// word that needs its own `lang`. The message file keeps the whole sentence
// (a translation may put the pieces in another order: "passage {{n}}" is
// "第 {{n}} 段"), each piece a placeholder; the component asks for the
// message with `slots(…)` as the placeholders' values, cuts it with
// `messageParts`, and renders each slot itself, in the order the language
// puts them.

import { interfaceZh } from "../i18n/i18n.svelte";

// A private-use character: never in a message, never in the texts.
const MARK = "\uE000";

/** Placeholder values that mark where each named slot stands. */
export function slots<K extends string>(...names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((n) => [n, `${MARK}${n}${MARK}`])) as Record<K, string>;
}

export type MessagePart = { text: string; slot: null } | { text: ""; slot: string };

/** A message asked for with `slots(…)`, cut into its text and its slots. */
export function messageParts(message: string): MessagePart[] {
  return message
    .split(MARK)
    .map((piece, i): MessagePart => (i % 2 ? { text: "", slot: piece } : { text: piece, slot: null }))
    .filter((p) => p.slot !== null || p.text !== "");
}

/**
 * The word 經 inside a sentence of the interface, with its `lang`:
 * simplified in 简体中文, traditional in the other two (English speaks of
 * the 經 by its Chinese name).
 */
export function jingWord(): { text: string; lang: string } {
  const lang = interfaceZh();
  return { text: lang === "zh-Hans" ? "经" : "經", lang };
}
