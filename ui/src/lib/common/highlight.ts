// Cutting text into plain and marked pieces. Ranges are `[start, end)` in
// characters (Unicode code points, as the backend counts them), never
// UTF-16 units: an ideograph outside the BMP counts as one.
//
// The pieces are rendered as text nodes and <mark> elements by the
// components (Svelte escapes text); nothing here produces HTML.

export interface Piece {
  text: string;
  mark: boolean;
}

/** Ranges sorted, clipped to `length`, empty ones dropped, overlaps merged. */
export function normalizeRanges(ranges: readonly (readonly [number, number])[], length: number): [number, number][] {
  const sorted = ranges
    .map(([s, e]) => [Math.max(0, Math.min(s, length)), Math.max(0, Math.min(e, length))] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** `text` as pieces, the ranges marked. `offset` shifts the ranges (for a
 * part of a longer text that starts at character `offset`). */
export function pieces(text: string, ranges: readonly (readonly [number, number])[], offset = 0): Piece[] {
  const chars = Array.from(text);
  const rs = normalizeRanges(
    ranges.map(([s, e]) => [s - offset, e - offset] as [number, number]),
    chars.length,
  );
  const out: Piece[] = [];
  let at = 0;
  for (const [s, e] of rs) {
    if (s > at) out.push({ text: chars.slice(at, s).join(""), mark: false });
    out.push({ text: chars.slice(s, e).join(""), mark: true });
    at = e;
  }
  if (at < chars.length || out.length === 0) out.push({ text: chars.slice(at).join(""), mark: false });
  return out;
}

/** Fills `el` with text nodes and <mark> elements (for code outside Svelte). */
export function renderPieces(el: HTMLElement, ps: readonly Piece[], markClass = "hit"): void {
  el.replaceChildren(
    ...ps.map((p) => {
      if (!p.mark) return document.createTextNode(p.text);
      const m = document.createElement("mark");
      m.className = markClass;
      m.textContent = p.text;
      return m;
    }),
  );
}

/** Number of code points in `text` (what ranges count). */
export function charLength(text: string): number {
  return Array.from(text).length;
}

/** The code-point index of UTF-16 offset `offset` in `text`. */
export function codePointIndex(text: string, offset: number): number {
  return Array.from(text.slice(0, offset)).length;
}
