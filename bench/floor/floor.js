// The floor of the start-up figure (floor.html): says the page is shown and
// usable after its first paint, as shell/startup.ts does for the app's first
// view, with the same marks.
performance.mark("main");
requestAnimationFrame(() =>
  setTimeout(() => {
    performance.mark("painted");
    const o = performance.timeOrigin;
    const marks = [["origin", o]].concat(performance.getEntriesByType("mark").map((m) => [m.name, o + m.startTime]));
    void window.__TAURI_INTERNALS__.invoke("ui_ready", { pageMs: performance.now(), marks });
  }, 0),
);
