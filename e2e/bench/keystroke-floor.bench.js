// make bench (scripts/bench-app.sh): the floor of the keystroke figure. The
// same window, engine and typing as keystroke.bench.js, but the keystroke
// only writes what was typed into one line of text: an input placed over
// the app's page, whose handler measures as the search box does (the input
// handler's moment → the task after the next animation frame, i.e. after
// that frame's style, layout and paint). No keystroke that shows anything
// can be painted sooner in this window, so the search's figure is read
// against it. Writes { samples } to SHELI_BENCH_OUT.
// Not part of the e2e suite (wdio.conf.js runs specs/ only).
import fs from "node:fs";

import { typeInto } from "./typing.js";

const POLL_MS = Number(process.env.SHELI_BENCH_POLL_MS || 5);

describe("the floor of keystroke → painted", () => {
  it("measures a keystroke that changes one line", async () => {
    await browser.waitUntil(async () => (await $$('[data-testid="work-title"]').length) > 0, { timeout: 30000 });
    await browser.execute(() => {
      const box = document.createElement("div");
      Object.assign(box.style, {
        position: "fixed", top: "8px", left: "8px", zIndex: "10000",
        background: "white", padding: "4px", border: "1px solid #888",
      });
      const input = document.createElement("input");
      input.id = "floor-input";
      input.setAttribute("aria-label", "floor");
      const line = document.createElement("p");
      line.id = "floor-line";
      line.lang = "zh-Hant";
      box.append(input, line);
      document.body.append(box);
      input.addEventListener("input", () => {
        const at = performance.now();
        line.textContent = input.value;
        requestAnimationFrame(() =>
          setTimeout(() => {
            line.dataset.ms = (performance.now() - at).toFixed(1);
            line.dataset.query = input.value;
          }, 0),
        );
      });
    });
    const samples = [];
    const line = () => $("#floor-line");
    await typeInto("#floor-input", async () => (await line()).getAttribute("data-query"), async () => {
      samples.push(Number(await (await line()).getAttribute("data-ms")));
    }, POLL_MS);
    const out = process.env.SHELI_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify({ samples }, null, 1));
    const s = [...samples].sort((a, b) => a - b);
    console.log(`keystroke floor: ${s.length} samples, p50 ${s[s.length >> 1]} ms, p99 ${s[Math.floor(s.length * 0.99)]} ms`);
  });
});
