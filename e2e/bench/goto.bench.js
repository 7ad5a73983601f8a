// make bench (scripts/bench-app.sh): opening a Go-to target, in the real
// window. Types a place into the reader's Go-to box (a passage id, a
// citation, a source and a line) and measures, in the page, from the form's
// submission to the focus on the passage (the reader hands it over once it
// has shown it) and to the next frame painted. Writes
// { samples: [{place, focused, painted}] } to SHELI_BENCH_OUT. Not part of
// the e2e suite (wdio.conf.js runs specs/).
import fs from "node:fs";

const PLACES = [
  "xiangshe.zhushu.0143",
  "xiangshe.zhushu.0012",
  "xiangshe.zhushu.0301",
  "xiangshe.zhushu:661",
  "yanli.zhushu.0010",
  "xiangshe.tongjie.0008",
  "dashe.tongjie.0040",
  "xiangshe.zhushu.0390",
  "xiangshe.yiwen.0100",
  "xiangshe.zhushu.0200",
];

describe("Go to in the window", () => {
  it("measures submit → the passage focused and painted", async function () {
    this.timeout(5 * 60 * 1000);
    await browser.execute(() => (location.hash = "#/read/xiangshe.zhushu.0001"));
    await $('[data-passage="xiangshe.zhushu.0001"]').waitForDisplayed({ timeout: 30000 });
    const samples = [];
    for (const place of PLACES) {
      await browser.pause(300);
      await $('[data-testid="goto-input"]').waitForDisplayed();
      const got = await browser.executeAsync((place, done) => {
        const input = document.querySelector('[data-testid="goto-input"]');
        const form = document.querySelector('[data-testid="goto"]');
        input.value = place;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const t0 = performance.now();
        const stop = setTimeout(() => done({ place, error: "no passage focused within 10 s" }), 10000);
        const onFocus = (e) => {
          const id = e.target?.id ?? "";
          if (!id.startsWith("p-")) return;
          const focused = performance.now() - t0;
          window.removeEventListener("focusin", onFocus);
          requestAnimationFrame(() =>
            setTimeout(() => {
              clearTimeout(stop);
              done({ place, passage: id.slice(2), focused, painted: performance.now() - t0 });
            }, 0),
          );
        };
        window.addEventListener("focusin", onFocus);
        form.requestSubmit();
      }, place);
      console.log(`go to ${place}: ${JSON.stringify(got)}`);
      if (got.focused !== undefined) samples.push(got);
    }
    const out = process.env.SHELI_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify({ samples }, null, 1));
  });
});
