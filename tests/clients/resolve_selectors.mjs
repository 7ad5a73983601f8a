// Every selector of Sheli's Web Annotation export resolved by a second
// implementation, Apache Annotator (@apache-annotator/selector, pinned in
// package.json), for src-tauri/tests/integration/real_clients.rs.
//
//   node resolve_selectors.mjs EXPORT.json TEXTS.json
//
// TEXTS.json maps each target's `source` to the documented text its
// selectors count over (a passage's segments joined with no separator).
// Prints, per target: its source, its quote, the ranges (in code points) at
// which Annotator finds the TextQuoteSelector, and the one it finds for the
// TextPositionSelector, with the text there.
import { readFileSync } from "node:fs";
import {
  textPositionSelectorMatcher,
  textQuoteSelectorMatcher,
} from "@apache-annotator/selector";

const [exportPath, textsPath] = process.argv.slice(2);
const collection = JSON.parse(readFileSync(exportPath, "utf8"));
const texts = JSON.parse(readFileSync(textsPath, "utf8"));

/** The whole text as one chunk: the documented text is one string. */
function chunker(text) {
  const chunk = { data: text };
  return {
    currentChunk: chunk,
    nextChunk: () => null,
    previousChunk: () => null,
    precedesCurrentChunk: () => false,
  };
}

/** A code-unit offset of `text` in code points, as the selectors count. */
const points = (text, units) => [...text.slice(0, units)].length;

async function ranges(matcher, text) {
  const found = [];
  for await (const r of matcher(chunker(text))) {
    found.push([points(text, r.startIndex), points(text, r.endIndex)]);
  }
  return found;
}

const items = collection.first?.items ?? collection.items ?? [collection];
const out = [];
for (const item of items) {
  const targets = Array.isArray(item.target) ? item.target : [item.target];
  for (const target of targets) {
    const text = texts[target.source];
    if (text === undefined) throw new Error(`no text given for ${target.source}`);
    const selectors = Array.isArray(target.selector) ? target.selector : [target.selector];
    const quote = selectors.find((s) => s.type === "TextQuoteSelector");
    const position = selectors.find((s) => s.type === "TextPositionSelector");
    const quoteMatches = await ranges(textQuoteSelectorMatcher(quote), text);
    const [positionMatch] = await ranges(textPositionSelectorMatcher(position), text);
    out.push({
      annotation: item.id,
      source: target.source,
      exact: quote.exact,
      orphaned: target["sheli:orphaned"] === true,
      quoteMatches,
      position: [position.start, position.end],
      positionMatch,
      positionText: positionMatch ? [...text].slice(...positionMatch).join("") : null,
    });
  }
}
console.log(JSON.stringify(out));
