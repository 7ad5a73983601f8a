// ↓, ↑ and Enter pressed before the answer to the box's query has come
// (the outside tester's finding 00, h5): typed 再拜 and ↓ Enter at once, the
// keys acted on the answer still shown — 再's, the previous prefix's — and
// the reader walked 再's 49 hits under the name “再拜” (35). The rows, the
// row a key chooses and the stepper must belong to the query in the box, so
// keys pressed ahead of its answer are held here and taken on that answer.

import type { SearchQuery } from "../bindings/SearchQuery";

/**
 * Whether two requests ask for the same rows: the same query, forms and
 * scope in the same order (the page, and whether collocations are counted,
 * do not change which rows answer).
 */
export function sameSearch(a: SearchQuery | null | undefined, b: SearchQuery | null | undefined): boolean {
  if (!a || !b) return false;
  return (
    a.query === b.query &&
    !!a.exact === !!b.exact &&
    (a.work ?? null) === (b.work ?? null) &&
    (a.layer ?? null) === (b.layer ?? null) &&
    (a.source ?? null) === (b.source ?? null) &&
    (a.sort ?? "relevance") === (b.sort ?? "relevance")
  );
}

/** The keys held for the answer to come: the moves in order, and whether Enter followed them. */
export class KeysAhead {
  #moves: number[] = [];
  #enter = false;

  /** Whether any key waits for the answer. */
  get waiting(): boolean {
    return this.#moves.length > 0 || this.#enter;
  }

  /** ↓ (1) or ↑ (-1), pressed ahead. An Enter already held stays last: keys after it wait for it. */
  move(by: number): void {
    if (!this.#enter) this.#moves.push(by);
  }

  /** Enter pressed ahead: the row the moves land on is opened. */
  enter(): void {
    this.#enter = true;
  }

  /** Forgets the keys (the query changed again, or its answer was an error). */
  clear(): void {
    this.#moves = [];
    this.#enter = false;
  }

  /**
   * The answer came with `rows` rows, the first active: the row the held
   * moves land on (each move kept within the rows, as one pressed on the
   * list would be), and whether to open it (Enter held, and a row there).
   * The keys are spent.
   */
  take(rows: number): { active: number; open: boolean } {
    let active = 0;
    for (const by of this.#moves) active = Math.max(0, Math.min(rows - 1, active + by));
    const open = this.#enter && rows > 0;
    this.clear();
    return { active, open };
  }
}
