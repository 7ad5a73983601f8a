// The reading cursor: the keyboard's way through a passage's text. The DOM
// selection is the cursor: collapsed, it stands before a character (Enter
// opens that one, char-clicks.ts); ← and → move it by character over the
// Han characters of the focused passage (every layer shown, punctuation and
// layer tags skipped); Shift+← and Shift+→ select, the other end staying
// put, and the reader offers "Add note" / "Add to glossary" for the
// selection as it does for the mouse's.

import { CHAR_TEXT, firstSpot, rangeOfSpot, spotIn, stepSpot, type CharSpot } from "../chars/char-spots";
import { nextHan } from "../common/han";
import { cpToUtf16, type SegmentSpan } from "../common/spans";
import { globalOffset, rangeOf, textOfSegment } from "../common/textpoint";

interface Point {
  node: Node;
  offset: number;
}

/** The first Han character at or after a point of the text, in its passage. */
export function spotAfter(scope: Element, p: Point): CharSpot | null {
  const el = p.node.nodeType === Node.ELEMENT_NODE ? (p.node as Element) : p.node.parentElement;
  const container = el?.closest<HTMLElement>(CHAR_TEXT);
  if (!container || !scope.contains(container)) return null;
  const seg = textOfSegment(container);
  const g = globalOffset(seg, p.node, p.offset);
  if (g === null) return null;
  const at = nextHan(seg.text, g, 1, true);
  if (at !== null) return spotIn(container, at, seg.text);
  // After the last character of this text: the first of the next one.
  const before = nextHan(seg.text, Math.min(g, seg.text.length), -1);
  return before === null ? null : stepSpot(spotIn(container, before, seg.text)!, 1);
}

/** The last Han character of the explainable text inside `scope`. */
export function lastSpot(scope: Element): CharSpot | null {
  const all = Array.from(scope.querySelectorAll<HTMLElement>(CHAR_TEXT));
  for (let i = all.length - 1; i >= 0; i--) {
    const text = textOfSegment(all[i]).text;
    const at = nextHan(text, text.length, -1);
    if (at !== null) return spotIn(all[i], at, text);
  }
  return null;
}

function edge(spot: CharSpot, end: boolean): Point | null {
  const r = rangeOfSpot(spot);
  if (!r) return null;
  return end ? { node: r.endContainer, offset: r.endOffset } : { node: r.startContainer, offset: r.startOffset };
}

/**
 * Moves the cursor of `scope` (a passage) one character in `dir`; with
 * `extend`, moves only the selection's focus end. Returns the character the
 * cursor now stands before (or last passed, when selecting), or null when
 * the passage has no text to move in.
 */
export function moveCursor(scope: HTMLElement, dir: 1 | -1, extend: boolean): CharSpot | null {
  const sel = window.getSelection();
  if (!sel) return null;
  const focus: Point | null =
    sel.rangeCount && sel.focusNode && scope.contains(sel.focusNode) ? { node: sel.focusNode, offset: sel.focusOffset } : null;
  if (!focus) {
    // No cursor in this passage yet: at its first character (or last, going back).
    const s = dir === 1 ? firstSpot(scope) : lastSpot(scope);
    const p = s && edge(s, false);
    if (!s || !p) return null;
    sel.collapse(p.node, p.offset);
    return s;
  }
  const here = spotAfter(scope, focus);
  if (extend) {
    // Forward: over the character after the focus. Back: before the one before it.
    const target = dir === 1 ? here : here ? stepSpot(here, -1) : lastSpot(scope);
    const p = target && edge(target, dir === 1);
    if (!target || !p) return here;
    sel.extend(p.node, p.offset);
    return target;
  }
  let target: CharSpot | null;
  if (!sel.isCollapsed) {
    // A selection collapses to the end it is moved towards.
    const r = sel.getRangeAt(0);
    const p = dir === 1 ? { node: r.endContainer, offset: r.endOffset } : { node: r.startContainer, offset: r.startOffset };
    target = spotAfter(scope, p) ?? (dir === -1 ? null : lastSpot(scope));
  } else if (here) {
    target = stepSpot(here, dir) ?? here;
  } else {
    target = dir === -1 ? lastSpot(scope) : null;
  }
  const p = target && edge(target, false);
  if (!target || !p) return here;
  sel.collapse(p.node, p.offset);
  return target;
}

/**
 * The cursor (the selection's range) if it is in a reader passage, to put
 * back when the focus returns there: focusing a pop-up moves WebKit's
 * selection away from the text.
 */
export function saveCursor(): Range | null {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0) return null;
  const r = sel.getRangeAt(0);
  const el = r.startContainer.nodeType === Node.ELEMENT_NODE ? (r.startContainer as Element) : r.startContainer.parentElement;
  return el?.closest("[data-passage]") ? r.cloneRange() : null;
}

/** Puts a saved cursor back (collapsed to its end with `collapse`), if its text is still there. */
export function restoreCursor(r: Range | null, collapse = false): void {
  if (!r || !r.startContainer.isConnected || !r.endContainer.isConnected) return;
  const sel = window.getSelection();
  if (!sel) return;
  const put = r.cloneRange();
  if (collapse) put.collapse(false);
  sel.removeAllRanges();
  sel.addRange(put);
}

/**
 * The DOM range of a selection's span (reader passage, segment, code
 * points), if the segment is shown as its text: to put a keyboard selection
 * back where WebKit dropped it (focusing a control outside the text clears
 * the selection), so that Escape from what was opened for it returns to it.
 */
export function rangeOfSpan(span: SegmentSpan): Range | null {
  const passage = Array.from(document.querySelectorAll<HTMLElement>("[data-passage]")).find((p) => p.dataset.passage === span.passageId);
  const seg = passage?.querySelector(`[data-segment="${span.segment}"]`);
  if (!seg) return null;
  const text = textOfSegment(seg);
  const start = cpToUtf16(text.text, span.start);
  const end = cpToUtf16(text.text, span.end);
  if (text.text.slice(start, end) !== span.text) return null;
  return rangeOf(text, start, end);
}
