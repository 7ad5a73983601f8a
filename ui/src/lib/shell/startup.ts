// The start-up probe: once the first view is on screen and usable, the UI
// tells the backend (`ui_ready`), which prints the moment when `make bench`
// asks it to (SHELI_REPORT_INTERACTIVE); otherwise it does nothing.
//
// With it go the page's own moments on the way (Unix ms), so that the
// bench can say where the time went: the document and the script fetched,
// the script run (`main`), the app mounted, each IPC call of the start sent
// and answered (api.ts), the view rendered, and painted.

import * as api from "../api";

let reported = false;

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
  };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(report, 0));
  else report();
}
