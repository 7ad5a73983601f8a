// make bench (scripts/bench-app.sh): a click on a character → its pop-over
// painted, in the real window. Clicks characters of a 疏 with the mouse, one
// after another, and reads the pop-over's own measurement (the click's
// timestamp → the entry arrived → the next frame painted with it:
// data-entry-ms, data-painted-ms). Each character is new to the page the
// first time (no cached entry). Writes { samples: [{char, entry, painted}] }
// to SHELI_BENCH_OUT. Not part of the e2e suite (wdio.conf.js runs specs/).
import fs from "node:fs";

const PASSAGE = "xiangshe.tongjie.0008";
const CLICKS = Number(process.env.SHELI_BENCH_CLICKS || 16);

/** Viewport centres of the first `n` distinct Han characters of the 疏. */
async function characters(n) {
  return browser.execute(
    (passage, n) => {
      const seg = document.querySelector(`[data-passage="${passage}"] [data-layer="shu"]`);
      const out = [];
      const seen = new Set();
      const walker = document.createTreeWalker(seg, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t && out.length < n; t = walker.nextNode()) {
        if (t.parentElement.closest(".layer-tag")) continue;
        for (let i = 0; i < t.data.length && out.length < n; i++) {
          const c = t.data[i];
          if (!/\p{Script=Han}/u.test(c) || seen.has(c)) continue;
          seen.add(c);
          out.push(c);
        }
      }
      return out;
    },
    PASSAGE,
    n,
  );
}

async function boxOf(char) {
  return browser.execute(
    (passage, char) => {
      const seg = document.querySelector(`[data-passage="${passage}"] [data-layer="shu"]`);
      const walker = document.createTreeWalker(seg, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        if (t.parentElement.closest(".layer-tag")) continue;
        const i = t.data.indexOf(char);
        if (i < 0) continue;
        t.parentElement.scrollIntoView({ block: "center" });
        const r = document.createRange();
        r.setStart(t, i);
        r.setEnd(t, i + 1);
        const b = r.getBoundingClientRect();
        return { x: Math.round((b.left + b.right) / 2), y: Math.round((b.top + b.bottom) / 2) };
      }
      return null;
    },
    PASSAGE,
    char,
  );
}

describe("a character's pop-over in the window", () => {
  it("measures click → painted for characters of a 疏", async function () {
    this.timeout(10 * 60 * 1000);
    await browser.waitUntil(async () => (await $$('[data-testid="work-title"]').length) > 0, { timeout: 30000 });
    await browser.waitUntil(async () => !(await $('[data-testid="index-progress"]').isExisting()), { timeout: 60000 });
    await browser.execute((h) => (location.hash = h), `#/read/${PASSAGE}`);
    await $(`[data-passage="${PASSAGE}"]`).waitForDisplayed();
    // The 疏 shown, the parallel column out of the way (as specs/chars.e2e.js).
    const t = await $('[data-testid="toggle-shu"]');
    if ((await t.getAttribute("aria-pressed")) !== "true") await t.click();
    const parallel = await $('[data-testid="toggle-parallel"]');
    if ((await parallel.getAttribute("aria-pressed")) === "true") await parallel.click();
    const chars = await characters(CLICKS);
    const samples = [];
    for (const char of chars) {
      await browser.pause(700); // never a double click
      const at = await boxOf(char);
      if (!at) continue;
      // The text may scroll smoothly into place: measure again once it stands still.
      await browser.pause(300);
      const still = await boxOf(char);
      if (!still || still.x !== at.x || still.y !== at.y) continue;
      await browser
        .action("pointer", { parameters: { pointerType: "mouse" } })
        .move({ x: at.x, y: at.y, origin: "viewport" })
        .down({ button: 0 })
        .pause(40)
        .up({ button: 0 })
        .perform();
      // A character of a glossary term opens the term's card instead: skipped.
      const opened = await browser
        .waitUntil(
          async () =>
            (await $('[data-testid="char-popover"]').isExisting()) || (await $('[data-testid="term-popover"]').isExisting()),
          { timeout: 3000 },
        )
        .catch(() => false);
      if (!opened) {
        if (process.env.SHELI_SHOTS) await browser.saveScreenshot(`${process.env.SHELI_SHOTS}/popover-missed-${char}.png`);
        console.log(`pop-over: nothing opened for ${char} at ${at.x},${at.y}`);
        continue;
      }
      if (await $('[data-testid="term-popover"]').isExisting()) {
        await browser.keys("Escape");
        continue;
      }
      const pop = await $('[data-testid="char-popover"]');
      await pop.waitForDisplayed({ timeout: 5000 });
      await browser.waitUntil(async () => (await pop.getAttribute("data-painted-ms")) !== null, { timeout: 5000 });
      const shown = await pop.getAttribute("data-char");
      samples.push({
        char: shown,
        entry: Number(await pop.getAttribute("data-entry-ms")),
        painted: Number(await pop.getAttribute("data-painted-ms")),
      });
      await browser.keys("Escape");
      await pop.waitForExist({ reverse: true, timeout: 5000 });
    }
    const out = process.env.SHELI_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify({ passage: PASSAGE, samples }, null, 1));
    const p = samples.map((s) => s.painted).sort((a, b) => a - b);
    console.log(`pop-over samples: ${p.length}, median ${p[p.length >> 1]} ms`);
  });
});
