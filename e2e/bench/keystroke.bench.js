// make bench (scripts/bench-app.sh): keystroke → results in the real window.
// Types each query one character at a time, pausing longer than the search
// box's 120 ms debounce so that every keystroke is searched at once, and
// reads the page's own measurement (input event → results in the DOM at the
// next frame) from the search panel. Writes { typed, samples, parts } as JSON
// to SHELI_BENCH_OUT: `parts` splits each sample where the page saw it go by
// (input → the answer back from the backend, → the DOM updated, → the next
// frame begins (its requestAnimationFrame callback), → that frame painted).
// Not part of the e2e suite (wdio.conf.js runs specs/ only).
import fs from "node:fs";

import { TYPED, typeEveryPrefix } from "./typing.js";

// How often WebDriver looks for the results. Each look runs in the page's own
// thread, so it competes with what it measures; SHELI_BENCH_POLL_MS shows by
// how much (5 ms is what the published figures use).
const POLL_MS = Number(process.env.SHELI_BENCH_POLL_MS || 5);

describe("keystroke to results in the window", () => {
  it("measures every keystroke of the typed queries", async () => {
    const samples = [];
    const parts = [];
    await typeEveryPrefix(async (prefix) => {
      const timing = await $('[data-testid="search-timing"]');
      const ms = Number(await timing.getAttribute("data-rendered-ms"));
      const answer = Number(await timing.getAttribute("data-answer-ms"));
      const dom = Number(await timing.getAttribute("data-dom-ms"));
      const frameStart = Number(await timing.getAttribute("data-frame-ms"));
      samples.push(ms);
      parts.push({ query: prefix, answer, dom, frameStart, frame: ms });
    }, POLL_MS);
    const out = process.env.SHELI_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify({ typed: TYPED, samples, parts }, null, 1));
    console.log(`keystroke samples: ${samples.length}, median ${samples.sort((a, b) => a - b)[samples.length >> 1]} ms`);
  });
});
