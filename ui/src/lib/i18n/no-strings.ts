// Finds interface text written into a component instead of a message file:
// words of Latin letters in the markup's text or in the literal value of an
// attribute a reader hears or sees (aria-label, title, placeholder, alt …).
// Script, style, comments and `{…}` expressions are left out; names that are
// the same in every language (key names, file formats, Sheli, Anki) are allowed.

const SPOKEN_ATTRS = ["aria-label", "title", "placeholder", "alt", "aria-roledescription", "aria-description", "aria-valuetext", "label"];

const SAME_IN_EVERY_LANGUAGE = new Set([
  "Sheli", "Anki", "FSRS", "TSV", "CSV", "HTML", "PDF", "JSON", "Markdown", "Unihan", "OpenCC",
  "Ctrl", "Alt", "Shift", "Esc", "Enter", "Tab", "Space", "Home", "End", "PgUp", "PgDn", "F3",
]);

/** Removes `{…}` expressions, braces nested, strings inside them skipped. */
function withoutExpressions(s: string): string {
  let out = "";
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (depth > 0) {
      if (quote) {
        if (c === "\\") i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}") depth--;
      continue;
    }
    if (c === "{") depth = 1;
    else out += c;
  }
  return out;
}

/** The words of interface text found in a component's source. */
export function hardCodedWords(source: string): string[] {
  let s = source
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  s = withoutExpressions(s);
  const found: string[] = [];
  const words = (text: string) =>
    (text.replace(/&\w+;/g, " ").match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []).filter(
      (w) => !SAME_IN_EVERY_LANGUAGE.has(w),
    );
  const attr = new RegExp(`\\s(${SPOKEN_ATTRS.join("|")})="([^"]*)"`, "g");
  for (const m of s.matchAll(attr)) found.push(...words(m[2]));
  const text = s.replace(/<[^>]*>/g, " ");
  found.push(...words(text));
  return found;
}
