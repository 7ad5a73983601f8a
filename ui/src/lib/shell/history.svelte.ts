// Back and Forward over the views visited — passages, search hits, cards —
// with the focus given back to what had it (the passage read, the search
// box with its results, the link followed).
//
// The views live in the location hash (router.svelte.ts), so the window's
// own history already holds every visit, and Back is `history.back()`: one
// list, whichever way the user goes back (our keys and buttons, or the web
// view's own). What the window's history lacks is where each entry is and
// what had the focus there; each entry's state carries both: `n`, its place
// in the list (to know whether there is a Back or a Forward), and `focus`, a
// selector for the element last focused while it was shown (kept on every
// `focusin`, since by the time a link is followed the focus may be gone).
//
// On returning, the focus goes back once that element is on screen: views
// that load (the reader) say when they have shown what they were sent to
// (`landed`); for the others, the element is awaited as the view renders.

/** The part of an entry's `history.state` this module writes. */
export interface EntryState {
  n: number;
  focus?: string;
}

/** How long a returning view may take to show the element to focus. */
const RESTORE_WAIT_MS = 3000;

function entryOf(state: unknown): EntryState | null {
  const s = state as Partial<EntryState> | null;
  return s && typeof s.n === "number" && Number.isInteger(s.n) ? (s as EntryState) : null;
}

/**
 * A selector that finds `el` again once its view is shown anew: its id, the
 * passage link it is (the library's), or the nearest element with an id
 * (a passage, for a character in it). Null for what cannot be found again.
 */
export function selectorFor(el: Element | null): string | null {
  if (!el || el === document.body || el === document.documentElement) return null;
  // Attribute selectors: ids such as p-xiangshe.zhushu.0143 hold dots.
  const esc = (s: string) => s.replace(/["\\]/g, "\\$&");
  if (el.id) return `[id="${esc(el.id)}"]`;
  const link = el.closest("[data-passage-id]");
  if (link) return `[data-passage-id="${esc(link.getAttribute("data-passage-id") ?? "")}"]`;
  const withId = el.closest("[id]");
  if (withId && withId.id !== "main") return `[id="${esc(withId.id)}"]`;
  return null;
}

export class NavHistory {
  /** This entry's place in the list, and the last place Forward reaches. */
  at = $state(0);
  top = $state(0);
  #win: Window | null = null;
  /** A selector to focus once its view shows it (after Back or Forward). */
  #pending: string | null = null;
  /** This navigation was Back or Forward and its focus is given back already. */
  #restored = false;
  #observer: MutationObserver | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #fallback: ReturnType<typeof setTimeout> | null = null;
  /** The selector last given the focus back (to give it again if its element was replaced). */
  #given: string | null = null;
  /** Back and Forward moves seen, and their count at a side button's press. */
  #moves = 0;
  #pressAt: number | null = null;

  get canBack(): boolean {
    return this.at > 0;
  }
  get canForward(): boolean {
    return this.at < this.top;
  }

  /** Follows the window's history; returns the undo. */
  start(win: Window = window): () => void {
    this.#win = win;
    const here = entryOf(win.history.state);
    if (here) {
      this.at = here.n;
      this.top = Math.max(this.top, here.n);
    } else {
      this.#write({ n: 0 });
      this.at = 0;
      this.top = 0;
    }
    const onFocus = (e: FocusEvent) => {
      const focus = selectorFor(e.target as Element | null);
      if (focus) this.#write({ n: this.at, focus });
    };
    const onHash = () => this.#arrived();
    win.addEventListener("focusin", onFocus);
    win.addEventListener("hashchange", onHash);
    return () => {
      win.removeEventListener("focusin", onFocus);
      win.removeEventListener("hashchange", onHash);
      this.#stopWaiting();
      this.#win = null;
    };
  }

  back(): void {
    if (this.canBack) this.#win?.history.back();
  }

  forward(): void {
    if (this.canForward) this.#win?.history.forward();
  }

  /**
   * A view has shown what it was sent to: the focus goes back to what had it
   * when this entry was left (after Back or Forward), else to `el`.
   */
  landed(el: HTMLElement | null): void {
    const doc = this.#win?.document;
    const kept = doc?.activeElement;
    // Given back already, and still there (not in the view just replaced).
    if (this.#restored && kept && kept !== doc.body && kept.isConnected) return;
    if (this.#restored && this.#given) this.#pending = this.#given;
    if (this.#pending && this.#tryRestore()) return;
    el?.focus({ preventScroll: true });
  }

  /**
   * The mouse's side buttons. The web view may go back by itself on them:
   * if it has not within a moment of the press, we do.
   */
  mouse(e: MouseEvent): void {
    const action = navAction(e);
    if (!action) return;
    e.preventDefault();
    if (e.type === "mousedown") {
      this.#pressAt = this.#moves;
      return;
    }
    if (e.type !== "mouseup") return;
    const before = this.#pressAt ?? this.#moves;
    this.#pressAt = null;
    setTimeout(() => {
      if (this.#moves === before) this[action]();
    }, 60);
  }

  /** A new entry (a visit) or an old one (Back, Forward). */
  #arrived(): void {
    const win = this.#win;
    if (!win) return;
    this.#stopWaiting();
    this.#restored = false;
    this.#given = null;
    const old = entryOf(win.history.state);
    if (old) {
      this.#moves += 1;
      this.at = old.n;
      this.#pending = old.focus ?? null;
      // Nothing to give the focus back to (or it never shows): the main view
      // rather than the page, unless a view hands it over meanwhile.
      if (this.#pending) this.#awaitElement();
      else this.#fallback = setTimeout(() => this.#focusMain(), 300);
    } else {
      // A visit: everything after the entry it was made from is gone.
      this.at += 1;
      this.top = this.at;
      this.#pending = null;
      this.#write({ n: this.at });
    }
  }

  #write(s: EntryState): void {
    const win = this.#win;
    if (!win) return;
    const prev = (win.history.state ?? {}) as Record<string, unknown>;
    win.history.replaceState({ ...prev, ...s }, "");
  }

  #tryRestore(): boolean {
    const doc = this.#win?.document;
    if (!doc || !this.#pending) return false;
    let el: HTMLElement | null = null;
    try {
      el = doc.querySelector<HTMLElement>(this.#pending);
    } catch {
      el = null; // not a selector (a hand-edited state): nothing to restore
    }
    if (!el) return false;
    this.#given = this.#pending;
    this.#pending = null;
    this.#restored = true;
    this.#stopWaiting();
    el.focus();
    return true;
  }

  /** Waits (without polling) for the view to render the element to focus. */
  #awaitElement(): void {
    const doc = this.#win?.document;
    if (!doc) return;
    // A view already there (the top bar's search box) takes it at once —
    // unless a view that loads will hand it over (`landed`), which then
    // finds it in place.
    queueMicrotask(() => this.#tryRestore());
    if (typeof MutationObserver !== "undefined") {
      this.#observer = new MutationObserver(() => this.#tryRestore());
      this.#observer.observe(doc.body, { childList: true, subtree: true });
    }
    this.#timer = setTimeout(() => {
      this.#pending = null;
      this.#stopWaiting();
      this.#focusMain();
    }, RESTORE_WAIT_MS);
  }

  #focusMain(): void {
    this.#fallback = null;
    const doc = this.#win?.document;
    const a = doc?.activeElement;
    if (!doc || this.#restored || (a && a !== doc.body && a.isConnected)) return;
    doc.getElementById("main")?.focus({ preventScroll: true });
  }

  #stopWaiting(): void {
    if (this.#fallback) clearTimeout(this.#fallback);
    this.#fallback = null;
    this.#observer?.disconnect();
    this.#observer = null;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

export const nav = new NavHistory();

/** The key or mouse button that means Back or Forward, if this event is one. */
export function navAction(e: KeyboardEvent | MouseEvent): "back" | "forward" | null {
  if ("key" in e) {
    if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
    if (e.key === "ArrowLeft") return "back";
    if (e.key === "ArrowRight") return "forward";
    return null;
  }
  // The mouse's side buttons: 3 is "back", 4 "forward".
  if (e.button === 3) return "back";
  if (e.button === 4) return "forward";
  return null;
}
