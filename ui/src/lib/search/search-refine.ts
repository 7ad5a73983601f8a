// Refining a search (issue 11, points 3 and 4): the stacked refinements
// ("Search within these results"), the scope in force, the collocate that
// narrows the match, the counts said in words. Pure functions: the search
// box holds the state.
//
// A stack of refinements is its queries joined by the AND keyword, each part
// kept a query of its own. AND binds loosest in the query language (OR and
// NEAR/N bind tighter), so `觶 OR 觚` then `豐` is `觶 OR 觚 AND 豐` =
// (觶 OR 觚) AND 豐; and, unlike a bare space, AND needs a whole term on
// each side, so a box that begins with an operator cannot reach back into
// the chip before it: `觶` then `OR 觚` is `觶 AND OR 觚`, refused ("OR
// needs a term on both sides"), where a space made it `觶 OR 觚`, more
// segments than the 觶 it was searching within (the outside tester's
// finding 14, h7). Likewise `NEAR/3 酬` cannot make a proximity of the chip.

import type { SearchSort } from "../bindings/SearchSort";
import { formatNumber, t } from "../i18n/i18n.svelte";
import { sourceLabel, type SourceFacet } from "../common/edition-name";
import { bold } from "./rich";
import { foldWidth } from "../common/width";
import type { Filters } from "./search-session";

/**
 * Whether `q` begins with the AND keyword, read as the parser reads an
 * operator (parser.rs, operator_form): any case, full-width letters too.
 */
function startsWithAnd(q: string): boolean {
  const first = /^\S+/u.exec(q)?.[0] ?? "";
  const op = foldWidth(first).toUpperCase();
  return op === "AND";
}

/**
 * The query searched: every refinement and what is typed, each whole, joined
 * by AND. A part that begins with AND itself (`AND 觚` typed after a chip)
 * is joined by a space, so its own AND does the joining rather than making
 * `觶 AND AND 觚`, which the parser refuses.
 */
export function combineQuery(refinements: readonly string[], typed: string): string {
  const parts = [...refinements, typed].map((q) => q.trim()).filter((q) => q !== "");
  return parts.reduce((all, q) => (all === "" ? q : `${all}${startsWithAnd(q) ? " " : " AND "}${q}`), "");
}

/**
 * `refinements` with `typed` stacked on (nothing when it is blank or already
 * the last). A leading AND is left off the chip (`AND 觚` after 觶 becomes
 * the chip 觚): chips are ANDed anyway, and kept it would make the chip a
 * broken query of its own once the chips before it are removed.
 */
export function pushRefinement(refinements: readonly string[], typed: string): string[] {
  let q = typed.trim();
  if (refinements.length && startsWithAnd(q)) q = q.replace(/^\S+/u, "").trim();
  if (!q || refinements[refinements.length - 1] === q) return [...refinements];
  return [...refinements, q];
}

/** `refinements` without the one at `index`. */
export function removeRefinement(refinements: readonly string[], index: number): string[] {
  return refinements.filter((_, i) => i !== index);
}

/** "12 occurrences" ("12 次"); `strong`: the number in **bold** markup (rich.ts). */
export function occurrencesLabel(n: number, strong = false): string {
  const shown = formatNumber(n);
  return t("search.count.occurrences", { count: n, n: strong ? bold(shown) : shown });
}

/** "9 segments" ("9 處"); `strong`: the number in **bold** markup (rich.ts). */
export function segmentsLabel(n: number, strong = false): string {
  const shown = formatNumber(n);
  return t("search.count.segments", { count: n, n: strong ? bold(shown) : shown });
}

/** "12 occurrences in 9 segments" (what the counts count, always said). */
export function countLabel(occurrences: number, segments: number, strong = false): string {
  return t("search.count.inSegments", {
    occurrences: occurrencesLabel(occurrences, strong),
    segments: segmentsLabel(segments, strong),
  });
}

/** "Showing 20 of 1,450 segments" (never a silent cut). */
export function showingLabel(shown: number, total: number): string {
  const n = formatNumber(total);
  if (shown >= total) return t("search.count.showingAll", { count: total, n });
  return t("search.count.showing", { count: total, n, shown: formatNumber(shown) });
}

/** The scope in force: the filters and exact mode, which outlive a query only by the user's choice. */
export interface Scope {
  filters: Filters;
  exact: boolean;
}

/** One piece of the scope as a chip beside the box. */
export interface ScopeChip {
  kind: "work" | "layer" | "source" | "exact";
  /** What the chip says ("Work", "Layer", "Source", "Exact forms"), in the interface's language. */
  name: string;
  /** The value (a work, layer or edition, in Chinese), if any. */
  value: string | null;
}

/** The scope as chips; a source is named as its facet was (`sourceLabels`: id → the facet: 儀禮經傳通解·鄉射禮), else by its id. */
export function scopeChips(scope: Scope, sourceLabels: Readonly<Record<string, SourceFacet>> = {}): ScopeChip[] {
  const chips: ScopeChip[] = [];
  if (scope.filters.work) chips.push({ kind: "work", name: t("search.scope.work"), value: scope.filters.work });
  if (scope.filters.layer) chips.push({ kind: "layer", name: t("search.scope.layer"), value: scope.filters.layer });
  const source = scope.filters.source;
  if (source) chips.push({ kind: "source", name: t("search.scope.source"), value: sourceLabels[source] ? sourceLabel(sourceLabels[source]) : source });
  if (scope.exact) chips.push({ kind: "exact", name: t("search.scope.exact"), value: null });
  return chips;
}

/** The orders of a concordance's lines, as the buttons offer them. */
export const SORTS: readonly SearchSort[] = ["relevance", "position", "left", "right"];

/** An order's name in the interface's language (asked for when shown, so it follows a change of language). */
export function sortLabel(s: SearchSort): string {
  switch (s) {
    case "relevance":
      return t("search.sort.relevance");
    case "position":
      return t("search.sort.position");
    case "left":
      return t("search.sort.left");
    case "right":
      return t("search.sort.right");
  }
}

/** A term the collocate can be written into: one run of characters, or one quoted group (with `~N`). */
const BARE = /^[\p{Script=Han}?]+$/u;
const QUOTED = /^"([^"]+)"(~\d+)?$/u;

/**
 * The query that keeps only the matches with `collocate` just left or right
 * of them: the collocate written into the phrase (`主人` + 拜 on the right →
 * `"主人拜"`; `"主人 賓"~3` + 拜 on the left → `"拜主人 賓"~3`). A query
 * that is not one phrase (several terms, OR, filters, pinyin) cannot be
 * written so: null, and the caller adds the collocate as a refinement.
 */
export function collocateQuery(query: string, collocate: string, side: "left" | "right"): string | null {
  const q = query.trim();
  const c = collocate.trim();
  if (!c || !isOnePhrase(q)) return null;
  if (BARE.test(q)) return side === "left" ? `"${c}${q}"` : `"${q}${c}"`;
  const m = QUOTED.exec(q)!;
  const inner = m[1].trim();
  const tail = m[2] ?? "";
  return side === "left" ? `"${c}${inner}"${tail}` : `"${inner}${c}"${tail}`;
}

/** Whether `q` is one phrase a collocate can be written into (bare, or quoted and not exact). */
function isOnePhrase(q: string): boolean {
  if (BARE.test(q)) return true;
  const m = QUOTED.exec(q);
  return m !== null && !m[1].startsWith("=");
}

/**
 * Whether a collocate clicked beside the matches of `parts` (the search's
 * refinements and the box) is written into its phrase: only when the search
 * is one phrase. Otherwise it is added as a refinement of its own, which
 * keeps the segments holding it anywhere (pickCollocate; the panel says so).
 */
export function writesCollocateIn(parts: readonly string[]): boolean {
  const terms = parts.map((q) => q.trim()).filter((q) => q !== "");
  return terms.length === 1 && isOnePhrase(terms[0]);
}

/**
 * What the search becomes when a collocate is clicked. The backend counts
 * collocates around every match of the whole search (each refinement's and
 * the box's), so the collocate is written into a phrase only when the search
 * is that one phrase; with a refinement in force (拜, then 主人 typed) the
 * 答再 counted beside 拜 would be written into 主人 (`"答再主人"`, 0 results,
 * the outside tester's fault 2): it is added as a refinement of its own
 * instead, which keeps the segments that also hold it — where the panel
 * counted it beside a match, and any others that hold it elsewhere.
 */
export function pickCollocate(
  refinements: readonly string[],
  typed: string,
  collocate: string,
  side: "left" | "right",
  written: string = collocate,
): { refinements: string[]; query: string; shown: Record<string, string> } {
  const searched = narrowBy(refinements, typed, collocate, side);
  // The chip shows the collocate as the texts write it (三讓, as the panel
  // lists it) while its query stays the folded key (三让) search folds to
  // anyway: a 繁 reader never sees a chip in a form they did not click (the
  // outside tester's finding D, h5).
  const seen = written === collocate ? searched : narrowBy(refinements, typed, written, side);
  const shown: Record<string, string> = {};
  searched.refinements.forEach((q, i) => {
    const w = seen.refinements[i];
    if (w !== undefined && w !== q) shown[q] = w;
  });
  // Written into the box's own phrase, the collocate is what the box shows,
  // so it goes in as written (射 + 侯 → "射矦" where the texts write 矦), by
  // the user's own typing kept as typed: search folds it to the same key, and
  // the box, the "counted around" line and the hit stepper all read it.
  return { ...searched, query: seen.query, shown };
}

function narrowBy(
  refinements: readonly string[],
  typed: string,
  collocate: string,
  side: "left" | "right",
): { refinements: string[]; query: string } {
  const terms = [...refinements, typed].map((q) => q.trim()).filter((q) => q !== "");
  const phrase = writesCollocateIn(terms) ? collocateQuery(terms[0], collocate, side) : null;
  if (phrase !== null && typed.trim()) return { refinements: [...refinements], query: phrase };
  if (phrase !== null) return { refinements: [...refinements.slice(0, -1), phrase], query: "" };
  // a collocate already among the refinements narrows nothing: no second chip
  const kept = pushRefinement(refinements, typed);
  const c = collocate.trim();
  return { refinements: kept.includes(c) ? kept : [...kept, c], query: "" };
}

/** Each refinement as its chip shows it: as the texts write it where a collocate put it there (`shown`), else as searched. */
export function shownRefinements(refinements: readonly string[], shown: Readonly<Record<string, string>>): string[] {
  return refinements.map((q) => (Object.hasOwn(shown, q) ? shown[q] : q));
}

// The user's choice to keep the scope for the next search, remembered for
// the session (the window's sessionStorage, where there is one).
const KEEP_KEY = "sheli.search.keepScope";

export function keepScopeChoice(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(KEEP_KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberKeepScope(keep: boolean): void {
  try {
    globalThis.sessionStorage?.setItem(KEEP_KEY, keep ? "1" : "0");
  } catch {
    // no storage: the choice lasts as long as the box
  }
}
