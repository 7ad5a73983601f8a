// The colour scheme in force: the theme the user chose, or with "system" the
// desktop's preference, followed as it changes. Set on <html> as
// `data-scheme`, so theme.css writes the dark palette once instead of twice
// (once for the dark theme, once inside a prefers-color-scheme query).

import type { Theme } from "../bindings/Theme";

const query = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;

let desktopDark = $state(query?.matches ?? false);
query?.addEventListener("change", (e) => {
  desktopDark = e.matches;
});

export type Scheme = "light" | "dark";

/** The scheme `theme` stands for now. */
export function schemeOf(theme: Theme): Scheme {
  if (theme === "system") return desktopDark ? "dark" : "light";
  return theme;
}
