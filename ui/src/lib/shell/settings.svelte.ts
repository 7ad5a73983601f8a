// The reader's settings as reactive state, saved through the backend.
//
// Changes apply at once (optimistic) and are saved in the background; if the
// backend refuses, the last stored value comes back and `error` says why.

import * as api from "../api";
import type { Settings } from "../bindings/Settings";

export const CHAR_SIZE_MIN = 14;
export const CHAR_SIZE_MAX = 48;

export const DEFAULT_SETTINGS: Settings = {
  script: "original",
  char_size: 24,
  theme: "system",
  layers: ["注", "疏", "音義", "按", "題"],
  parallel: false,
  plan: false,
  place: "",
  locale: null,
};

export function clampCharSize(n: number): number {
  return Math.min(CHAR_SIZE_MAX, Math.max(CHAR_SIZE_MIN, Math.round(n)));
}

/**
 * The settings the backend wrote into the page before it loaded
 * (`start_script` in src-tauri/src/app/mod.rs), so that the first view needs
 * no round trip: on the window's first load only. After a reload they may
 * be stale (changed since the window opened), so the page asks again.
 */
export function startSettings(): Settings | null {
  const s = peekStartSettings();
  // Taken once: a later load() (none today) asks the backend.
  (globalThis as { __SHELI_START__?: unknown }).__SHELI_START__ = undefined;
  return s;
}

/** The settings written into the page, as `startSettings` gives them, left in place (main.ts asks early with them). */
export function peekStartSettings(): Settings | null {
  const start = (globalThis as { __SHELI_START__?: { settings?: Settings } }).__SHELI_START__;
  if (!start?.settings || typeof start.settings !== "object") return null;
  const nav = typeof performance !== "undefined" && typeof performance.getEntriesByType === "function"
    ? (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
    : undefined;
  if (nav && nav.type !== "navigate") return null;
  return { ...DEFAULT_SETTINGS, ...start.settings };
}

export class SettingsStore {
  value: Settings = $state({ ...DEFAULT_SETTINGS });
  loaded = $state(false);
  error: string | null = $state(null);
  #stored: Settings = { ...DEFAULT_SETTINGS };
  #saving: Promise<unknown> = Promise.resolve();
  /** Counts changes, so a late answer does not undo a newer change. */
  #version = 0;

  /**
   * Reads the stored settings. `beforeShown` runs with them before `loaded`
   * turns true, in the same turn, so that what it sets (the place restored)
   * is what the first view shows: no flash of the library on the way.
   * `prepare`, if it returns a promise, is waited for first (the language's
   * messages loading); when it returns nothing and the page was given the
   * settings, all of it happens before `load` returns.
   */
  async load(beforeShown?: (s: Settings) => void, prepare?: (s: Settings) => Promise<void> | void): Promise<void> {
    try {
      const s = startSettings() ?? (await api.getSettings());
      const waiting = prepare?.(s);
      if (waiting) await waiting;
      this.#stored = s;
      this.value = s;
      this.error = null;
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
    } finally {
      try {
        beforeShown?.(this.value);
      } finally {
        this.loaded = true;
      }
    }
  }

  #placeTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Keeps where the reader is (`place`: a view's hash) for the next start.
   * Moving through passages saves once the moves settle, not at each one.
   */
  rememberPlace(place: string, settleMs = 400): void {
    if (!this.loaded) return;
    if (this.#placeTimer) clearTimeout(this.#placeTimer);
    this.#placeTimer = null;
    if (place === this.value.place) return;
    this.#placeTimer = setTimeout(() => {
      this.#placeTimer = null;
      void this.update({ place });
    }, settleMs);
  }

  /** Applies `patch` now and saves it; resolves when saved (or refused). */
  update(patch: Partial<Settings>): Promise<void> {
    const next: Settings = { ...this.value, ...patch };
    if (patch.char_size !== undefined) next.char_size = clampCharSize(patch.char_size);
    this.value = next;
    const version = ++this.#version;
    // Saves run one after another, so the last change is the one stored.
    const run = this.#saving.then(async () => {
      try {
        const stored = await api.setSettings(next);
        this.#stored = stored;
        this.error = null;
        // Only adopt the stored value if nothing newer was applied meanwhile,
        // and only if it differs (a new but equal value would redraw every
        // view that reads a setting).
        if (this.#version === version && JSON.stringify(stored) !== JSON.stringify(this.value)) this.value = stored;
      } catch (e) {
        this.error = e instanceof Error ? e.message : String(e);
        if (this.#version === version) this.value = this.#stored;
      }
    });
    this.#saving = run;
    return run;
  }
}

export const settings = new SettingsStore();
