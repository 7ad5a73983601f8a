// The plan's information in words, in the interface's language: a figure's
// accessible name, what places it (the basis of its move), the commentators'
// other readings, and the sentence announced when the plan steps. Chinese
// pieces are kept apart from the words around them (`Piece`), so each can
// carry its own lang: the plan's names (figures, places, facings, layers) are
// traditional; a quote is in its edition's own script (the 大射儀's 通解 is
// simplified). A message (ui/src/locales/<language>/stage.json) places its
// pieces where its language puts them ("賓 moves to 門左", "賓移至門左").

import type { ParseKeys } from "i18next";

import type { Alternative } from "../bindings/Alternative";
import type { Figure } from "../bindings/Figure";
import type { Move } from "../bindings/Move";
import type { StageView } from "../bindings/StageView";
import { formatNumber, t } from "../i18n/i18n.svelte";
import { passageLang, type ChineseLang } from "../common/lang.svelte";
import { messageParts, slots } from "../reader/message-parts";

/** A run of text: the interface's words, or Chinese (with its `lang`), or a passage id (a link). */
export type Piece = { text: string; lang?: ChineseLang; passage?: string };

const zh = (text: string, lang: ChineseLang = "zh-Hant"): Piece => ({ text, lang });
const link = (passage: string): Piece => ({ text: passage, passage });

/** What a message's placeholder stands for: words, a piece, or pieces. */
type Part = string | Piece | readonly Piece[];

/**
 * The message `key` as pieces, each placeholder replaced by its part (which
 * keeps its lang or link; cut with the reader's messageParts); `count`, a
 * number, picks the plural form.
 */
export function said(key: ParseKeys, parts: Record<string, Part> = {}, count?: number): Piece[] {
  const options: Record<string, string | number> = slots(...Object.keys(parts));
  if (count !== undefined) options.count = count;
  const text = (t as unknown as (k: string, o: object) => string)(key, options);
  return messageParts(text).flatMap((p): readonly Piece[] => {
    if (p.slot === null) return [{ text: p.text }];
    const part = parts[p.slot];
    return typeof part === "string" ? [{ text: part }] : Array.isArray(part) ? part : [part as Piece];
  });
}

/** The lang of words quoted from a passage: its edition's own script. */
export function quoteLang(passage: string): ChineseLang {
  return passageLang("original", passage);
}

/** The figure's accessible name: "司射, 西階西, 北面" (no facing when none is known). */
export function figureName(f: Figure): string {
  return [f.actor, f.at.place, f.facing].filter(Boolean).join(t("stage.figureSeparator"));
}

/** Where the move's place comes from, in words (`passage`: the move's). */
export function basisPieces(m: Move, passage: string): Piece[] {
  switch (m.basis) {
    case "經":
      return said("stage.basis.stated", { layer: zh("經") });
    case "carried":
      return m.from ? said("stage.basis.carriedFrom", { passage: link(m.from) }) : said("stage.basis.carried");
    default: {
      const out = said("stage.basis.readFrom", { layer: zh(m.basis) });
      if (m.basis_quote)
        out.push(...said("stage.basis.quote", { quote: zh(`「${m.basis_quote}」`, quoteLang(m.basis_passage ?? passage)) }));
      if (m.basis_passage) out.push(...said("stage.basis.in", { passage: link(m.basis_passage) }));
      return out;
    }
  }
}

/** "the 疏 reads: 西階西 東面 「…」" (`passage`: the move's) */
export function alternativePieces(a: Alternative, passage: string): Piece[] {
  const out = said("stage.alternative", {
    by: zh(a.by),
    place: zh([a.place, a.facing].filter(Boolean).join(" ")),
    quote: zh(`「${a.quote}」`, quoteLang(a.passage ?? passage)),
  });
  if (a.passage) out.push(...said("stage.basis.in", { passage: link(a.passage) }));
  return out;
}

/** As plain text (tests, titles). */
export function plain(pieces: readonly Piece[]): string {
  return pieces.map((p) => p.text).join("");
}

/** What one figure does in this step, for the announcement. */
function moveSummary(f: Figure): Piece[] {
  const parts = { actor: zh(f.actor), place: zh(f.at.place) };
  return said(f.came_from ? "stage.announce.movesTo" : "stage.announce.at", parts);
}

/** "Step 19 of 408: 眾賓 moves to 門左; 賓 at 門左" */
export function announcement(v: StageView): Piece[] {
  const out = said("stage.announce.step", { n: formatNumber(v.index + 1), total: formatNumber(v.count) });
  const moved = v.figures.filter((f) => f.moved);
  if (!moved.length) return [...out, ...said("stage.announce.nobodyMoves")];
  moved.forEach((f, i) => {
    if (i) out.push(...said("stage.announce.separator"));
    out.push(...moveSummary(f));
  });
  return out;
}

/** What the plan's scale says: in 丈, to scale or shortened across its breaks. */
export function scalePieces(breaks: readonly { from: number; to: number }[]): Piece[] {
  const zhang = zh("丈");
  if (!breaks.length) return said("stage.drawing.toScale", { zhang });
  const spans: Piece[] = [];
  breaks.forEach((b, i) => {
    if (i) spans.push(...said("stage.drawing.and"));
    spans.push(...said("stage.drawing.span", { from: formatNumber(b.from), to: formatNumber(b.to), zhang }));
  });
  return said("stage.drawing.broken", { zhang, spans });
}
