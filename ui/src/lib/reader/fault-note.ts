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

/**
 * For each fault mark of a passage, the index of the note that says it: a
 * systematic fault (燕禮's 雲 for 云) is marked at each place it occurs,
 * and said once — every mark of it points at the first one's note.
 */
export function faultNoteIndex(faults: readonly FaultMark[]): number[] {
  const key = (f: FaultMark) => JSON.stringify([f.kind, f.text, f.reading, f.note]);
  const first = new Map<string, number>();
  return faults.map((f, i) => {
    const k = key(f);
    if (!first.has(k)) first.set(k, i);
    return first.get(k)!;
  });
}

/** The faults of a passage to write a note for: each fault once (see faultNoteIndex), with its index. */
export function faultNotes(faults: readonly FaultMark[]): { f: FaultMark; i: number }[] {
  const note = faultNoteIndex(faults);
  return faults.map((f, i) => ({ f, i })).filter(({ i }) => note[i] === i);
}
