// What a source fault's sentence is made of: which of its four sentences
// (with or without the other witnesses' reading, with or without a note) and
// its kind in the interface's language.

import type { FaultMark } from "../bindings/FaultMark";
import { t } from "../i18n/i18n.svelte";

export type FaultVariant = "plain" | "reading" | "note" | "readingNote";

/** The sentence a fault is said in: the pieces it has decide. */
export function faultVariant(f: Pick<FaultMark, "reading" | "note">): FaultVariant {
  if (f.reading) return f.note ? "readingNote" : "reading";
  return f.note ? "note" : "plain";
}

// corpus/texts/faults.toml names eight kinds; another is shown as written.
const KINDS = ["typo", "ocr", "split", "misplaced", "debris", "editorial", "conversion", "taboo"] as const;

/** A fault's kind in the interface's language. */
export function faultKind(kind: string): string {
  const k = KINDS.find((x) => x === kind);
  return k ? t(`reader.view.faultKinds.${k}`) : kind;
}
