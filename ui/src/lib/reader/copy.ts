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
import { selectionPayload, type CopyPayload } from "./citation";
import { spanOfRange, type SegmentSpan } from "../common/spans";

/**
 * What a selection is cited by: the selection itself when it lies inside
 * one segment, else its first part (from where it starts to the end of that
 * segment), since a citation names where the words begin. `whole` is
 * false for the second case (the text copied is then the browser's).
 */
export function citedSpan(
  range: Range,
  segmentText: (passageId: string, segment: number) => string | null,
): { span: SegmentSpan; whole: boolean } | null {
  const span = spanOfRange(range, segmentText);
  if (span) return { span, whole: true };
  const el = (n: Node) => (n.nodeType === Node.ELEMENT_NODE ? (n as Element) : n.parentElement);
  const seg = el(range.startContainer)?.closest<HTMLElement>("[data-segment]");
  if (!seg) return null;
  const first = document.createRange();
  first.setStart(range.startContainer, range.startOffset);
  first.setEnd(seg, seg.childNodes.length);
  const part = spanOfRange(first, segmentText);
  return part ? { span: part, whole: false } : null;
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

/**
 * Fills a `copy` event with a selection (`text`: the span's own, or the
 * browser's for a selection over several segments) and the span's citation,
 * when the citation is here; returns whether it did (else the browser copies
 * the text alone).
 */
export function fillCopyEvent(
  e: ClipboardEvent,
  span: SegmentSpan,
  script: DisplayScript,
  lang: string,
  text: string = span.text,
): boolean {
  const c = citationNow(span, script);
  if (!c || !e.clipboardData) return false;
  const payload = selectionPayload(text, c, lang);
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
