// Spans of segment text: positions in Unicode code points (what the Rust
// side counts: a Rust `char`), converted to and from the UTF-16 units that
// JavaScript strings and DOM ranges count. A character outside the BMP
// (e.g. 𠀀, or many rare variants in the texts) is one code point but two
// UTF-16 units.
//
// Also: splitting a text into pieces under marks (note highlights, or any
// other ranges the reader wants to mark), and reading a DOM selection as a
// span of one segment.

/** Number of code points in `s`. */
export function cpLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The code point position of UTF-16 offset `u16` in `s` (clamped). */
export function utf16ToCp(s: string, u16: number): number {
  return cpLength(s.slice(0, Math.max(0, Math.min(u16, s.length))));
}

/** The UTF-16 offset of code point position `cp` in `s` (clamped). */
export function cpToUtf16(s: string, cp: number): number {
  let i = 0;
  let n = 0;
  while (i < s.length && n < cp) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    i += pair ? 2 : 1;
    n++;
  }
  return i;
}

/** Code points `start..end` of `s`. */
export function cpSlice(s: string, start: number, end?: number): string {
  const a = cpToUtf16(s, start);
  return end === undefined ? s.slice(a) : s.slice(a, cpToUtf16(s, end));
}

/** A range of a segment's text to mark, in code points, end exclusive. */
export interface Mark {
  start: number;
  end: number;
  /** What it is: `note`, … (becomes the class `mark-<kind>`). */
  kind: string;
  id: string | number;
  /** A note's colour (note-colours.css), for the mark's tint. */
  colour?: string;
}

/** A run of text and the marks covering all of it. */
export interface Piece {
  text: string;
  /** Code points of the segment's text. */
  start: number;
  end: number;
  marks: Mark[];
}

/**
 * Cuts `text` into pieces at every mark boundary. `text` may be a part of a
 * segment starting at code point `offset` of it (a 疏 is shown in two parts);
 * marks are in the segment's positions and may overlap.
 */
export function splitMarks(text: string, marks: readonly Mark[], offset = 0): Piece[] {
  const len = cpLength(text);
  const end = offset + len;
  const inside = marks.filter((m) => m.end > offset && m.start < end && m.start < m.end);
  if (!inside.length) return len ? [{ text, start: offset, end, marks: [] }] : [];
  const cuts = new Set<number>([offset, end]);
  for (const m of inside) {
    cuts.add(Math.max(offset, m.start));
    cuts.add(Math.min(end, m.end));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Piece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    if (a === b) continue;
    out.push({
      text: cpSlice(text, a - offset, b - offset),
      start: a,
      end: b,
      marks: inside.filter((m) => m.start <= a && m.end >= b),
    });
  }
  return out;
}

/** A run of text, marked or not (search hits: `Marked.svelte`). */
export interface Run {
  text: string;
  mark: boolean;
}

/**
 * `text` cut into marked and plain runs by `ranges` (`[start, end)` in code
 * points, as the backend counts; clipped to the text, overlapping or
 * touching ranges one mark). `offset` is where `text` starts in a longer
 * text the ranges count in. The same cutting as note marks (`splitMarks`),
 * with the marks' identities dropped.
 */
export function markedRuns(text: string, ranges: readonly (readonly [number, number])[], offset = 0): Run[] {
  const marks = ranges.map(([start, end], id) => ({ start, end, kind: "hit", id }));
  const out: Run[] = [];
  for (const p of splitMarks(text, marks, offset)) {
    const mark = p.marks.length > 0;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += p.text;
    else out.push({ text: p.text, mark });
  }
  return out.length ? out : [{ text, mark: false }];
}

/** A selection inside one segment of a passage, in code points of its text. */
export interface SegmentSpan {
  passageId: string;
  segment: number;
  start: number;
  end: number;
  /** The selected text. */
  text: string;
}

/**
 * Places a selection in a segment's text. `rendered` is the text the reader
 * shows for the segment (without its layer tag) and `before` the part of it
 * before the selection. Where the rendering is the segment's text, the
 * position is exact; where it is not (音義 readings are laid out as
 * character + reading), the selected text is looked up in the segment's
 * text, the occurrence nearest the rendered position winning.
 */
export function locateInSegment(
  segText: string,
  rendered: string,
  before: string,
  selected: string,
): { start: number; end: number } | null {
  const len = cpLength(selected);
  if (!len) return null;
  const at = cpLength(before);
  if (rendered === segText) return { start: at, end: at + len };
  let best: number | null = null;
  for (let i = segText.indexOf(selected); i >= 0; i = segText.indexOf(selected, i + 1)) {
    const cp = utf16ToCp(segText, i);
    if (best === null || Math.abs(cp - at) < Math.abs(best - at)) best = cp;
  }
  return best === null ? null : { start: best, end: best + len };
}

/** Text of a DOM fragment without the parts marked as not being text (layer tags). */
function textWithoutTags(frag: DocumentFragment): string {
  frag.querySelectorAll("[data-not-text], .layer-tag").forEach((e) => e.remove());
  return frag.textContent ?? "";
}

/**
 * The span of one segment that `range` selects, or null when it is empty,
 * crosses segments or lies outside the reader's text. Segment elements
 * carry `data-segment` (the index in the passage's segments) inside an
 * element with `data-passage`; `segmentText(passageId, index)` gives the
 * segment's text as displayed.
 */
export function spanOfRange(
  range: Range,
  segmentText: (passageId: string, segment: number) => string | null,
): SegmentSpan | null {
  if (range.collapsed) return null;
  const el = (n: Node) => (n.nodeType === Node.ELEMENT_NODE ? (n as Element) : n.parentElement);
  const a = el(range.startContainer)?.closest<HTMLElement>("[data-segment]");
  const b = el(range.endContainer)?.closest<HTMLElement>("[data-segment]");
  if (!a || a !== b) return null;
  const passageId = a.closest<HTMLElement>("[data-passage]")?.dataset.passage;
  const segment = Number(a.dataset.segment);
  if (!passageId || !Number.isInteger(segment)) return null;
  const segText = segmentText(passageId, segment);
  if (segText === null) return null;

  const pre = document.createRange();
  pre.selectNodeContents(a);
  pre.setEnd(range.startContainer, range.startOffset);
  const before = textWithoutTags(pre.cloneContents());
  const all = document.createRange();
  all.selectNodeContents(a);
  const rendered = textWithoutTags(all.cloneContents());
  const raw = textWithoutTags(range.cloneContents());
  // Leading and trailing whitespace is not part of the text.
  const lead = raw.length - raw.trimStart().length;
  const selected = raw.trim();
  const place = locateInSegment(segText, rendered, before + raw.slice(0, lead), selected);
  if (!place) return null;
  return { passageId, segment, ...place, text: selected };
}
