// How text opens the pop-ups: a click on a character of explainable text
// (`data-chars`) opens the card of the glossary term there, or else the
// character's entry; a drag selects text as ever and opens nothing. In the
// reader, Enter opens the character at the caret (or the first of the
// focused passage). A term link (term-links.svelte.ts) never navigates:
// a click on it is a click on its character, and Enter on it (a click
// without a pointer) opens its card. Installed once, by PopupHost.svelte.

import { loadCards } from "../cards/cards.svelte";
import { entryOf } from "./char-cache";
import { anchorOf, CHAR_TEXT, firstSpot, rangeOfSpot, selectionOf, spotAtCaret, spotAtPoint, spotIn, type CharSpot } from "./char-spots";
import { nextHan } from "../common/han";
import { globalOffset, rangeOf, textOfSegment } from "../common/textpoint";
import { installTermStops } from "../reader/term-links.svelte";
import { utf16ToCp } from "../common/spans";
import { popups } from "../shell/popups.svelte";
import { moveCursor } from "../reader/reading-cursor";
import { hideCursorBox, showCursorBox } from "../common/cursor-box";

/** Pointer travel (px) beyond which a press is a drag, not a click. */
const SLOP = 4;

/** Opens the term at the spot if there is one, else the character's entry. */
export async function openSpot(spot: CharSpot, since: number, focus = true, terms = true): Promise<void> {
  if (terms) {
    const index = await loadCards().then(
      (l) => l.index,
      () => null, // without the cards, every character is just a character
    );
    const m = index?.at(spot.text, utf16ToCp(spot.text, spot.offset));
    if (m) {
      popups.open({ kind: "term", cards: m.cards, anchor: anchorOf(spot), spot }, { focus });
      return;
    }
  }
  openChar(spot, since, focus);
}

/** The first character of a term link, as a spot of its text. */
export function spotOfLink(link: Element): CharSpot | null {
  const container = link.closest<HTMLElement>(CHAR_TEXT);
  const first = document.createTreeWalker(link, NodeFilter.SHOW_TEXT).nextNode();
  if (!container || !first) return null;
  const seg = textOfSegment(container);
  const g = globalOffset(seg, first, 0);
  const at = g === null ? null : nextHan(seg.text, g, 1, true);
  return at === null ? null : spotIn(container, at, seg.text);
}

/** Opens the card of a term link (Enter on it), the focus in the card. */
export async function openTermLink(link: Element): Promise<void> {
  const spot = spotOfLink(link);
  const index = await loadCards().then(
    (l) => l.index,
    () => null,
  );
  const cards = index?.lookup(link.textContent ?? "") ?? [];
  if (spot && cards.length) popups.open({ kind: "term", cards, anchor: anchorOf(spot), spot }, { focus: true });
}

/**
 * Selects the whole text of the segment the reading cursor is in (or the
 * passage's first), its layer tag left out. Returns whether it did.
 */
export function selectSegmentAtCursor(scope: HTMLElement): boolean {
  const sel = window.getSelection();
  if (!sel) return false;
  let container = spotAtCaret(sel)?.container ?? null;
  if (container && !scope.contains(container)) container = null;
  container ??= firstSpot(scope)?.container ?? null;
  if (!container) return false;
  const seg = textOfSegment(container);
  const start = nextHan(seg.text, 0, 1, true);
  if (start === null) return false;
  const r = rangeOf(seg, start, seg.text.trimEnd().length);
  if (!r) return false;
  sel.removeAllRanges();
  sel.addRange(r);
  hideCursorBox();
  return true;
}

/** Opens the entry of the character at the spot. */
export function openChar(spot: CharSpot, since: number, focus = true): void {
  popups.open(
    {
      kind: "char",
      char: spot.char,
      passage: spot.passage,
      selection: selectionOf(spot),
      anchor: anchorOf(spot),
      spot,
      since,
    },
    { focus },
  );
}

function hasSelection(): boolean {
  const sel = window.getSelection();
  return !!sel && !sel.isCollapsed && sel.toString().trim() !== "";
}

/** When an event happened, on performance.now()'s clock. */
function eventTime(e: Event): number {
  const now = performance.now();
  return e.timeStamp > 0 && e.timeStamp <= now && now - e.timeStamp < 10_000 ? e.timeStamp : now;
}

const CONTROLS = "button, input, select, textarea, [contenteditable], .layer-tag, [data-popup]";

export function installCharClicks(): () => void {
  let down: { x: number; y: number; selected: boolean } | null = null;

  const onMouseDown = (e: MouseEvent) => {
    down = e.button === 0 ? { x: e.clientX, y: e.clientY, selected: hasSelection() } : null;
    // The entry is asked for on the press: by the release it is often there.
    const target = e.target instanceof Element ? e.target : null;
    if (down && !down.selected && target?.closest(CHAR_TEXT) && !target.closest(CONTROLS)) {
      const spot = spotAtPoint(target, e.clientX, e.clientY);
      if (spot) entryOf(spot.char).catch(() => {});
    }
  };

  // Capture phase: a character inside a link or a result row opens its
  // entry instead of following the link.
  const onClick = (e: MouseEvent) => {
    const d = down;
    down = null;
    const link = e.target instanceof Element ? e.target.closest("a.term-link") : null;
    if (link) {
      // A term link is text with a card: it never leaves the reader.
      e.preventDefault();
      if (e.detail === 0 || !d) {
        // Enter on the focused link (a click without a pointer).
        e.stopPropagation();
        void openTermLink(link);
        return;
      }
    }
    if (e.button !== 0 || e.detail > 1 || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return;
    // A drag, or the click that dismisses a selection, opens nothing.
    if (!d || d.selected || hasSelection()) return;
    if (Math.abs(e.clientX - d.x) > SLOP || Math.abs(e.clientY - d.y) > SLOP) return;
    const target = e.target instanceof Element ? e.target : null;
    if (!target?.closest(CHAR_TEXT) || target.closest(CONTROLS)) return;
    const spot = spotAtPoint(target, e.clientX, e.clientY);
    if (!spot) return;
    e.preventDefault();
    e.stopPropagation();
    void openSpot(spot, eventTime(e));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const arrow = e.key === "ArrowRight" || e.key === "ArrowLeft";
    if ((e.key !== "Enter" && !arrow) || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    const t = e.target instanceof HTMLElement ? e.target : null;
    if (e.key === "Enter" && e.shiftKey) {
      // Shift+Enter: the whole segment at the cursor selected (the reader
      // then offers Add note / Add to glossary for it, as for Shift+→).
      const scope = t && !t.closest(`a, [role=option], [role=button], ${CONTROLS}`) ? t.closest<HTMLElement>("[data-passage]") : null;
      if (scope && selectSegmentAtCursor(scope)) e.preventDefault();
      return;
    }
    const link = t?.closest<HTMLElement>("a.term-link");
    if (arrow && link) {
      // From a term link back to the reading cursor, before the term.
      const spot = spotOfLink(link);
      const scope = link.closest<HTMLElement>("[data-passage]");
      const r = spot && rangeOfSpot(spot);
      if (!scope || !r) return;
      e.preventDefault();
      scope.focus({ preventScroll: true });
      window.getSelection()?.collapse(r.startContainer, r.startOffset);
      requestAnimationFrame(() => showCursorBox(spot));
      return;
    }
    if (!t || t.closest(`a, [role=option], [role=button], ${CONTROLS}`)) return;
    // Only in the reader: its passages take the focus (other views keep
    // Enter for their own keys, such as turning a flashcard over).
    const scope = t.closest<HTMLElement>("[data-passage]");
    if (!scope) return;
    if (arrow) {
      // The reading cursor (reading-cursor.ts): by character; Shift selects.
      e.preventDefault();
      const at = moveCursor(scope, e.key === "ArrowRight" ? 1 : -1, e.shiftKey);
      at?.container.scrollIntoView?.({ block: "nearest" });
      // Drawn after the scroll (which hides it); a selection shows itself.
      const collapsed = window.getSelection()?.isCollapsed ?? true;
      requestAnimationFrame(() => (collapsed ? showCursorBox(at) : hideCursorBox()));
      return;
    }
    const sel = window.getSelection();
    if (sel && !sel.isCollapsed && sel.toString().trim()) {
      // A selection: Enter goes to what the reader offers for it.
      const offer = document.querySelector<HTMLElement>(".selection-panel button");
      if (offer) {
        e.preventDefault();
        offer.focus();
        return;
      }
    }
    let spot = spotAtCaret(sel);
    if (spot && !scope.contains(spot.container)) spot = null;
    spot ??= firstSpot(scope);
    if (!spot) return;
    e.preventDefault();
    void openSpot(spot, eventTime(e));
  };

  // The glossary's terms are needed at the first click: load them while idle.
  const warm = setTimeout(() => loadCards().catch(() => {}), 1500);
  const stopTermStops = installTermStops();
  document.addEventListener("mousedown", onMouseDown, true);
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKeyDown);
  return () => {
    clearTimeout(warm);
    stopTermStops();
    document.removeEventListener("mousedown", onMouseDown, true);
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKeyDown);
  };
}
