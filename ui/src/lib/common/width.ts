// Text typed with an input method in full-width mode: its ASCII letters,
// digits and marks (ＡＢＣ, ０２５０, ．) and the ideographic space read as
// their half-width forms, as the backend's parsers read them.

/** Full-width ASCII (ＡＢＣ, ０２５０, ．) and the ideographic space folded, as an IME in full-width mode types them. */
export function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\u3000]/g, (c) => (c === "\u3000" ? " " : String.fromCharCode(c.charCodeAt(0) - 0xfee0)));
}
