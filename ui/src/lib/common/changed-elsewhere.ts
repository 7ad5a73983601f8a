// What another Sheli (or the CLI) wrote to the user store while this window
// was open: the store's stamp (`PRAGMA data_version`) moves only for other
// connections' writes, so it is asked when the window comes back into view
// (focus, visibility), and the view reloads only if it moved — and only when
// `canReload` says nothing is being edited, whose text a reload would lose.
// Used by the Notes view and the glossaries' view.
import * as api from "../api";

/** Starts watching; returns the function that stops it (an `$effect`'s cleanup). */
export function watchChangedElsewhere(reload: () => unknown, canReload: () => boolean): () => void {
  let stamp: number | null = null;
  async function check() {
    try {
      const now = await api.storeStamp();
      const moved = stamp !== null && now !== stamp;
      stamp = now;
      if (moved && canReload()) await reload();
    } catch {
      // Nothing to refresh from: what is shown stays as it is.
    }
  }
  void check();
  const onFocus = () => void check();
  const onVisible = () => document.visibilityState === "visible" && void check();
  window.addEventListener("focus", onFocus);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    window.removeEventListener("focus", onFocus);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
