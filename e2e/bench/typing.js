// What the keystroke benches share: the queries a reader types, and typing
// them into the real window's search box one character at a time, pausing
// longer than the box's 120 ms debounce so that every keystroke is searched
// at once, waiting each time until the panel shows that prefix's results.

export const TYPED = ["觯", "司射適堂西", "再拜賓答再拜", "楅", "乃張侯下綱"];
const ROUNDS = Number(process.env.SHELI_BENCH_ROUNDS || 4);
const PAUSE_MS = 250;

/** Waits for the library and the index, then types every prefix of TYPED
 * ROUNDS times into the search box; `measured(prefix, n)` (n: the prefix's
 * length) runs once the prefix's results are in, except in the first round,
 * which warms up. `pollMs`: how often WebDriver looks for the results. */
export async function typeEveryPrefix(measured, pollMs = 5) {
  await browser.waitUntil(async () => (await $$('[data-testid="work-title"]').length) > 0, { timeout: 30000 });
  await browser.waitUntil(async () => !(await $('[data-testid="index-progress"]').isExisting()), { timeout: 60000 });
  const shown = async () => $('[data-testid="search-timing"]').getAttribute("data-query").catch(() => null);
  await typeInto('[data-testid="search-input"]', shown, measured, pollMs);
}

/** Types every prefix of TYPED ROUNDS times into the input `selector`,
 * waiting each time until `shown()` names that prefix; `measured` as above. */
export async function typeInto(selector, shown, measured, pollMs = 5) {
  const input = await $(selector);
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of TYPED) {
      await input.click();
      await input.clearValue();
      await browser.pause(PAUSE_MS);
      const chars = Array.from(q);
      for (let n = 1; n <= chars.length; n++) {
        const prefix = chars.slice(0, n).join("");
        await input.addValue(chars[n - 1]);
        await browser.waitUntil(async () => (await shown()) === prefix, {
          timeout: 5000,
          interval: pollMs,
          timeoutMsg: `no results for ${prefix}`,
        });
        if (round > 0) await measured(prefix, n);
        await browser.pause(PAUSE_MS);
      }
    }
  }
}
