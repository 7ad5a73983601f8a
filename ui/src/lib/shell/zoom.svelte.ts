// Zoom of the whole interface: Ctrl+= (or Ctrl++), Ctrl+− and Ctrl+0, like
// a browser's page zoom. It sets the root font size, and every text size of
// the CSS is in rem/em, so everything follows (A−/A+ are the 經's own size,
// on top of it). The level is remembered in the window's own storage
// (localStorage, kept in the data folder with the web engine's data): the
// backend's settings have no field for it, and it is a preference of this
// window, not of the texts.

export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
const KEY = "sheli.zoom";

export type ZoomAction = "in" | "out" | "reset";

/** What a key press asks of the zoom, if anything (Ctrl or ⌘ with =, +, −, 0). */
export function zoomAction(e: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey">): ZoomAction | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  if (e.key === "=" || e.key === "+" || e.code === "NumpadAdd") return "in";
  if (e.key === "-" || e.key === "−" || e.key === "_" || e.code === "NumpadSubtract") return "out";
  if (e.key === "0" || e.code === "Numpad0") return "reset";
  return null;
}

/** The next level from `level` in direction `dir`, within the steps. */
export function nextZoom(level: number, dir: 1 | -1): number {
  if (dir === 1) return ZOOM_STEPS.find((s) => s > level + 1e-6) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1];
  return [...ZOOM_STEPS].reverse().find((s) => s < level - 1e-6) ?? ZOOM_STEPS[0];
}

function clamp(n: number): number {
  return Number.isFinite(n) ? Math.min(ZOOM_STEPS[ZOOM_STEPS.length - 1], Math.max(ZOOM_STEPS[0], n)) : 1;
}

/**
 * Called just before the size changes; what it returns is called once the
 * new size is laid out (the reader keeps its place with it: keep-place.ts).
 */
export type PlaceKeeper = () => (() => void) | void;

class Zoom {
  level = $state(1);
  #keepers = new Set<PlaceKeeper>();

  /** Registers a keeper of a place for every change of level; returns its removal. */
  keepPlace(k: PlaceKeeper): () => void {
    this.#keepers.add(k);
    return () => this.#keepers.delete(k);
  }

  /** The remembered level, applied. */
  load(): void {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(KEY);
    } catch {
      // no storage: the default
    }
    this.set(stored === null ? 1 : clamp(Number(stored)), false);
  }

  set(level: number, remember = true): void {
    const after = [...this.#keepers].map((k) => k());
    this.level = clamp(level);
    document.documentElement.style.fontSize = this.level === 1 ? "" : `${Math.round(this.level * 100)}%`;
    // Reading a size lays the page out at once: put the places back before
    // the next paint, and again after it (a web font swapped in late).
    for (const a of after) a?.();
    if (after.some(Boolean) && typeof requestAnimationFrame === "function")
      requestAnimationFrame(() => after.forEach((a) => a?.()));
    if (!remember) return;
    try {
      localStorage.setItem(KEY, String(this.level));
    } catch {
      // not remembered, still applied
    }
  }

  apply(action: ZoomAction): void {
    this.set(action === "reset" ? 1 : nextZoom(this.level, action === "in" ? 1 : -1));
  }
}

export const zoom = new Zoom();
