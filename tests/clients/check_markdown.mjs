// Sheli's Markdown export of notes read by a second CommonMark parser,
// commonmark.js (the reference implementation in JavaScript, pinned in
// package.json), for src-tauri/tests/integration/real_clients.rs.
//
//   node check_markdown.mjs NOTES.md
//
// The front matter (between the first two `---` lines, as Obsidian and
// Zotero read it) is taken off first, as those readers do, and each of its
// values parsed as JSON (the subset of YAML Sheli writes). Prints JSON: the
// front matter, and the document's blocks in order: headings with their
// level and text, block quotes and paragraphs with their text.
import { readFileSync } from "node:fs";
import { Parser } from "commonmark";

const text = readFileSync(process.argv[2], "utf8");
const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
if (!m) throw new Error("no front matter");
const front = {};
for (const line of m[1].split("\n")) {
  const i = line.indexOf(":");
  front[line.slice(0, i).trim()] = JSON.parse(line.slice(i + 1).trim());
}

/** The text of a node: its literal text and code, breaks as line breaks. */
function textOf(node) {
  let out = "";
  const walker = node.walker();
  let e;
  while ((e = walker.next())) {
    if (!e.entering) continue;
    const t = e.node.type;
    if (t === "text" || t === "code") out += e.node.literal;
    else if (t === "softbreak" || t === "linebreak") out += "\n";
  }
  return out;
}

const doc = new Parser().parse(text.slice(m[0].length));
const blocks = [];
for (let n = doc.firstChild; n; n = n.next) {
  if (n.type === "heading") blocks.push({ type: "heading", level: n.level, text: textOf(n) });
  else blocks.push({ type: n.type, text: textOf(n) });
}
console.log(JSON.stringify({ front, blocks }));
