// Showing the built-in drawings inline, so their strokes follow the theme
// (they draw in `currentColor`). They are our own files, but the markup is
// still parsed as XML and rebuilt from an allow-list: drawing elements and
// presentation attributes only, no scripts, no event handlers, no styles,
// no links outside the drawing. Ids are prefixed so that two drawings on one
// page never share one.

const ELEMENTS = new Set([
  "svg",
  "title",
  "desc",
  "g",
  "defs",
  "symbol",
  "use",
  "marker",
  "line",
  "polyline",
  "polygon",
  "path",
  "rect",
  "circle",
  "ellipse",
  "text",
  "tspan",
]);

const ATTRIBUTES = new Set([
  "xmlns",
  "viewBox",
  "width",
  "height",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "d",
  "points",
  "dx",
  "dy",
  "transform",
  "fill",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-opacity",
  "fill-opacity",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "letter-spacing",
  "writing-mode",
  "id",
  "href",
  "xlink:href",
  "marker-start",
  "marker-mid",
  "marker-end",
  "markerWidth",
  "markerHeight",
  "refX",
  "refY",
  "orient",
  "markerUnits",
  "preserveAspectRatio",
  "vector-effect",
]);

const SVG_NS = "http://www.w3.org/2000/svg";

let counter = 0;

/** Rewrites `url(#id)` and `#id` references to the prefixed ids. */
function relink(value: string, ids: Map<string, string>): string | null {
  if (value.startsWith("#")) return ids.has(value.slice(1)) ? `#${ids.get(value.slice(1))}` : null;
  return value.replace(/url\(#([^)]+)\)/g, (all, id: string) => (ids.has(id) ? `url(#${ids.get(id)})` : all));
}

/** Rebuilds `src` (a parsed element) in `doc`, keeping only what is allowed. */
function rebuild(src: Element, doc: Document, ids: Map<string, string>): Element | null {
  const name = src.localName;
  if (src.namespaceURI !== SVG_NS || !ELEMENTS.has(name)) return null;
  const el = doc.createElementNS(SVG_NS, name);
  for (const a of Array.from(src.attributes)) {
    if (!ATTRIBUTES.has(a.name)) continue;
    let value = a.value;
    if (a.name === "id") value = ids.get(value) ?? value;
    else if (a.name === "href" || a.name === "xlink:href") {
      const v = value.startsWith("#") ? relink(value, ids) : null;
      if (v === null) continue; // nothing outside the drawing
      value = v;
    } else if (value.includes("url(")) {
      const v = relink(value, ids);
      if (v === null || /url\((?!#)/.test(v)) continue;
      value = v;
    }
    if (a.name === "xmlns") continue; // set by createElementNS
    if (a.name === "xlink:href") el.setAttribute("href", value);
    else el.setAttribute(a.name, value);
  }
  for (const child of Array.from(src.childNodes)) {
    if (child.nodeType === 3) el.appendChild(doc.createTextNode(child.textContent ?? ""));
    else if (child.nodeType === 1) {
      const c = rebuild(child as Element, doc, ids);
      if (c) el.appendChild(c);
    }
  }
  return el;
}

export interface Drawing {
  svg: SVGSVGElement;
  /** The drawing's <title> (Chinese). */
  title: string;
  /** Its <desc> (English, naming its sources). */
  desc: string;
}

/** Parses SVG text into a clean, self-contained element, or null if it is not SVG. */
export function sanitizeSvg(text: string, doc: Document = document): Drawing | null {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  if (!root || root.localName !== "svg" || parsed.getElementsByTagName("parsererror").length > 0) return null;
  const prefix = `pic${++counter}-`;
  const ids = new Map<string, string>();
  for (const el of Array.from(root.querySelectorAll("[id]"))) ids.set(el.id, prefix + el.id);
  const svg = rebuild(root, doc, ids) as SVGSVGElement | null;
  if (!svg) return null;
  const title = root.querySelector("title")?.textContent?.trim() ?? "";
  const desc = root.querySelector("desc")?.textContent?.trim() ?? "";
  // Sized by CSS (the viewBox keeps the proportions).
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "img");
  if (title) svg.setAttribute("aria-label", title);
  return { svg, title, desc };
}
