// The shell's settings, read and applied before the app is mounted.
//
// They were read in App's onMount, which Svelte runs in the flush after
// `mount` returns: the first render made `<main>` say "Loading", and the
// settings' `loaded` then rendered it again with the reader, in a second
// pass over the tree before the first paint (issue 12's start-up; bench/
// NOTES.md "what is ours above the floor"). When the backend wrote the
// settings into the page (`__SHELI_START__`), `settings.load` takes them
// without waiting, so `loaded` is true, the place restored and the language
// chosen before the first render, which shows the reader at once. Without
// them (a reload) it asks, and the first render says "Loading" as before.

import { isLocale, loadLocale, localeLoaded, setLocale } from "../i18n/i18n.svelte";
import { router } from "./router.svelte";
import { settings } from "./settings.svelte";
import { startupMark } from "./startup";
import { zoom } from "./zoom.svelte";

let begun = false;

/** Reads the settings (the place, the language) and the zoom, once per page. */
export function loadShellSettings(): void {
  if (begun) return;
  begun = true;
  // The place restored before `loaded` turns true: no flash of the library.
  // The language's messages, if not loaded yet (main.ts loads them before
  // mounting when the page was given the settings), before anything shows:
  // no flash of English on the way either.
  void settings.load(
    (s) => {
      if (isLocale(s.locale)) setLocale(s.locale);
      router.restore(s.place);
      startupMark("app:settings");
    },
    (s) => (isLocale(s.locale) && !localeLoaded(s.locale) ? loadLocale(s.locale).catch(() => {}) : undefined),
  );
  zoom.load();
}
