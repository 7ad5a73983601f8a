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

import { TYPED, typeEveryPrefix } from "./typing.js";

describe("keystroke parts", () => {
  it("measures where each keystroke's time goes", async () => {
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
    const samples = [];
    await typeEveryPrefix(async (prefix, n) => {
      const rendered = Number(await $('[data-testid="search-timing"]').getAttribute("data-rendered-ms"));
      const k = await browser.execute(() => ({ ...window.__ks }));
      samples.push({
        query: prefix,
        first: n === 1, // the panel is built anew (the box was empty)
        rendered,
        call: k.call - k.input,
        answer: k.answer - k.input,
        dom: k.dom - k.input,
        frame0: k.frame0 - k.input,
      });
    });
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
