// Small pure helpers of the views (unit-tested in view.test.ts).

import type { DisplayScript } from "../bindings/DisplayScript";
import type { LibraryView } from "../bindings/LibraryView";
import type { PassageView } from "../bindings/PassageView";
import { textLang } from "../common/lang.svelte";

/**
 * The `lang` of Sheli's own Chinese labels and of traditional texts shown in
 * `script` (a text of a known edition: lang.svelte.ts's `sourceLang`).
 */
export function scriptLang(script: DisplayScript): "zh-Hant" | "zh-Hans" {
  return textLang(script, "traditional");
}

/**
 * Keeps the edition the reader had chosen if it still exists, else the
 * first edition that has passages, else the first edition.
 */
export function chooseEdition(lib: LibraryView, previous: string | null): string | null {
  const all = lib.works.flatMap((w) => w.editions);
  if (previous && all.some((e) => e.source === previous)) return previous;
  return (all.find((e) => e.passages > 0) ?? all[0])?.source ?? null;
}

/** What heading (if any) goes before passage `i`: a new section, or the start of the 記. */
export function headingBefore(list: readonly PassageView[], i: number): { section: string | null; ji: boolean } | null {
  const p = list[i];
  const prev = i > 0 ? list[i - 1] : null;
  const sectionChanged = p.section !== null && p.section !== (prev?.section ?? null);
  const jiStarts = p.ji && !(prev?.ji ?? false);
  if (!sectionChanged && !jiStarts) return null;
  return { section: sectionChanged ? p.section : null, ji: jiStarts };
}

/** The window of passages to load around ordinal `at`: a few before, more after. */
export function windowAround(at: number, total: number, before = 5, size = 40): { start: number; count: number } {
  const start = Math.max(1, at - before);
  const end = Math.min(Math.max(total, at), start + size - 1);
  return { start, count: Math.max(1, end - start + 1) };
}

/**
 * The passages shown with `more` put in, in order, each once: a passage
 * already shown keeps its object (and so its nodes and the focus). The
 * window around an opened passage and Later/Earlier (j past the last
 * passage shown) may come back over one another; two of one id would break
 * the reader's keyed list.
 */
export function mergePassages(shown: readonly PassageView[], more: readonly PassageView[]): PassageView[] {
  const byId = new Map(more.map((p) => [p.id, p]));
  for (const p of shown) byId.set(p.id, p);
  return [...byId.values()].sort((a, b) => a.ordinal - b.ordinal);
}

/** Splits a 疏 at the index where its part on the 注 begins. */
export function splitShu(text: string, at: number | null): [string, string] {
  if (at === null) return [text, ""];
  const chars = Array.from(text);
  return [chars.slice(0, at).join(""), chars.slice(at).join("")];
}
