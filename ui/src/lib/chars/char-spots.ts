// Which character of the shown text a click or the caret is on. Text that
// can be explained character by character is marked `data-chars` (its value:
// the passage it belongs to, when it is not inside a reader passage that
// says so with `data-passage`). Offsets are UTF-16 units of the container's
// text as textpoint.ts reads it (text nodes joined, layer tags left out).

import type { TextSelection } from "../bindings/TextSelection";
import { codePointAt, isHan, nextHan } from "../common/han";
import { spanOfRange } from "../common/spans";
import { charUnder, globalOffset, rangeOf, textOfSegment } from "../common/textpoint";

export const CHAR_TEXT = "[data-chars]";

/** One character of one text container. */
export interface CharSpot {
  container: HTMLElement;
  /** UTF-16 offset of the character in the container's text. */
  offset: number;
  char: string;
  /** The container's text. */
  text: string;
  /** The passage the text belongs to, if any. */
  passage: string | null;
}

/** Where something is on screen (viewport coordinates). */
export interface Anchor {
  left: number;
  top: number;
  bottom: number;
}

/** The text node and offset under a point (WebKit and the standard API). */
export function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const d = document as Document & {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?: (x: number, y: number) => Range | null;
  };
  if (d.caretPositionFromPoint) {
    const c = d.caretPositionFromPoint(x, y);
    return c ? { node: c.offsetNode, offset: c.offset } : null;
  }
  const r = d.caretRangeFromPoint?.(x, y);
  return r ? { node: r.startContainer, offset: r.startOffset } : null;
}

export function passageOf(container: Element): string | null {
  const own = (container as HTMLElement).dataset?.chars;
  if (own) return own;
  return container.closest<HTMLElement>("[data-passage]")?.dataset.passage ?? null;
}

/** The spot of the Han character at `offset` of `container`, or null. */
export function spotIn(container: HTMLElement, offset: number, text = textOfSegment(container).text): CharSpot | null {
  const char = codePointAt(text, offset);
  if (!isHan(char)) return null;
  return { container, offset, char, text, passage: passageOf(container) };
}

/** The character under a click at (x, y) on `target`, if it is explainable text. */
export function spotAtPoint(target: Element | null, x: number, y: number): CharSpot | null {
  const container = target?.closest<HTMLElement>(CHAR_TEXT);
  if (!container || target?.closest(".layer-tag")) return null;
  const seg = textOfSegment(container);
  const at = charUnder(seg, x, y, caretAt(x, y));
  return at === null ? null : spotIn(container, at, seg.text);
}

/**
 * The character at the caret: the one after a collapsed caret, the first
 * Han character of a selection. Null outside explainable text.
 */
export function spotAtCaret(sel: Selection | null): CharSpot | null {
  if (!sel || sel.rangeCount === 0) return null;
  const r = sel.getRangeAt(0);
  const node = r.startContainer;
  const el = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  const container = el?.closest<HTMLElement>(CHAR_TEXT);
  if (!container) return null;
  const seg = textOfSegment(container);
  const g = globalOffset(seg, node, r.startOffset);
  if (g === null) return null;
  const at = nextHan(seg.text, g, 1, true);
  return at === null ? null : spotIn(container, at, seg.text);
}

/** The first Han character of the explainable text inside `root`. */
export function firstSpot(root: Element): CharSpot | null {
  for (const c of root.querySelectorAll<HTMLElement>(CHAR_TEXT)) {
    const text = textOfSegment(c).text;
    const at = nextHan(text, 0, 1, true);
    if (at !== null) return spotIn(c, at, text);
  }
  return null;
}

/**
 * The next (or previous) Han character after `spot`: in the same text, then
 * in the following texts of the same passage (or of the same container
 * alone, outside a passage).
 */
export function stepSpot(spot: CharSpot, dir: 1 | -1): CharSpot | null {
  const text = textOfSegment(spot.container).text;
  const at = nextHan(text, spot.offset, dir);
  if (at !== null) return spotIn(spot.container, at, text);
  const scope = spot.container.closest("[data-passage]");
  if (!scope) return null;
  const all = Array.from(scope.querySelectorAll<HTMLElement>(CHAR_TEXT));
  for (let i = all.indexOf(spot.container) + dir; i >= 0 && i < all.length; i += dir) {
    const t = textOfSegment(all[i]).text;
    const k = dir === 1 ? nextHan(t, 0, 1, true) : nextHan(t, t.length, -1);
    if (k !== null) return spotIn(all[i], k, t);
  }
  return null;
}

/** A DOM range over the spot's character. */
export function rangeOfSpot(spot: CharSpot): Range | null {
  return rangeOf(textOfSegment(spot.container), spot.offset, spot.offset + spot.char.length);
}

/** Where the character is on screen (zero outside a layout engine). */
export function anchorOf(spot: CharSpot): Anchor {
  const r = rangeOfSpot(spot)?.getBoundingClientRect?.();
  if (r && (r.width || r.height)) return { left: r.left, top: r.top, bottom: r.bottom };
  const b = spot.container.getBoundingClientRect?.();
  return b ? { left: b.left, top: b.top, bottom: b.bottom } : { left: 0, top: 0, bottom: 0 };
}

type SegmentText = (passageId: string, segment: number) => string | null;
let segmentText: SegmentText | null = null;

/** The reader says what each segment's text is (for selections); returns an undo. */
export function registerSegmentText(fn: SegmentText): () => void {
  segmentText = fn;
  return () => {
    if (segmentText === fn) segmentText = null;
  };
}

/**
 * The spot as a selection of its reader segment (code points of the
 * segment's displayed text), for a card drafted from the text; null when
 * the text is no reader segment.
 */
export function selectionOf(spot: CharSpot): Omit<TextSelection, "script"> | null {
  if (!spot.container.hasAttribute("data-segment")) return null;
  const range = rangeOfSpot(spot);
  if (!range) return null;
  const rendered = (pid: string, seg: number) => segmentText?.(pid, seg) ?? spot.text;
  const span = spanOfRange(range, rendered);
  return span ? { passage_id: span.passageId, segment: span.segment, start: span.start, end: span.end } : null;
}
