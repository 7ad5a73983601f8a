// Another Sheli may change the library while the window is open: `sheli
// import` or `sheli restore` from a terminal, a second window. The backend
// notices by the identity of the user's list of texts
// (sheli_library::LibraryStamp) when asked; the window asks whenever it gets
// the focus back — the moment a user who ran a command elsewhere returns —
// and, when the texts changed, the views that list them read them again
// (`generation`) and the user is told, not left looking at a library that
// is no longer there (the outside tester's finding 4).

import * as api from "../api";

class LibraryChanges {
  /** Bumped each time the texts were read again: views that list them follow it. */
  generation = $state(0);
  /** Whether the library was changed by another process since the window opened. */
  changed = $state(false);
  #asking = false;

  /** Asks the backend; says whether the texts were read again. */
  async check(): Promise<boolean> {
    if (this.#asking) return false;
    this.#asking = true;
    try {
      const changed = await api.libraryChanged();
      if (changed) {
        this.generation += 1;
        this.changed = true;
      }
      return changed;
    } catch {
      // Outside the app, or the texts cannot be read now: the next focus asks again.
      return false;
    } finally {
      this.#asking = false;
    }
  }

  /**
   * The window's own import changed the texts: every view that lists them
   * reads them again — the library and the search's note of texts left out,
   * which kept the list from before the import — without the notice that
   * another Sheli changed the library.
   */
  readAgain(): void {
    this.generation += 1;
  }

  /** Asks at every return of the focus to the window; returns how to stop. */
  start(): () => void {
    const ask = () => void this.check();
    const visible = () => {
      if (document.visibilityState === "visible") ask();
    };
    window.addEventListener("focus", ask);
    document.addEventListener("visibilitychange", visible);
    return () => {
      window.removeEventListener("focus", ask);
      document.removeEventListener("visibilitychange", visible);
    };
  }
}

export const libraryChanges = new LibraryChanges();
