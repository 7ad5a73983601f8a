// Which figure's card the plan shows, and how: shown while a figure is
// hovered or focused (a preview), opened with Enter or a click (pinned: the
// focus goes in, its links and buttons reachable), closed with Escape (the
// focus back on the figure) or when the focus goes elsewhere on the page.
// The pointer may cross from the figure to its card without losing it.

import { tick } from "svelte";

import { handFocus } from "../common/focus";

/** The plan's figure for an actor (SVG: focus.ts hands the focus to HTML only). */
export function figureElement(actor: string, within: ParentNode = document): SVGElement | null {
  return Array.from(within.querySelectorAll<SVGElement>(".plan-figure")).find((el) => el.dataset.actor === actor) ?? null;
}

export class FigureCard {
  current: { actor: string; pinned: boolean } | null = $state(null);
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** While the focus is handed back to a figure: no preview for it. */
  #quiet = false;

  preview(actor: string): void {
    if (this.#quiet) return;
    this.keep();
    if (this.current?.pinned && this.current.actor === actor) return;
    this.current = { actor, pinned: false };
  }

  /** Drops a preview (a pinned card stays), at once or after `delay` ms. */
  unpreview(delay = 0): void {
    this.keep();
    const drop = () => {
      if (this.current && !this.current.pinned) this.current = null;
    };
    if (delay) this.#timer = setTimeout(drop, delay);
    else drop();
  }

  /** Cancels a pending unpreview (the pointer reached the card). */
  keep(): void {
    clearTimeout(this.#timer);
  }

  /** Opens the card of `actor`; the focus goes into it (`#plan-card`). */
  pin(actor: string): void {
    this.keep();
    this.current = { actor, pinned: true };
    void handFocus("#plan-card");
  }

  /** Closes the card; with `refocus`, its figure has the focus again (no preview). */
  close(refocus: boolean): void {
    const actor = this.current?.actor;
    this.current = null;
    if (!refocus || !actor) return;
    void tick().then(() => {
      this.#quiet = true;
      figureElement(actor)?.focus();
      this.#quiet = false;
    });
  }

  /** The focus left the card for `to`: a pinned card closes unless it went back to its figure. */
  focusLeft(card: HTMLElement, to: Node | null): void {
    const c = this.current;
    if (to && !card.contains(to) && c?.pinned && to !== figureElement(c.actor)) this.current = null;
  }
}
