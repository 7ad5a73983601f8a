// The first page of a passage being opened, asked for early. Go to names
// most places by a passage id: its passage can be asked for at once,
// instead of after `locate`, the route change and the reader's mounting;
// when the answer holds that very id, Go to opens it without asking
// `locate` at all (GoTo.svelte: one round trip, not two). The reader takes
// the answer if it opens that passage soon after; otherwise it asks itself,
// as it does for every other way in.

import * as api from "../api";
import type { DisplayScript } from "../bindings/DisplayScript";
import type { PassageView } from "../bindings/PassageView";

/**
 * The first page of a passage opened: the passage alone (Reader.svelte).
 * Everything on the screen before the first paint is laid out and painted
 * inside the time to open it: with the two passages after it (a 疏 each,
 * ~120 nodes and a screen of new glyphs) the frame after the focus took
 * 20–30 ms; those come in with the window, after that paint.
 */
export const FIRST_PAGE = 1;

/** How long an early answer waits to be taken (Go to opens it at once). */
const KEEP_MS = 2000;

let askedOnce = false;
let early: { key: string; at: number; answer: Promise<PassageView[]> } | null = null;

const keyOf = (source: string, start: number, count: number, script: DisplayScript) => `${source} ${start} ${count} ${script}`;

/**
 * Asks for `count` passages of `source` from `start` now, for the reader to
 * take; the answer is returned too (Go to reads from it whether the passage
 * exists). An answer already at hand (the start's, written into the page)
 * is kept instead of asking.
 */
export function askEarly(
  source: string,
  start: number,
  count: number,
  script: DisplayScript,
  answer: Promise<PassageView[]> = api.passages(source, start, count, script),
): Promise<PassageView[]> {
  // Not taken (the place was refused, or another opened): nobody waits on it.
  answer.catch(() => {});
  early = { key: keyOf(source, start, count, script), at: Date.now(), answer };
  return answer;
}

/**
 * Whether an early answer holds the passage `id` itself: then it is the
 * place `locate` would name (a passage id is the first thing it reads), and
 * Go to need not ask it. Null when not (another form, an unknown id, an
 * error): `locate` then says what the words name, or why nothing.
 */
export async function heldIn(answer: Promise<PassageView[]> | null, id: string): Promise<string | null> {
  if (!answer) return null;
  try {
    return (await answer).some((p) => p.id === id) ? id : null;
  } catch {
    return null;
  }
}

/** The passages asked for early if they are these and still fresh, else asked for now. */
export function passagesFrom(source: string, start: number, count: number, script: DisplayScript): Promise<PassageView[]> {
  const e = early;
  early = null;
  // For the start-up trace (shell/startup.ts sends the page's marks): when
  // the reader, mounted, first asks for its passage.
  if (!askedOnce && typeof performance !== "undefined" && typeof performance.mark === "function") {
    performance.mark("reader:asked");
  }
  askedOnce = true;
  if (e && e.key === keyOf(source, start, count, script) && Date.now() - e.at < KEEP_MS) return e.answer;
  return api.passages(source, start, count, script);
}
