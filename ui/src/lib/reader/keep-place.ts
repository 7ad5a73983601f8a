// Keeping the reader's place across a change of layout that the reader does
// not cause itself — the interface's zoom (Ctrl+= / Ctrl+− / Ctrl+0). A
// bigger text makes every passage above the one being read taller, and
// WebKit anchors no scroll position, so the passage read slid screens away
// (the outside tester's finding 10: 0250 at y=2468 after Ctrl+= to 200 %).
// The place is a point: the passage at the top of the reading area and how
// far down into it the top of the area is, as a fraction of its height;
// after the change the area is scrolled so that the same point is at the
// same place again.

/** A point of the text: a passage (its element) and a fraction of its height, at `at` px below the area's top. */
export interface Place {
  el: HTMLElement;
  fraction: number;
  at: number;
}

/**
 * The passage at the top of `scroller`'s visible part and the point of it
 * there — or, when `reading` (the passage with the focus) is in view, that
 * passage: the one being read is what must stay put, and a passage above it
 * at the top grows with the zoom and would push it down (0250 half a screen
 * lower at 200 %).
 */
export function notePlace(
  scroller: HTMLElement,
  passages: Iterable<HTMLElement>,
  reading: HTMLElement | null = null,
): Place | null {
  const area = scroller.getBoundingClientRect();
  const top = area.top;
  const point = (el: HTMLElement, r: DOMRect): Place => {
    // If it begins below the area's top (a heading or a gap above it), its
    // own top is the point kept.
    const fraction = r.top >= top ? 0 : (top - r.top) / r.height;
    return { el, fraction, at: Math.max(0, r.top - top) };
  };
  if (reading) {
    const r = reading.getBoundingClientRect();
    if (r.height > 0 && r.bottom > top && r.top < area.bottom) return point(reading, r);
  }
  for (const el of passages) {
    const r = el.getBoundingClientRect();
    if (r.bottom <= top || r.height <= 0) continue;
    // The first passage reaching below the area's top.
    return point(el, r);
  }
  return null;
}

/** Scrolls `scroller` so that `place`'s point is where it was; nothing if the passage is gone. */
export function restorePlace(scroller: HTMLElement, place: Place | null): void {
  if (!place || !place.el.isConnected) return;
  const top = scroller.getBoundingClientRect().top;
  const r = place.el.getBoundingClientRect();
  const point = r.top + place.fraction * r.height;
  const moved = point - (top + place.at);
  if (Math.abs(moved) >= 1) scroller.scrollTop += moved;
}

// Where inside the passage last read the reader was, for the next start (the
// outside tester's finding 11: a restart put the reader back at the top of
// passage 0020, a 20,000-character passage some 60 screens long). The
// settings' `place` stays the passage's route, as before (a place saved by
// an older version opens as it did); the point inside it is kept beside it in
// the window's own storage, as the zoom is, and used only at the start that
// reads it, only for that passage.
const WITHIN_KEY = "sheli.placeWithin";

interface Within {
  id: string;
  fraction: number;
  /** The same point in rem from the passage's top: what comes in below it later (its fault notes) leaves this alone. */
  rem?: number;
}

function readWithin(): Within | null {
  try {
    const v = JSON.parse(localStorage.getItem(WITHIN_KEY) ?? "null") as Within | null;
    if (v && typeof v.id === "string" && typeof v.fraction === "number" && v.fraction > 0 && v.fraction < 1) return v;
  } catch {
    // none kept, or not readable: the passage's top
  }
  return null;
}

// Read once, when the app starts, before the reader scrolls anywhere.
let atStart: Within | null = typeof localStorage === "undefined" ? null : readWithin();

/** Keeps the point of `id` at the reading area's top (a fraction of its height). */
export function rememberWithin(id: string, fraction: number, rem?: number): void {
  try {
    if (fraction > 0 && fraction < 1) localStorage.setItem(WITHIN_KEY, JSON.stringify({ id, fraction, rem }));
    else localStorage.removeItem(WITHIN_KEY);
  } catch {
    // not kept: the next start opens the passage at its top
  }
}

/** The point inside `id` kept at the last run, once: the first passage opened after a start takes it. */
export function takeStartWithin(id: string): Within | null {
  const w = atStart;
  atStart = null;
  return w && w.id === id ? w : null;
}

/** Tests: what the next start would read. */
export function reloadStartWithin(): void {
  atStart = readWithin();
}

/** The root font size in px (what a rem is). */
export function remPx(): number {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/**
 * Scrolls `scroller` so that the kept point of `el` is at its top: `rem`
 * from its top when kept (within its height), else `fraction` down it.
 */
export function scrollWithin(scroller: HTMLElement, el: HTMLElement, w: Pick<Within, "fraction" | "rem">): void {
  const top = scroller.getBoundingClientRect().top;
  const r = el.getBoundingClientRect();
  const px = w.rem !== undefined && Number.isFinite(w.rem) ? Math.min(r.height, w.rem * remPx()) : w.fraction * r.height;
  const moved = r.top + px - top;
  if (Math.abs(moved) >= 1) scroller.scrollTop += moved;
}
