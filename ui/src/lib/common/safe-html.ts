// A second line of defence for notes: the Rust side renders a note's
// Markdown to HTML without script (`store::markdown::render`); before that
// HTML is inserted, this keeps only the elements and attributes Markdown
// produces, and links only to http(s), mailto and #fragments. Anything else
// is dropped (an unknown element keeps its text).

const ALLOWED = new Set([
  "P", "BR", "HR", "EM", "STRONG", "DEL", "S", "CODE", "PRE", "BLOCKQUOTE",
  "UL", "OL", "LI", "H1", "H2", "H3", "H4", "H5", "H6",
  "TABLE", "THEAD", "TBODY", "TR", "TH", "TD", "A", "SUP", "SUB",
]);

/** Elements dropped with everything inside them. */
const DROPPED = new Set(["SCRIPT", "STYLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE", "SVG", "MATH", "NOSCRIPT", "TITLE"]);

/** Whether a link target is http(s), mailto or a fragment. */
export function safeHref(href: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme.
  // eslint-disable-next-line no-control-regex
  const h = href.replace(/[\u0000-\u0020\u007f]+/g, "").toLowerCase();
  return h.startsWith("#") || h.startsWith("http://") || h.startsWith("https://") || h.startsWith("mailto:");
}

function clean(node: Node, doc: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove();
      continue;
    }
    const el = child as Element;
    const tag = el.tagName.toUpperCase();
    if (DROPPED.has(tag)) {
      el.remove();
      continue;
    }
    clean(el, doc);
    if (!ALLOWED.has(tag)) {
      // Keep the text, lose the element.
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const keep = tag === "A" && attr.name === "href" && safeHref(attr.value);
      if (!keep) el.removeAttribute(attr.name);
    }
    if (tag === "A" && el.hasAttribute("href") && !el.getAttribute("href")!.startsWith("#")) {
      el.setAttribute("rel", "noreferrer noopener");
      el.setAttribute("target", "_blank");
    }
  }
}

/** `html` with only Markdown's elements and safe links left. */
export function sanitizeNoteHtml(html: string): string {
  const doc = document.implementation.createHTMLDocument("");
  const tpl = doc.createElement("template");
  tpl.innerHTML = html;
  clean(tpl.content, doc);
  return tpl.innerHTML;
}
