import { mount } from "svelte";

import App from "./App.svelte";
import { isLocale, loadLocale, localeLoaded } from "./lib/i18n/i18n.svelte";
import { askForFirstView, startupMark } from "./lib/shell/startup";
import { peekStartSettings } from "./lib/shell/settings.svelte";
import { loadShellSettings } from "./lib/shell/shell-start";
import "./theme.css";
import "./app.css";

startupMark("main");
const start = peekStartSettings();
// The first view's data is asked for now, so that it travels while the app
// mounts (shell/startup.ts).
askForFirstView(start);

function begin(): void {
  // The settings, the place and the language too, so that the first render
  // is the first view (shell/shell-start.ts).
  loadShellSettings();
  const target = document.getElementById("app");
  if (!target) throw new Error("no #app element");
  mount(App, { target });
  startupMark("mounted");
}

// The bundle carries English's messages only: a start in Chinese loads its
// language's first (one small file of the app's own), so that the first
// view is in it, not English for a frame (i18n.svelte.ts, loadLocale).
const lang = start?.locale;
if (isLocale(lang) && !localeLoaded(lang)) {
  startupMark("locale:asked");
  void loadLocale(lang)
    .catch(() => {})
    .then(() => {
      startupMark("locale:loaded");
      begin();
    });
} else begin();
