// The glossary's terms as links in the reader's text (issue 17, point 2):
// every term that has a card is an <a> to its card (SegmentText.svelte), so
// a screen reader lists them with the page's links and a mouse or the
// keyboard opens the card (char-clicks.ts: a click or Enter opens the pop-up
// in place; the link's address is the card's page, for what reads it).
//
// Tab stops: not every term of the reader. A 疏 can name 中 or 獲 dozens of
// times, and 40 passages are loaded at once, so only the passage the focus
// is in (the reading cursor's, j / k's, Tab's) offers its terms to Tab, each
// distinct term once, at its first place; so does the passage before it, so
// that Shift+Tab walks back through that passage's terms as Tab walks
// forward through this one's. The other links keep tabindex -1 (reachable by
// a screen reader's link list, a click, or the reading cursor's Enter).

import { loadCards } from "../cards/cards.svelte";
import { afterFirstView } from "../shell/startup";
import type { HeadwordIndex } from "../chars/headwords";

const PASSAGE = "[data-passage]";
const LINK = "a.term-link";

class TermIndex {
  /** The cards' headword index, once loaded (until then, no links). */
  index: HeadwordIndex | null = $state.raw(null);
  #asked = false;

  /** The index if loaded; the first call asks for the cards. */
  get(): HeadwordIndex | null {
    if (!this.#asked) {
      this.#asked = true;
      // (Asked after this render: the answer re-renders the texts with links;
      // at start, after the first view is painted: shell/startup.ts.)
      new Promise<void>((painted) => afterFirstView(painted))
        .then(loadCards)
        .then(
          (l) => (this.index = l.index),
          () => (this.#asked = false), // without cards, plain text; asked again next render
        );
    }
    return this.index;
  }
}

export const termIndex = new TermIndex();

/** The passage whose terms are tab stops (with the one before it). */
let current: Element | null = null;
let tabbable = new Set<HTMLElement>();
let scheduled = false;

function previousPassage(p: Element): Element | null {
  for (let e = p.previousElementSibling; e; e = e.previousElementSibling) if (e.matches(PASSAGE)) return e;
  return null;
}

/** The tab stops of a passage: the first link of each distinct term. */
function stopsIn(p: Element | null, into: Set<HTMLElement>): void {
  if (!p) return;
  const seen = new Set<string>();
  for (const a of p.querySelectorAll<HTMLElement>(LINK)) {
    const term = a.dataset.term ?? "";
    if (seen.has(term)) continue;
    seen.add(term);
    into.add(a);
  }
}

/** Makes the terms of `passage` (and of the passage before it) the tab stops. */
export function refreshTermStops(): void {
  scheduled = false;
  if (current && !current.isConnected) current = null;
  const next = new Set<HTMLElement>();
  stopsIn(current, next);
  if (current) stopsIn(previousPassage(current), next);
  for (const a of tabbable) if (!next.has(a)) a.tabIndex = -1;
  for (const a of next) a.tabIndex = 0;
  tabbable = next;
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(refreshTermStops);
}

/** The passage the focus went into becomes the one whose terms Tab reaches. */
export function termStopsFollow(target: EventTarget | null): void {
  const p = target instanceof Element ? target.closest(PASSAGE) : null;
  if (!p || p === current) return;
  current = p;
  schedule();
}

/**
 * An attachment for each term link (SegmentText.svelte): a link that comes
 * or goes (a layer shown, the cards loaded) changes the stops.
 */
export function termLink(node: HTMLElement): () => void {
  if (current) schedule();
  return () => {
    if (tabbable.has(node)) schedule();
  };
}

/** Listens for the focus (installed once, with the text's clicks). */
export function installTermStops(): () => void {
  const onFocusIn = (e: FocusEvent) => termStopsFollow(e.target);
  document.addEventListener("focusin", onFocusIn);
  const active = document.activeElement;
  if (active) termStopsFollow(active);
  return () => {
    document.removeEventListener("focusin", onFocusIn);
    current = null;
    tabbable = new Set();
  };
}
