// A message with a little markup of its own: **bold** and `key` (shown as
// <kbd>). Messages keep their words in one piece per language, so a bold
// count or a key name inside a sentence stays where each language puts it
// (Chinese orders "9 處，共出現 12 次" unlike "12 occurrences in 9 segments").

export interface RichPiece {
  text: string;
  kind: "text" | "b" | "kbd";
}

const MARKUP = /\*\*(.+?)\*\*|`([^`]+)`/g;

/** `text` cut into plain, bold and key pieces, in order. */
export function richPieces(text: string): RichPiece[] {
  const out: RichPiece[] = [];
  let at = 0;
  for (const m of text.matchAll(MARKUP)) {
    const i = m.index ?? 0;
    if (i > at) out.push({ text: text.slice(at, i), kind: "text" });
    out.push(m[1] !== undefined ? { text: m[1], kind: "b" } : { text: m[2], kind: "kbd" });
    at = i + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), kind: "text" });
  return out;
}

/** `text` with its markup taken off (for a live region or a tooltip). */
export function plain(text: string): string {
  return richPieces(text)
    .map((p) => p.text)
    .join("");
}

/** Bold, as the markup writes it (around a count inside a message). */
export function bold(text: string): string {
  return `**${text}**`;
}

// A value shown in an element of its own inside a message (a query in
// <code>, with its own lang): the message is asked for with this mark in
// the value's place, and cut there.
const SLOT = "\u0000";

/** The message's text before and after the slot `t` filled with the mark. */
export function aroundSlot(withSlot: (slot: string) => string): [string, string] {
  const s = withSlot(SLOT);
  const i = s.indexOf(SLOT);
  return i < 0 ? [s, ""] : [s.slice(0, i), s.slice(i + SLOT.length)];
}
