// When the display controls (script, character size, theme, language) fold
// into one "View" button. Zoomed in, the top bar wraps into rows, and in
// English at 200% its third row (the search box and these controls) fell
// below what the bar could show (tester h6, finding 15). These four are set
// once and seldom touched, so they are the ones that give way: folded, the
// bar keeps the brand, Back/Forward, the views and the search box, and the
// controls open below the button, in the bar's own flow (nothing drawn over
// the text, the Tab order unchanged).
//
// Measured in rem of the current zoom, not in px: a media query's rem is the
// engine's default 16 px, blind to the zoom (it sets the root font size).

/** Below this width, in root ems, the controls fold (1200 px folds from 150%). */
export const FOLD_BELOW_REM = 60;

/** Whether a window `widthPx` wide, with a root font of `rootPx`, folds them. */
export function foldToolbar(widthPx: number, rootPx: number): boolean {
  if (!(widthPx > 0) || !(rootPx > 0)) return false;
  return widthPx / rootPx < FOLD_BELOW_REM;
}

/** The root font size in px now (16 × the zoom where the engine says nothing). */
export function rootFontPx(level: number): number {
  const size = getComputedStyle(document.documentElement).fontSize;
  const px = size.endsWith("px") ? parseFloat(size) : NaN;
  return px > 0 ? px : 16 * level;
}
