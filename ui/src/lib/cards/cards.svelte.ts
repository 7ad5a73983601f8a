// The built-in glossary cards, loaded once and shared: the glossary list,
// card pages and the reader's pop-over (which needs the headword index).

import * as api from "../api";
import type { CardsView } from "../bindings/CardsView";
import { HeadwordIndex } from "../chars/headwords";

export interface LoadedCards {
  view: CardsView;
  index: HeadwordIndex;
}

let loading: Promise<LoadedCards> | null = null;

/** The cards and their headword index (fetched on first use, then cached). */
export function loadCards(): Promise<LoadedCards> {
  if (!loading) {
    loading = api.cards().then(
      (view) => ({ view, index: new HeadwordIndex(view.cards, view.fold) }),
      (e: unknown) => {
        loading = null; // try again next time
        throw e;
      },
    );
  }
  return loading;
}

/** Forgets the cache (tests). */
export function resetCards(): void {
  loading = null;
}
