// make bench (scripts/bench-app.sh): keystroke → results in the real window.
// Types each query one character at a time, pausing longer than the search
// box's 120 ms debounce so that every keystroke is searched at once, and
// reads the page's own measurement (input event → results in the DOM at the
// next frame) from the search panel. Writes { typed, samples } as JSON to
// SHELI_BENCH_OUT. Not part of the e2e suite (wdio.conf.js runs specs/ only).
import fs from "node:fs";

const TYPED = ["觯", "司射適堂西", "再拜賓答再拜", "楅", "乃張侯下綱"];
const ROUNDS = Number(process.env.SHELI_BENCH_ROUNDS || 4);
const PAUSE_MS = 250;

describe("keystroke to results in the window", () => {
  it("measures every keystroke of the typed queries", async () => {
    await browser.waitUntil(async () => (await $$('[data-testid="work-title"]').length) > 0, { timeout: 30000 });
    await browser.waitUntil(async () => !(await $('[data-testid="index-progress"]').isExisting()), { timeout: 60000 });
    const input = await $('[data-testid="search-input"]');
    const samples = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of TYPED) {
        await input.click();
        await input.clearValue();
        await browser.pause(PAUSE_MS);
        const chars = Array.from(q);
        for (let n = 1; n <= chars.length; n++) {
          const prefix = chars.slice(0, n).join("");
          await input.addValue(chars[n - 1]);
          await browser.waitUntil(
            async () => (await $('[data-testid="search-timing"]').getAttribute("data-query").catch(() => null)) === prefix,
            { timeout: 5000, interval: 5, timeoutMsg: `no results for ${prefix}` },
          );
          const ms = Number(await $('[data-testid="search-timing"]').getAttribute("data-rendered-ms"));
          if (round > 0) samples.push(ms); // the first round warms up
          await browser.pause(PAUSE_MS);
        }
      }
    }
    const out = process.env.SHELI_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify({ typed: TYPED, samples }, null, 1));
    console.log(`keystroke samples: ${samples.length}, median ${samples.sort((a, b) => a - b)[samples.length >> 1]} ms`);
  });
});
