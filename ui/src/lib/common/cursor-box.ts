// Where the reading cursor is, drawn: a collapsed selection in text that
// cannot be edited shows nothing, so a thin box is laid over the character
// the cursor stands before (fixed over the window, following the text as it
// scrolls, hidden when the focus leaves or the mouse is used). A selection
// made with Shift shows as the selection itself.

import { rangeOfSpot, type CharSpot } from "../chars/char-spots";

let box: HTMLElement | null = null;
let current: CharSpot | null = null;
let unlisten: (() => void) | null = null;

export function hideCursorBox(): void {
  box?.remove();
  box = null;
  current = null;
  unlisten?.();
  unlisten = null;
}

/** Draws the cursor before `spot` (or hides it for null). */
export function showCursorBox(spot: CharSpot | null): void {
  const r = spot ? rangeOfSpot(spot)?.getBoundingClientRect?.() : null;
  if (!spot || !r || (!r.width && !r.height)) {
    hideCursorBox();
    return;
  }
  if (!box) {
    box = document.createElement("div");
    box.className = "reading-cursor-box";
    box.setAttribute("aria-hidden", "true");
    box.dataset.testid = "reading-cursor";
    document.body.appendChild(box);
    const hide = () => hideCursorBox();
    const follow = () => (current?.container.isConnected ? place(current) : hideCursorBox());
    const scope = spot.container.closest("[data-passage]");
    window.addEventListener("scroll", follow, true);
    window.addEventListener("mousedown", hide, true);
    scope?.addEventListener("focusout", hide);
    unlisten = () => {
      window.removeEventListener("scroll", follow, true);
      window.removeEventListener("mousedown", hide, true);
      scope?.removeEventListener("focusout", hide);
    };
  }
  current = spot;
  box.dataset.char = spot.char;
  place(spot, r);
}

function place(spot: CharSpot, r = rangeOfSpot(spot)?.getBoundingClientRect?.()): void {
  if (!box || !r) return;
  Object.assign(box.style, {
    left: `${r.left - 1}px`,
    top: `${r.top - 1}px`,
    width: `${r.width + 2}px`,
    height: `${r.height + 2}px`,
  });
}
