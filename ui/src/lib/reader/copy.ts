// Copying from the reader: a selection (Ctrl+C, or "Copy with citation" in
// its menu) and a passage with chosen layers, each with its citation
// (citation.ts lays them out; the citation comes from the backend).
//
// Ctrl+C runs a synchronous `copy` event: there is no time to ask the
// backend then. So the citation of a selection is asked for as soon as the
// selection is made (the reader's menu appears at that moment) and kept
// here; the copy event takes it from this cache, and a copy made before it
// arrives is left to the browser (the text alone). A few dozen citations
// are kept, the last selections made.

import * as api from "../api";
import type { DisplayScript } from "../bindings/DisplayScript";
import { piecesPayload, type CopyPayload } from "./citation";
import { spanOfRange, type SegmentSpan } from "../common/spans";

/** The most pieces a selection is cited in; a longer one is copied as the browser copies it (the text alone). */
export const MAX_PIECES = 24;

/**
 * What a selection is cited by: one span per segment it touches, in reading
 * order — the selection itself when it lies inside one segment; else, for a
 * selection from the 經 into its 注 (or on into the next passage), each
 * segment's part, so that each part is copied with its own citation (the
 * 注's as 鄭注). Empty when it selects no text of the reader's, or more than
 * `MAX_PIECES` pieces.
 */
export function citedSpans(
  range: Range,
  segmentText: (passageId: string, segment: number) => string | null,
): SegmentSpan[] {
  const one = spanOfRange(range, segmentText);
  if (one) return [one];
  if (range.collapsed) return [];
  const common = range.commonAncestorContainer;
  const root = common.nodeType === Node.ELEMENT_NODE ? (common as Element) : common.parentElement;
  if (!root) return [];
  const out: SegmentSpan[] = [];
  for (const seg of root.querySelectorAll<HTMLElement>("[data-segment]")) {
    if (!range.intersectsNode(seg)) continue;
    const part = document.createRange();
    part.selectNodeContents(seg);
    if (seg.contains(range.startContainer)) part.setStart(range.startContainer, range.startOffset);
    if (seg.contains(range.endContainer)) part.setEnd(range.endContainer, range.endOffset);
    const span = spanOfRange(part, segmentText);
    if (span) out.push(span);
    if (out.length > MAX_PIECES) return [];
  }
  return out;
}

const KEEP = 50;
const cache = new Map<string, Promise<string>>();
const done = new Map<string, string>();

function key(span: SegmentSpan, script: DisplayScript): string {
  return `${script}|${span.passageId}|${span.segment}|${span.start}|${span.end}`;
}

/** The citation of a selection, asked for once. */
export function citationOf(span: SegmentSpan, script: DisplayScript): Promise<string> {
  const k = key(span, script);
  let p = cache.get(k);
  if (!p) {
    p = api.cite({ passage_id: span.passageId, segment: span.segment, start: span.start, end: span.end, script });
    cache.set(k, p);
    p.then(
      (c) => done.set(k, c),
      () => cache.delete(k),
    );
    if (cache.size > KEEP) {
      const oldest = cache.keys().next().value as string;
      cache.delete(oldest);
      done.delete(oldest);
    }
  }
  return p;
}

/** The citation of a selection if it has already arrived. */
export function citationNow(span: SegmentSpan, script: DisplayScript): string | null {
  return done.get(key(span, script)) ?? null;
}

/** The citations of a selection's pieces (`citedSpans`), asked for together. */
export function citationsOf(spans: readonly SegmentSpan[], script: DisplayScript): Promise<string[]> {
  return Promise.all(spans.map((s) => citationOf(s, script)));
}

/** A selection's pieces, each with its citation (`citations` in the same order). */
export function spansPayload(
  spans: readonly SegmentSpan[],
  citations: readonly string[],
  lang: (span: SegmentSpan) => string,
): CopyPayload {
  return piecesPayload(spans.map((s, i) => ({ text: s.text, citation: citations[i], lang: lang(s) })));
}

/**
 * Fills a `copy` event with a selection's pieces (`citedSpans`), each with
 * its citation, when every citation is here; returns whether it did (else
 * the browser copies the text alone).
 */
export function fillCopyEvent(
  e: ClipboardEvent,
  spans: readonly SegmentSpan[],
  script: DisplayScript,
  lang: (span: SegmentSpan) => string,
): boolean {
  const cites = spans.map((s) => citationNow(s, script));
  if (!spans.length || cites.some((c) => c === null) || !e.clipboardData) return false;
  const payload = spansPayload(spans, cites as string[], lang);
  e.clipboardData.setData("text/plain", payload.plain);
  e.clipboardData.setData("text/html", payload.html);
  e.preventDefault();
  return true;
}

/**
 * Writes both flavours to the clipboard from a click: `execCommand("copy")`
 * with a one-shot listener that fills the event (WebKitGTK copies only in a
 * user's gesture, and fires no copy with nothing selected unless
 * `beforecopy` is cancelled). Falls back to the async API's plain text.
 * Resolves to whether something was written.
 */
export async function writeClipboard(payload: CopyPayload): Promise<boolean> {
  let filled = false;
  const before = (e: Event) => e.preventDefault();
  const fill = (e: ClipboardEvent) => {
    if (!e.clipboardData) return;
    e.clipboardData.setData("text/plain", payload.plain);
    e.clipboardData.setData("text/html", payload.html);
    e.preventDefault();
    e.stopImmediatePropagation();
    filled = true;
  };
  document.addEventListener("beforecopy", before, true);
  document.addEventListener("copy", fill, true);
  try {
    if (document.execCommand?.("copy") && filled) return true;
  } catch {
    // the older way failed: try the async API
  } finally {
    document.removeEventListener("beforecopy", before, true);
    document.removeEventListener("copy", fill, true);
  }
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(payload.plain);
      return true;
    }
  } catch {
    // refused
  }
  return false;
}
