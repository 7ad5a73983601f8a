// The plan's information in words: a figure's accessible name, what places
// it (the basis of its move), the commentators' other readings, and the
// sentence announced when the plan steps. Chinese pieces are kept apart from
// the English around them (`Piece`), so each can carry its own lang: the
// plan's names (figures, places, facings, layers) are traditional; a quote
// is in its edition's own script (the 大射儀's 通解 is simplified).

import type { Alternative } from "../bindings/Alternative";
import type { Figure } from "../bindings/Figure";
import type { Move } from "../bindings/Move";
import type { StageView } from "../bindings/StageView";
import { passageLang, type ChineseLang } from "../common/lang.svelte";

/** A run of text: English, or Chinese (with its `lang`), or a passage id (a link). */
export type Piece = { text: string; lang?: ChineseLang; passage?: string };

const zh = (text: string, lang: ChineseLang = "zh-Hant"): Piece => ({ text, lang });
const en = (text: string): Piece => ({ text });

/** The lang of words quoted from a passage: its edition's own script. */
export function quoteLang(passage: string): ChineseLang {
  return passageLang("original", passage);
}

/** The figure's accessible name: "司射, 西階西, 北面" (no facing when none is known). */
export function figureName(f: Figure): string {
  return [f.actor, f.at.place, f.facing].filter(Boolean).join(", ");
}

/** Where the move's place comes from, in words (`passage`: the move's). */
export function basisPieces(m: Move, passage: string): Piece[] {
  switch (m.basis) {
    case "經":
      return [en("stated by the "), zh("經")];
    case "carried":
      return m.from ? [en("carried from "), { text: m.from, passage: m.from }] : [en("carried from an earlier step")];
    default: {
      const out: Piece[] = [en("read from the "), zh(m.basis)];
      if (m.basis_quote) out.push(en(": "), zh(`「${m.basis_quote}」`, quoteLang(m.basis_passage ?? passage)));
      if (m.basis_passage) out.push(en(" in "), { text: m.basis_passage, passage: m.basis_passage });
      return out;
    }
  }
}

/** "the 疏 reads: 西階西 東面 「…」" (`passage`: the move's) */
export function alternativePieces(a: Alternative, passage: string): Piece[] {
  const out: Piece[] = [
    en("the "),
    zh(a.by),
    en(" reads: "),
    zh([a.place, a.facing].filter(Boolean).join(" ")),
    en(" "),
    zh(`「${a.quote}」`, quoteLang(a.passage ?? passage)),
  ];
  if (a.passage) out.push(en(" in "), { text: a.passage, passage: a.passage });
  return out;
}

/** As plain text (tests, titles). */
export function plain(pieces: readonly Piece[]): string {
  return pieces.map((p) => p.text).join("");
}

/** What one figure does in this step, for the announcement. */
function moveSummary(f: Figure): Piece[] {
  if (f.came_from) return [zh(f.actor), en(" moves to "), zh(f.at.place)];
  return [zh(f.actor), en(" at "), zh(f.at.place)];
}

/** "Step 19 of 408: 眾賓 moves to 門左; 賓 at 門左" */
export function announcement(v: StageView): Piece[] {
  const out: Piece[] = [en(`Step ${v.index + 1} of ${v.count}: `)];
  const moved = v.figures.filter((f) => f.moved);
  if (!moved.length) {
    out.push(en("nobody moves"));
    return out;
  }
  moved.forEach((f, i) => {
    if (i) out.push(en("; "));
    out.push(...moveSummary(f));
  });
  return out;
}
