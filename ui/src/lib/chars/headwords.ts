// Which glossary card a piece of reader text names.
//
// Built once from `cards()`: every written form of every card, folded as the
// search folds (traditional and simplified, variants: 觯 and 觶, 矦 and 侯
// meet), so a selection or a click in any script and either display finds
// its card. The fold map from the backend covers every character that bears
// on a card; other characters stay as they are. Only ideographs count —
// punctuation and spaces are skipped, as in search.

import type { CardSummary } from "../bindings/CardSummary";

const HAN = /[\p{Script=Han}\u{E000}-\u{F8FF}]/u;

export interface TermMatch {
  /** The cards with this form (most often one). */
  cards: CardSummary[];
  /** The folded form matched. */
  form: string;
  /** Character (code point) range of the match in the text looked at. */
  start: number;
  end: number;
}

export class HeadwordIndex {
  readonly #byForm = new Map<string, CardSummary[]>();
  readonly #fold: Record<string, string>;
  /** Longest folded form, in characters. */
  readonly maxLength: number;

  constructor(cards: readonly CardSummary[], fold: Record<string, string>) {
    this.#fold = fold;
    let max = 0;
    for (const c of cards) {
      const forms = new Set([...c.folded, ...c.forms.map((f) => this.fold(f))].filter((f) => f.length > 0));
      for (const f of forms) {
        const list = this.#byForm.get(f) ?? [];
        if (!list.includes(c)) list.push(c);
        this.#byForm.set(f, list);
        max = Math.max(max, Array.from(f).length);
      }
    }
    this.maxLength = max;
  }

  /** One character folded, or null if search ignores it (not an ideograph). */
  foldChar(c: string): string | null {
    if (!HAN.test(c)) return null;
    return this.#fold[c] ?? c;
  }

  /** A text folded: ideographs only, each folded. */
  fold(text: string): string {
    let out = "";
    for (const c of text) {
      const f = this.foldChar(c);
      if (f !== null) out += f;
    }
    return out;
  }

  /** The cards whose form is exactly `text` (a selection), folded. */
  lookup(text: string): CardSummary[] {
    const f = this.fold(text);
    return f ? (this.#byForm.get(f) ?? []) : [];
  }

  /**
   * The longest card form in `text` that covers character `index` (a click);
   * ties go to the form that starts first. Punctuation inside is skipped.
   */
  at(text: string, index: number): TermMatch | null {
    const chars = Array.from(text);
    if (index < 0 || index >= chars.length || this.foldChar(chars[index]) === null) return null;
    // Folded characters around the index, with their positions in `text`.
    const lo = Math.max(0, index - 4 * this.maxLength);
    const hi = Math.min(chars.length, index + 4 * this.maxLength + 1);
    const folded: { c: string; at: number }[] = [];
    for (let i = lo; i < hi; i++) {
      const f = this.foldChar(chars[i]);
      if (f !== null) folded.push({ c: f, at: i });
    }
    const k = folded.findIndex((x) => x.at === index);
    let best: TermMatch | null = null;
    for (let len = Math.min(this.maxLength, folded.length); len >= 1 && !best; len--) {
      for (let s = Math.max(0, k - len + 1); s <= k && s + len <= folded.length; s++) {
        const form = folded
          .slice(s, s + len)
          .map((x) => x.c)
          .join("");
        const cards = this.#byForm.get(form);
        if (cards) {
          best = { cards, form, start: folded[s].at, end: folded[s + len - 1].at + 1 };
          break;
        }
      }
    }
    return best;
  }
}
