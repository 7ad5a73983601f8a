// The glossary list's filter: by kind, and by what the reader types — a
// headword in either script or a variant (folded, as search folds), pinyin
// with or without tones, or English words of the definition.

import type { CardSummary } from "../bindings/CardSummary";
import type { Kind } from "../bindings/Kind";
import type { HeadwordIndex } from "../chars/headwords";
import { t } from "../i18n/i18n.svelte";

/** A kind's name in the interface's language (the backend gives the Chinese labels). */
export function kindName(kind: Kind): string {
  return t(`cards.kinds.${kind}`);
}

/**
 * A card's definitions in the order the interface's language asks: the
 * Chinese 釋義 first in a Chinese interface, the English one first in
 * English; a card with only one has only that one.
 */
export function definitions(card: CardSummary, locale: string): { lang: string; text: string }[] {
  const zh = card.summary_zh ? [{ lang: "zh-Hant", text: card.summary_zh }] : [];
  const en = card.summary ? [{ lang: "en", text: card.summary }] : [];
  return locale === "en" ? [...en, ...zh] : [...zh, ...en];
}

/** Pinyin without tone marks or tone numbers, lower case (`bī` → `bi`). */
export function plainPinyin(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ü/g, "u")
    .replace(/[1-5]/g, "")
    .toLowerCase()
    .trim();
}

export function matchesCard(card: CardSummary, query: string, index: HeadwordIndex): boolean {
  const q = query.trim();
  if (!q) return true;
  const folded = index.fold(q);
  if (folded) {
    return card.folded.some((f) => f.includes(folded)) || card.forms.some((f) => f.includes(q));
  }
  const lower = q.toLowerCase();
  const py = plainPinyin(q);
  return (
    plainPinyin(card.pinyin).replace(/\s+/g, "").includes(py.replace(/\s+/g, "")) ||
    card.id.includes(lower) ||
    card.summary.toLowerCase().includes(lower)
  );
}

/** The cards of each kind (in the order of `kinds`), after the filter. */
export function groupCards(
  cards: readonly CardSummary[],
  kinds: readonly Kind[],
  query: string,
  kind: Kind | null,
  index: HeadwordIndex,
): { kind: Kind; cards: CardSummary[] }[] {
  const shown = cards.filter((c) => (kind === null || c.kind === kind || c.also_kinds.includes(kind)) && matchesCard(c, query, index));
  return kinds
    .map((k) => ({ kind: k, cards: shown.filter((c) => c.kind === k || (kind === k && c.also_kinds.includes(k))) }))
    .filter((g) => g.cards.length > 0);
}

/** A glossary term found in a text: code points `[start, end)` and its cards. */
export interface TermRange {
  start: number;
  end: number;
  cards: CardSummary[];
}

/**
 * The glossary terms of a text, for the reader's term links: from left to
 * right, the longest card form starting at each character, never
 * overlapping. A term is a run of ideographs: unlike a click (`at`), which
 * skips punctuation inside a form, a link never spans a stop or a comma.
 */
export function termsIn(index: HeadwordIndex, text: string): TermRange[] {
  const chars = Array.from(text);
  const out: TermRange[] = [];
  const max = index.maxLength;
  let i = 0;
  while (i < chars.length) {
    if (index.foldChar(chars[i]) === null) {
      i++;
      continue;
    }
    // The ideographs from here (at most the longest form).
    let run = 0;
    while (run < max && i + run < chars.length && index.foldChar(chars[i + run]) !== null) run++;
    let found = 0;
    for (let len = run; len >= 1; len--) {
      const cards = index.lookup(chars.slice(i, i + len).join(""));
      if (cards.length) {
        out.push({ start: i, end: i + len, cards });
        found = len;
        break;
      }
    }
    i += found || 1;
  }
  return out;
}
