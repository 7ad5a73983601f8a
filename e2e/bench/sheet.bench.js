// make bench (scripts/bench-app.sh): the print preview of a 20-passage
// range, in the real window (issue 12: ≤ 1 s). Opens the study sheet from a
// passage's Copy… menu, sets its range to 20 passages and measures, in the
// page, from the range's change to the 20 passages shown with their layers,
// translation, notes, cards and citations (aria-busy false) and to the next
// frame painted. Writes { samples: [{from, ready, painted}] } to
// SHELI_BENCH_OUT. Not part of the e2e suite (wdio.conf.js runs specs/).
import fs from "node:fs";

const FROM = [241, 1, 101, 301, 381];

describe("The study sheet in the window", () => {
  it("measures a 20-passage range → the sheet shown and painted", async function () {
    this.timeout(5 * 60 * 1000);
    const samples = [];
    for (const from of FROM) {
      const id = `xiangshe.zhushu.${String(from).padStart(4, "0")}`;
      await browser.execute((h) => (location.hash = h), `#/read/${id}`);
      const copy = await $(`[data-passage="${id}"] [data-testid="copy-citation"]`);
      await copy.waitForDisplayed({ timeout: 30000 });
      await copy.click();
      await $(`[data-passage="${id}"] [data-testid="open-sheet"]`).click();
      await $('[data-testid="sheet"]').waitForDisplayed();
      await browser.waitUntil(async () => (await $('[data-testid="sheet"]').getAttribute("aria-busy")) === "false");
      await browser.pause(300);
      const got = await browser.executeAsync((to, done) => {
        const input = document.querySelector('[data-testid="sheet-to"]');
        const t0 = performance.now();
        const stop = setTimeout(() => done({ error: "the sheet did not show 20 passages within 10 s" }), 10000);
        const check = () => {
          const sheet = document.querySelector('[data-testid="sheet"]');
          if (sheet?.getAttribute("aria-busy") === "false" && document.querySelectorAll("[data-sheet-passage]").length === 20) {
            const ready = performance.now() - t0;
            requestAnimationFrame(() =>
              setTimeout(() => {
                clearTimeout(stop);
                done({ ready, painted: performance.now() - t0 });
              }, 0),
            );
          } else requestAnimationFrame(check);
        };
        input.value = String(to);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        requestAnimationFrame(check);
      }, from + 19);
      console.log(`sheet ${from}–${from + 19}: ${JSON.stringify(got)}`);
      if (got.ready !== undefined) samples.push({ from, ...got });
      await browser.keys("Escape");
      await $('[data-testid="study-sheet"]').waitForExist({ reverse: true });
    }
    const out = process.env.SHELI_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify({ samples }, null, 1));
  });
});
