// The start-up probe: once the first view is on screen and usable, the UI
// tells the backend (`ui_ready`), which prints the moment when `make bench`
// asks it to (SHELI_REPORT_INTERACTIVE); otherwise it does nothing.

import * as api from "../api";

let reported = false;

/** Call when a view has rendered its content; only the first call counts. */
export function markInteractive(): void {
  if (reported) return;
  reported = true;
  // After the next paint: the content is then visible, not only in the DOM.
  const report = () => void api.uiReady(performance.now()).catch(() => {});
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(report, 0));
  else report();
}
