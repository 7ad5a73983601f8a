// What a copy from the reader puts on the clipboard: the text and its
// standard citation, as plain text and as simple HTML.
//
// The citation itself is written in one place, corpus/src/locate.rs
// (`Corpus::citation`: `《儀禮註疏·鄉射禮》鄭注，xiangshe.zhushu.0123，000_….txt
// 第456行` — work, edition, who wrote the layer, passage, line of the source
// file), and reaches the window through the `cite` and `passage_aids`
// commands; nothing here rebuilds it. This module only lays text and
// citation out, so it is pure and tested by Vitest (citation.test.ts).

import type { Layer } from "../bindings/Layer";

/** Both flavours of one copy. */
export interface CopyPayload {
  plain: string;
  html: string;
}

/** One labelled piece of a passage copied whole. */
export interface CopyPart {
  layer: Layer;
  /** How the layer is named in the copy (注, 疏, 音義 … in the script shown). */
  label: string;
  text: string;
  /** Its language tag (zh-Hant / zh-Hans). */
  lang: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The citation as HTML: a `<cite>` in traditional script, as Sheli writes it. */
function citeHtml(citation: string): string {
  return `<p><cite lang="zh-Hant">${escapeHtml(citation)}</cite></p>`;
}

/**
 * A selection and its citation: the text on one line, the citation on the
 * next (plain); a block quote followed by the citation (HTML). The text is
 * as shown (its script); the citation reads back with Go-to.
 */
export function selectionPayload(text: string, citation: string, lang: string): CopyPayload {
  const t = text.trim();
  return {
    plain: `${t}\n${citation}`,
    html: `<blockquote lang="${escapeHtml(lang)}">${escapeHtml(t)}</blockquote>${citeHtml(citation)}`,
  };
}

/** One piece of a selection: the part of it in one segment, and that part's citation. */
export interface CitedPiece {
  text: string;
  citation: string;
  lang: string;
}

/**
 * A selection over several segments (the 經 into its 注, one passage into
 * the next): each piece followed by its own citation, in reading order, a
 * blank line between them — the 注's words cited as 鄭注, not as the 經 they
 * follow. One piece is `selectionPayload`'s layout.
 */
export function piecesPayload(pieces: readonly CitedPiece[]): CopyPayload {
  const each = pieces.filter((p) => p.text.trim()).map((p) => selectionPayload(p.text, p.citation, p.lang));
  return { plain: each.map((e) => e.plain).join("\n\n"), html: each.map((e) => e.html).join("") };
}

/**
 * A passage with the chosen layers, each after its label but the 經 (the
 * text itself), in the passage's order, then the citation of the passage.
 */
export function passagePayload(parts: readonly CopyPart[], citation: string): CopyPayload {
  const shown = parts.filter((p) => p.text.trim());
  const label = (p: CopyPart) => (p.layer === "經" ? "" : `【${p.label}】`);
  const plain = [...shown.map((p) => `${label(p)}${p.text.trim()}`), citation].join("\n");
  const html =
    shown
      .map((p) => {
        const tag = p.layer === "經" ? "" : `<b>${escapeHtml(label(p))}</b>`;
        return `<p lang="${escapeHtml(p.lang)}">${tag}${escapeHtml(p.text.trim())}</p>`;
      })
      .join("") + citeHtml(citation);
  return { plain, html };
}
