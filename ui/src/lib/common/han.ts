// Which characters the dictionary explains: Han ideographs (any block,
// including the supplementary planes). Punctuation, Latin and the private-use
// stand-ins the texts still carry are not looked up.

const HAN = /^\p{Script=Han}$/u;

/** Whether `c` (one code point) is a Han ideograph. */
export function isHan(c: string): boolean {
  return HAN.test(c);
}

/** The code point starting at UTF-16 offset `at` of `text` ("" past the end). */
export function codePointAt(text: string, at: number): string {
  const cp = text.codePointAt(at);
  return cp === undefined ? "" : String.fromCodePoint(cp);
}

/**
 * The UTF-16 offset of the nearest Han character of `text` strictly after
 * (`dir` 1) or before (`dir` -1) offset `from`; with `inclusive`, `from`
 * itself counts. Null when there is none.
 */
export function nextHan(text: string, from: number, dir: 1 | -1, inclusive = false): number | null {
  let i = from;
  if (!inclusive) i = dir === 1 ? from + codePointAt(text, from).length || from + 1 : from - 1;
  while (i >= 0 && i < text.length) {
    // Step back onto the start of a surrogate pair.
    if (dir === -1 && i > 0 && /[\udc00-\udfff]/.test(text[i]) && /[\ud800-\udbff]/.test(text[i - 1])) i--;
    const c = codePointAt(text, i);
    if (isHan(c)) return i;
    i += dir === 1 ? c.length || 1 : -1;
  }
  return null;
}
