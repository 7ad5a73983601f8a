// Where a pop-up goes: under what it is about, or above it when there is no
// room below; always inside the window. Set through the CSSOM (the CSP
// allows no inline style attributes).

import type { Anchor } from "../chars/char-spots";

export function placePopup(box: HTMLElement, anchor: Anchor): void {
  const w = box.offsetWidth || 360;
  const h = box.offsetHeight || 220;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const left = Math.max(8, Math.min(anchor.left - 24, vw - w - 8));
  const below = anchor.bottom + 8;
  const top = below + h > vh - 8 && anchor.top - h - 8 > 8 ? anchor.top - h - 8 : Math.min(below, vh - h - 8);
  box.style.left = `${left}px`;
  box.style.top = `${Math.max(8, top)}px`;
}

/**
 * Keeps the pop-up placed while its size changes (a form opening inside
 * it, an entry arriving); returns the undo. Where there is no
 * ResizeObserver (jsdom) it is placed once.
 */
export function keepPlaced(box: HTMLElement, anchor: () => Anchor): () => void {
  placePopup(box, anchor());
  if (typeof ResizeObserver === "undefined") return () => {};
  const ro = new ResizeObserver(() => placePopup(box, anchor()));
  ro.observe(box);
  return () => ro.disconnect();
}
