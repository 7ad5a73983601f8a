// Where a pop-up goes: under what it is about, or above it when there is no
// room below; always inside the window. Set through the CSSOM (the CSP
// allows no inline style attributes).

import type { Anchor } from "./char-spots";

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
