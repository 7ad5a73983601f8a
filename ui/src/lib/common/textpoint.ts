// Which character of a segment is under the pointer. The caret APIs give a
// position *between* characters (at a mark's centre, WebKit gives the end
// of the text node before it), so the characters on both sides are tried
// and the one whose box holds the point wins. Offsets here are UTF-16
// units of the segment's text (its text nodes joined, the layer tag left out).

export interface SegText {
  text: string;
  nodes: { node: Text; start: number }[];
}

/** The text of a segment element, from its text nodes (not the layer tag). */
export function textOfSegment(seg: Element): SegText {
  const nodes: { node: Text; start: number }[] = [];
  let text = "";
  const walker = seg.ownerDocument.createTreeWalker(seg, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement?.closest(".layer-tag") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    nodes.push({ node: n as Text, start: text.length });
    text += (n as Text).data;
  }
  return { text, nodes };
}

/** The global offset of a (node, offset) position inside the segment, or null. */
export function globalOffset(seg: SegText, node: Node, offset: number): number | null {
  const hit = seg.nodes.find((n) => n.node === node);
  if (hit) return hit.start + offset;
  // An element position: the first text node at or after its child `offset`.
  if (node.nodeType === 1) {
    const child = node.childNodes[offset] ?? null;
    for (const n of seg.nodes) {
      if (child ? child === n.node || child.contains(n.node) || (child.compareDocumentPosition(n.node) & 4) !== 0 : node.contains(n.node))
        return n.start;
    }
  }
  return null;
}

/** A DOM range over `[start, end)` (global UTF-16 offsets) of the segment. */
export function rangeOf(seg: SegText, start: number, end: number): Range | null {
  const find = (g: number, atEnd: boolean) => {
    for (const n of seg.nodes) {
      const len = n.node.data.length;
      if (g < n.start + len || (atEnd && g === n.start + len)) return { node: n.node, offset: g - n.start };
    }
    return null;
  };
  const a = find(start, false);
  const b = find(end, true);
  if (!a || !b) return null;
  const r = seg.nodes[0].node.ownerDocument.createRange();
  r.setStart(a.node, a.offset);
  r.setEnd(b.node, b.offset);
  return r;
}

function charLen(text: string, at: number): number {
  const c = text.charCodeAt(at);
  return c >= 0xd800 && c <= 0xdbff && at + 1 < text.length ? 2 : 1;
}

/** The offset of the character under (x, y), given the caret position there. */
export function charUnder(seg: SegText, x: number, y: number, caret: { node: Node; offset: number } | null): number | null {
  if (!caret) return null;
  const g = globalOffset(seg, caret.node, caret.offset);
  if (g === null) return null;
  const candidates = [g, g - 1, g + 1].filter((i) => i >= 0 && i < seg.text.length);
  for (const i of candidates) {
    const r = rangeOf(seg, i, i + charLen(seg.text, i));
    const box = r?.getBoundingClientRect?.();
    if (box && x >= box.left - 1 && x <= box.right + 1 && y >= box.top - 1 && y <= box.bottom + 1) return i;
  }
  return candidates[0] ?? null;
}
