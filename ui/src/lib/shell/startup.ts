// The start-up probe: once the first view is on screen and usable, the UI
// tells the backend (`ui_ready`), which prints the moment when `make bench`
// asks it to (SHELI_REPORT_INTERACTIVE); otherwise it does nothing.
//
// With it go the page's own moments on the way (Unix ms), so that the
// bench can say where the time went: the document and the script fetched,
// the script run (`main`), the app mounted, each IPC call of the start sent
// and answered (api.ts), the view rendered, and painted.

import * as api from "../api";
import type { DisplayScript } from "../bindings/DisplayScript";
import type { PassageView } from "../bindings/PassageView";
import type { Settings } from "../bindings/Settings";
import type { SourceView } from "../bindings/SourceView";
import { parsePassageId } from "../common/ids";
import { editionScripts } from "../common/lang.svelte";
import { askEarly, FIRST_PAGE } from "../reader/opening";
import { parseHash } from "./router.svelte";

let reported = false;

// Work the first view does not show (the index's progress, the passages'
// notes and known faults, the term links' cards) waits until that view is
// painted: before, its calls went out beside the passage's and their
// answers were parsed on the page's one thread while the passage waited.
// A view that never reports (the jing view, glossaries, …) lets it go after
// FIRST_VIEW_WAIT_MS. Only a start that main.ts began waits
// (askForFirstView); a component mounted on its own (tests) does not.
const FIRST_VIEW_WAIT_MS = 1000;
let firstViewDone = true;
let waiting: (() => void)[] = [];
let fallback: ReturnType<typeof setTimeout> | null = null;

function releaseFirstView(): void {
  if (firstViewDone) return;
  firstViewDone = true;
  if (fallback) clearTimeout(fallback);
  const now = waiting;
  waiting = [];
  for (const f of now) f();
}

/** Runs `f` once the first view is painted (at once after that). */
export function afterFirstView(f: () => void): void {
  if (firstViewDone) return f();
  waiting.push(f);
}

/**
 * What the backend wrote into the page beside the settings
 * (`src-tauri/src/app/mod.rs`, `start_script`): the list of sources and the
 * first page of the passage the settings' place names, as `sources` and
 * `passages` would answer (each left out when it could not be made).
 */
export interface StartData {
  sources?: SourceView[];
  first?: { source: string; start: number; count: number; script: DisplayScript; passages: PassageView[] };
}

function writtenStartData(): StartData {
  const start = (globalThis as { __SHELI_START__?: unknown }).__SHELI_START__;
  return typeof start === "object" && start !== null ? (start as StartData) : {};
}

/**
 * At the script's first line, before the app is mounted: the first view's
 * data, from what the backend wrote into the page (`__SHELI_START__`): the
 * list of sources (the texts' scripts, for `lang`) and, when the place
 * restored is a passage, its first page (reader/opening.ts, which the
 * reader takes when it mounts). The start's trace showed the two calls
 * that asked for them taking ~85 ms of a ~180 ms page (issue 12; bench/
 * NOTES.md "the first round trip"), so they are asked for only when the
 * page was not given them (an old backend, a place that names no passage,
 * a passage the backend could not read: the reader then says why).
 * `start` is null on a reload (peekStartSettings): the page then asks, as
 * the texts may have changed since.
 */
export function askForFirstView(start: Settings | null, data: StartData = writtenStartData()): void {
  firstViewDone = false;
  fallback = setTimeout(releaseFirstView, FIRST_VIEW_WAIT_MS);
  if (start && Array.isArray(data.sources)) {
    api.seedSources(data.sources);
    startupMark("start:sources");
  }
  void editionScripts.load();
  if (!start?.place) return;
  const route = parseHash(start.place);
  const ref = route.view === "reader" ? parsePassageId(route.id) : null;
  if (!ref) return;
  const f = data.first;
  const given =
    f && f.source === ref.source && f.start === ref.ordinal && f.count === FIRST_PAGE && f.script === start.script && Array.isArray(f.passages)
      ? f.passages
      : null;
  if (given) startupMark("start:passages");
  askEarly(ref.source, ref.ordinal, FIRST_PAGE, start.script, given ? Promise.resolve(given) : undefined);
}

/** `performance.mark`, where the engine has it (not in jsdom). */
export function startupMark(name: string): void {
  if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(name);
}

/** The page's marks so far, as [name, Unix ms]; `origin` is navigation start. */
export function startupMarks(): [string, number][] {
  if (typeof performance === "undefined" || typeof performance.getEntriesByType !== "function") return [];
  const origin = performance.timeOrigin;
  const out: [string, number][] = [["origin", origin]];
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (nav) {
    out.push(["document-fetched", origin + nav.responseEnd]);
    out.push(["document-parsed", origin + nav.domInteractive]);
  }
  for (const r of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
    if (r.name.endsWith(".js")) out.push(["script-fetched", origin + r.responseEnd]);
  }
  for (const m of performance.getEntriesByType("mark")) out.push([m.name, origin + m.startTime]);
  return out.filter(([name]) => /^[A-Za-z0-9:_.-]{1,64}$/.test(name)).slice(0, 64);
}

/** Call when a view has rendered its content; only the first call counts. */
export function markInteractive(): void {
  if (reported) return;
  reported = true;
  startupMark("rendered");
  // After the next paint: the content is then visible, not only in the DOM.
  const report = () => {
    startupMark("painted");
    void api.uiReady(performance.now(), startupMarks()).catch(() => {});
    releaseFirstView();
  };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(report, 0));
  else report();
}
