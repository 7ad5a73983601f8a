// The plan's live region: "Step 19 of 408: 眾賓 moves to 門左". The plan
// column is made anew with every passage the reader opens, and a live region
// born with its message is seldom read out; so this one is made once, in the
// body, before the first step is announced, and stays.

import type { Piece } from "./stage-text";

let region: HTMLElement | null = null;

/** The region (made the first time, or again if the page dropped it). */
export function planLiveRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement("p");
  region.className = "visually-hidden";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.dataset.testid = "plan-announce";
  document.body.append(region);
  return region;
}

/** Says `pieces` (Chinese pieces in their own lang). */
export function announcePlan(pieces: readonly Piece[]): void {
  const r = planLiveRegion();
  r.replaceChildren(
    ...pieces.map((p) => {
      if (!p.lang) return document.createTextNode(p.text);
      const s = document.createElement("span");
      s.lang = p.lang;
      s.textContent = p.text;
      return s;
    }),
  );
}
