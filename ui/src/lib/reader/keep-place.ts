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

/** The passage at the top of `scroller`'s visible part and the point of it there. */
export function notePlace(scroller: HTMLElement, passages: Iterable<HTMLElement>): Place | null {
  const top = scroller.getBoundingClientRect().top;
  for (const el of passages) {
    const r = el.getBoundingClientRect();
    if (r.bottom <= top || r.height <= 0) continue;
    // The first passage reaching below the area's top; if it begins lower
    // (a heading or a gap above it), its own top is the point kept.
    const fraction = r.top >= top ? 0 : (top - r.top) / r.height;
    return { el, fraction, at: Math.max(0, r.top - top) };
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
