// The study sheet: a passage or a run of passages laid out for paper — the
// chosen layers, the translation, the user's notes on them, the glossary
// cards their words use, each passage with its citation. StudySheet.svelte
// shows it and prints it (`window.print()`, the @media print rules of
// study-sheet.css); "Save as HTML" writes the same sheet as one
// self-contained file (this module's `sheetDocument`, saved by the backend
// into the exports folder, never over a file).

import type { CardSummary } from "../bindings/CardSummary";
import type { HeadwordIndex } from "../chars/headwords";
import { escapeHtml } from "./citation";
import { termsIn } from "../cards/terms";

/** Most passages on one sheet (a sheet is read on paper, not a book). */
export const SHEET_MAX = 40;

/**
 * The passages `from`..`to` (ordinals, either order) as a range to load,
 * inside 1..`total` and at most SHEET_MAX long (cut at the end).
 */
export function sheetRange(from: number, to: number, total: number): { start: number; count: number } {
  const clamp = (n: number) => Math.min(Math.max(1, Math.round(Number.isFinite(n) ? n : 1)), Math.max(1, total));
  const [x, y] = [clamp(from), clamp(to)];
  const [a, b] = [Math.min(x, y), Math.max(x, y)];
  return { start: a, count: Math.min(b - a + 1, SHEET_MAX) };
}

/**
 * A passage number as typed: ASCII or full-width digits (an IME in
 * full-width mode types １０), anything else ignored; NaN when there is no
 * digit.
 */
export function typedOrdinal(text: string): number {
  const digits = text.normalize("NFKC").replace(/[^0-9]/g, "");
  return digits ? Number(digits) : NaN;
}

/**
 * The glossary cards whose terms occur in `texts`, each once, in the order
 * they are first met (the reader's term links, terms.ts: the longest form
 * at each place).
 */
export function cardsUsed(index: HeadwordIndex, texts: readonly string[]): CardSummary[] {
  const seen = new Map<string, CardSummary>();
  for (const t of texts) {
    for (const r of termsIn(index, t)) {
      for (const c of r.cards) if (!seen.has(c.id)) seen.set(c.id, c);
    }
  }
  return [...seen.values()];
}

/**
 * The sheet as one HTML document: its own styles inline (no file beside it,
 * no script, nothing fetched), the interface's language on the document and
 * each Chinese text's own on its element, as in the window.
 */
export function sheetDocument(title: string, body: string, css: string, lang: string): string {
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(lang)}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="generator" content="Sheli">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`,
    "</head>",
    '<body class="sheet-file">',
    body,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
