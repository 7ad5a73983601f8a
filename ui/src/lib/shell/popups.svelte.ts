// The one pop-up over the text: a glossary term's card or a character's
// entry. Opening one replaces the other; closing it with Escape gives the
// focus back to where it was (or to the main view, never to nothing).
// PopupHost.svelte renders it; anything that shows text opens it.
//
// The menus that also float over the text (a selection's actions, a
// passage's copy menu, the list of keys) live in their own components, but
// they are pop-ups too to the reader, who should never see two at once
// (issue 12): each says here when it opens, with how to close it, and
// opening any pop-up or menu closes the one that was open.

import type { CardSummary } from "../bindings/CardSummary";
import type { TextSelection } from "../bindings/TextSelection";
import type { Anchor, CharSpot } from "../chars/char-spots";
import { restoreCursor, saveCursor } from "../reader/reading-cursor";

export type Popup =
  | {
      kind: "term";
      cards: CardSummary[];
      anchor: Anchor;
      /** The character clicked, when a click opened it (its entry is one step away). */
      spot: CharSpot | null;
    }
  | {
      kind: "char";
      char: string;
      /** The passage being read, to highlight its 釋文 reading. */
      passage: string | null;
      /** The character as a selection of its reader segment (for drafting a card). */
      selection: Omit<TextSelection, "script"> | null;
      anchor: Anchor;
      /** Where it is in the text (to step to the next character), if known. */
      spot: CharSpot | null;
      /** performance.now() of the click or key that opened it. */
      since: number;
    };

export interface OpenOptions {
  /** Move the focus into the pop-up (a click or a key; not a selection being extended). */
  focus: boolean;
}

class Popups {
  current: Popup | null = $state(null);
  /** Whether the pop-up just opened should take the focus. */
  focusOnOpen = false;
  #returnTo: HTMLElement | null = null;
  /** The reading cursor where the pop-up was opened, put back with the focus. */
  #cursor: Range | null = null;
  /** How to close the menu open over the text, if one is. */
  #menu: (() => void) | null = null;

  /**
   * A menu opens over the text: the pop-up and any other menu go (without
   * taking the focus back: the new menu has it).
   */
  openMenu(close: () => void): void {
    this.#closeMenu(close);
    this.#menu = close;
    this.close(false);
  }

  /** The menu closed itself: nothing to close when the next one opens. */
  menuClosed(close: () => void): void {
    if (this.#menu === close) this.#menu = null;
  }

  /** Closes the open menu unless it is `keep`. */
  #closeMenu(keep: (() => void) | null): void {
    const menu = this.#menu;
    if (!menu || menu === keep) return;
    this.#menu = null;
    menu();
  }

  open(popup: Popup, { focus }: OpenOptions): void {
    const active = document.activeElement as HTMLElement | null;
    // Keep the first place of a chain of pop-ups (term → character).
    if (!this.current || !this.#returnTo?.isConnected) {
      this.#returnTo = active && active !== document.body && !active.closest("[data-popup]") ? active : null;
      this.#cursor = saveCursor();
    }
    // (After the cursor is kept: closing a selection's menu drops the selection.)
    this.#closeMenu(null);
    this.focusOnOpen = focus;
    this.current = popup;
  }

  /**
   * Closes the pop-up for a change of view (a link followed from it, Back):
   * the place it was opened from is going away, so the focus, if it was in
   * the pop-up, goes to the main view.
   */
  leave(): void {
    if (!this.current) return;
    const inside = document.activeElement?.closest("[data-popup]") ?? null;
    this.current = null;
    this.#returnTo = null;
    if (inside) returnFocus(null);
  }

  /** Closes the pop-up; with `restore`, the focus goes back where it was. */
  close(restore = false): void {
    if (!this.current) return;
    const inside = document.activeElement?.closest("[data-popup]") ?? null;
    this.current = null;
    const back = this.#returnTo;
    const cursor = this.#cursor;
    this.#returnTo = null;
    this.#cursor = null;
    if (restore || inside) {
      returnFocus(back);
      restoreCursor(cursor);
    }
  }
}

/** Focus to `el` if it is still there, else to the main view. */
export function returnFocus(el: HTMLElement | null): void {
  const target = el?.isConnected ? el : document.getElementById("main");
  target?.focus({ preventScroll: true });
}

export const popups = new Popups();
