// Diagnostic, not part of make bench: where a keystroke's milliseconds go in
// the window, seen from outside the page so that any build can be measured
// (no instrumented UI needed). The same typing as keystroke.bench.js; for
// each keystroke it records, from the input event (a capture listener on the
// document, which runs before the search box's own handler):
//   call   — the search command's IPC request sent (window.fetch wrapped:
//            Tauri's invoke posts through it here);
//   answer — its response back in the page;
//   dom    — the first DOM mutation after the answer (a MutationObserver,
//            called once the render that made it is done);
//   frame0 — the next animation frame after the input event itself, with
//            nothing asked of it: what waiting for a frame costs;
// and the page's own figure (data-rendered-ms). Run it like the bench:
//   SHELI_BENCH_OUT=parts.json … wdio run wdio.conf.js --spec bench/keystroke-parts.bench.js
import fs from "node:fs";

const TYPED = ["觯", "司射適堂西", "再拜賓答再拜", "楅", "乃張侯下綱"];
const ROUNDS = Number(process.env.SHELI_BENCH_ROUNDS || 4);
const PAUSE_MS = 250;

describe("keystroke parts", () => {
  it("measures where each keystroke's time goes", async () => {
    await browser.waitUntil(async () => (await $$('[data-testid="work-title"]').length) > 0, { timeout: 30000 });
    await browser.waitUntil(async () => !(await $('[data-testid="index-progress"]').isExisting()), { timeout: 60000 });
    await browser.execute(() => {
      const w = window;
      w.__ks = { input: 0, frame0: 0, call: 0, answer: 0, dom: 0 };
      const fetch0 = w.fetch.bind(w);
      w.fetch = (url, init) => {
        if (!String(url).includes("search")) return fetch0(url, init);
        const k = w.__ks;
        k.call = performance.now();
        const p = fetch0(url, init);
        p.then(() => {
          k.answer = performance.now();
          k.dom = 0;
        });
        return p;
      };
      document.addEventListener(
        "input",
        () => {
          const k = w.__ks;
          k.input = performance.now();
          k.frame0 = 0;
          requestAnimationFrame(() => (k.frame0 = performance.now()));
        },
        true,
      );
      new MutationObserver(() => {
        const k = w.__ks;
        if (k.answer && !k.dom) k.dom = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
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
          const rendered = Number(await $('[data-testid="search-timing"]').getAttribute("data-rendered-ms"));
          const k = await browser.execute(() => ({ ...window.__ks }));
          if (round > 0)
            samples.push({
              query: prefix,
              first: n === 1, // the panel is built anew (the box was empty)
              rendered,
              call: k.call - k.input,
              answer: k.answer - k.input,
              dom: k.dom - k.input,
              frame0: k.frame0 - k.input,
            });
          await browser.pause(PAUSE_MS);
        }
      }
    }
    const out = process.env.SHELI_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify({ typed: TYPED, samples }, null, 1));
    const q = (k, p) => {
      const v = samples.map((s) => s[k]).sort((a, b) => a - b);
      return v[Math.round(p * (v.length - 1))].toFixed(1);
    };
    for (const k of ["call", "answer", "dom", "rendered", "frame0"])
      console.log(`${k}: p50 ${q(k, 0.5)} p95 ${q(k, 0.95)} p99 ${q(k, 0.99)} ms after the input event`);
  });
});
