// The first page of a passage being opened, asked for early. Go to names
// most places by a passage id: its passages can be asked for at once,
// beside `locate`, instead of after it, the route change and the reader's
// mounting (a round trip less before the passage is shown). The reader
// takes the answer if it opens that passage soon after; otherwise it asks
// itself, as it does for every other way in.

import * as api from "../api";
import type { DisplayScript } from "../bindings/DisplayScript";
import type { PassageView } from "../bindings/PassageView";

/** The first page of a passage opened: it and the two after it (Reader.svelte). */
export const FIRST_PAGE = 3;

/** How long an early answer waits to be taken (Go to opens it at once). */
const KEEP_MS = 2000;

let early: { key: string; at: number; answer: Promise<PassageView[]> } | null = null;

const keyOf = (source: string, start: number, count: number, script: DisplayScript) => `${source} ${start} ${count} ${script}`;

/** Asks for `count` passages of `source` from `start` now, for the reader to take. */
export function askEarly(source: string, start: number, count: number, script: DisplayScript): void {
  const answer = api.passages(source, start, count, script);
  // Not taken (the place was refused, or another opened): nobody waits on it.
  answer.catch(() => {});
  early = { key: keyOf(source, start, count, script), at: Date.now(), answer };
}

/** The passages asked for early if they are these and still fresh, else asked for now. */
export function passagesFrom(source: string, start: number, count: number, script: DisplayScript): Promise<PassageView[]> {
  const e = early;
  early = null;
  if (e && e.key === keyOf(source, start, count, script) && Date.now() - e.at < KEEP_MS) return e.answer;
  return api.passages(source, start, count, script);
}
