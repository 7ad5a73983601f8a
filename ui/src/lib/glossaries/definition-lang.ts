// The lang of a card's definition as the user keeps it: a built-in card's
// is English quoting Chinese (its Chinese runs get their own lang through
// Mixed.svelte), a definition of the user's may be Chinese only. Said
// outright, so that a screen reader in the Chinese interface still reads an
// English definition in English.

import { userTextLang } from "../common/lang.svelte";

/** "en" for text with English words, "zh" for Chinese alone, else unsaid. */
export function definitionLang(text: string): "en" | "zh" | undefined {
  if (/[A-Za-z]{2,}/.test(text)) return "en";
  return userTextLang(text);
}
