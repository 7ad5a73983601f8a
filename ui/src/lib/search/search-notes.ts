// How the query was read, said beside the results: the backend's notes come
// in English (index/src/query/parser.rs, where the CLI prints them as they
// are). The window says the ones it knows in the interface's language,
// recognising them by their fixed wording — pinned on the Rust side by
// index/tests/query_language.rs — and shows any other note as it came, so a
// note reworded there is still shown, in English, never lost.

import { t } from "../i18n/i18n.svelte";

const KNOWN: { pattern: RegExp; say: (m: RegExpExecArray) => string }[] = [
  {
    // `zhuren` unquoted: not a syllable
    pattern: /^`([^`]+)` is not a pinyin syllable \(e\.g\. zhi4, zhì, bi1\), so it is searched as written$/,
    say: (m) => t("search.notes.notPinyin", { term: m[1] }),
  },
  {
    // "zhu3 ren2": quotes make a Latin word literal (the outside tester's finding K, h5)
    pattern: /^in quotes `([^`]+)` is searched as written, not as pinyin; for syllables side by side write (.+)$/,
    say: (m) => t("search.notes.quotedPinyin", { term: m[1], near: m[2] }),
  },
];

/** A note of the backend's in the interface's language (as it came when not one the window knows). */
export function noteText(note: string): string {
  for (const k of KNOWN) {
    const m = k.pattern.exec(note);
    if (m) return k.say(m);
  }
  return note;
}
