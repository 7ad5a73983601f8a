// Where the focus goes when what had it goes away. One rule for every view:
// a control that replaces another hands the focus to its successor (the
// form it opened, the button that opens it again, the next card…), and if
// none of the candidates is there, the main view takes it — never the page
// body. Candidates are elements, selectors (looked up in `within`, default
// the document) or functions returning an element.

import { tick } from "svelte";

export type Candidate = Element | string | (() => Element | null | undefined) | null | undefined;

/** Whether the focus has been lost: on the body, or on nothing. */
export function focusLost(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a === document.documentElement || !a.isConnected;
}

function resolve(c: Candidate, within: ParentNode): HTMLElement | null {
  const el = typeof c === "string" ? within.querySelector(c) : typeof c === "function" ? c() : c;
  return el instanceof HTMLElement && el.isConnected ? el : null;
}

/** Whether the element can show the focus: connected, not hidden, not disabled. */
export function focusable(el: HTMLElement): boolean {
  if (!el.isConnected || el.closest("[hidden], [inert]")) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  return true;
}

/**
 * Focuses the first candidate that is there and can take the focus; else
 * the main view (`#main`). Returns the element focused.
 */
export function focusFirst(candidates: readonly Candidate[], within: ParentNode = document): HTMLElement | null {
  for (const c of candidates) {
    const el = resolve(c, within);
    if (!el || !focusable(el)) continue;
    el.focus({ preventScroll: false });
    if (document.activeElement === el) return el;
  }
  const main = document.getElementById("main");
  main?.focus({ preventScroll: true });
  return main;
}

/** After the view has updated (the successor rendered), focuses the first candidate there. */
export async function handFocus(...candidates: Candidate[]): Promise<HTMLElement | null> {
  await tick();
  return focusFirst(candidates);
}

/**
 * Runs `change` (which may remove the focused control) and then, if the
 * focus was lost, hands it to the first candidate there.
 */
export async function keepFocus(change: () => unknown, ...candidates: Candidate[]): Promise<void> {
  await change();
  await tick();
  if (focusLost()) focusFirst(candidates);
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements inside `container` that Tab stops on, in order (tabindex > 0 is not used here). */
export function tabStops(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => focusable(el) && el.getAttribute("tabindex") !== "-1",
  );
}

/**
 * Whether this key press is a Tab that would take the focus out of
 * `container`: Tab on its last stop, Shift+Tab on its first (or on the
 * container itself). A pop-up floating over the text sits at the end of the
 * page, so the browser's next stop after it is the skip link at the top, a
 * page away from the passage it was opened on: pop-ups close instead and
 * give the focus back to where they came from.
 */
export function tabLeaves(e: KeyboardEvent, container: HTMLElement): boolean {
  if (e.key !== "Tab" || e.ctrlKey || e.altKey || e.metaKey) return false;
  const active = document.activeElement;
  if (!active || !container.contains(active)) return false;
  const stops = tabStops(container);
  if (!stops.length) return true;
  if (e.shiftKey) return active === container || active === stops[0];
  return active === stops[stops.length - 1];
}
