// The plan's information in words: a figure's accessible name, what places
// it (the basis of its move), the commentators' other readings, and the
// sentence announced when the plan steps. Chinese pieces are kept apart from
// the English around them (`Piece`), so each can carry its own lang.

import type { Alternative } from "./bindings/Alternative";
import type { Figure } from "./bindings/Figure";
import type { Move } from "./bindings/Move";
import type { StageView } from "./bindings/StageView";

/** A run of text: English, or Chinese (`zh`: traditional, as the stage data is). */
export type Piece = { text: string; zh?: boolean; passage?: string };

const zh = (text: string): Piece => ({ text, zh: true });
const en = (text: string): Piece => ({ text });

/** The figure's accessible name: "司射, 西階西, 北面" (no facing when none is known). */
export function figureName(f: Figure): string {
  return [f.actor, f.at.place, f.facing].filter(Boolean).join(", ");
}

/** Where the move's place comes from, in words. */
export function basisPieces(m: Move): Piece[] {
  switch (m.basis) {
    case "經":
      return [en("stated by the "), zh("經")];
    case "carried":
      return m.from ? [en("carried from "), { text: m.from, passage: m.from }] : [en("carried from an earlier step")];
    default: {
      const out: Piece[] = [en("read from the "), zh(m.basis)];
      if (m.basis_quote) out.push(en(": "), zh(`「${m.basis_quote}」`));
      if (m.basis_passage) out.push(en(" in "), { text: m.basis_passage, passage: m.basis_passage });
      return out;
    }
  }
}

/** "the 疏 reads: 西階西 東面 「…」" */
export function alternativePieces(a: Alternative): Piece[] {
  const out: Piece[] = [en("the "), zh(a.by), en(" reads: "), zh([a.place, a.facing].filter(Boolean).join(" ")), en(" "), zh(`「${a.quote}」`)];
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
