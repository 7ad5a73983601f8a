// make bench (scripts/bench-app.sh): the second floor of the keystroke
// figure, the panel's. keystroke-floor.bench.js changes one line; a search
// answer changes a panel of rows. This bench asks what a keystroke costs in
// this window when it does nothing but put a real answer's rows in the real
// panel: no search, no IPC, no Svelte.
//
// How: the search box is typed as keystroke.bench.js types it, once, and
// each prefix's rows (the panel's `ul.hits`, as the app drew them) are kept
// in the page. The panel is then copied (its classes, so its styles, kept;
// placed where the panel is, beside it in the DOM) with an input at its
// top, and the real panel closed. Each keystroke into that input swaps the
// copy's rows for the typed prefix's kept rows (parsed from their HTML, as
// an answer's rows are made anew) and measures as the search box does: the
// input handler's moment → the task after the next animation frame. So the
// difference between this figure and the search box's is ours (the search,
// its round trip, Svelte); this figure itself is what painting an answer of
// the panel's size costs in this window. Writes { samples } to SHELI_BENCH_OUT.
// Not part of the e2e suite (wdio.conf.js runs specs/ only).
import fs from "node:fs";

import { shot } from "../specs/helpers.js";
import { TYPED, typeInto } from "./typing.js";

const POLL_MS = Number(process.env.SHELI_BENCH_POLL_MS || 5);
// A CSS height to hold the copy to (e.g. "50vh"): how the floor follows the
// area painted. Unset: the panel's own height, which is what bench-app.sh uses.
const MAX_HEIGHT = process.env.SHELI_BENCH_PANEL_MAX_HEIGHT || "";

describe("the panel's floor of keystroke → painted", () => {
  it("measures a keystroke that only swaps the panel's rows", async () => {
    await browser.waitUntil(async () => (await $$('[data-testid="work-title"]').length) > 0, { timeout: 30000 });
    await browser.waitUntil(async () => !(await $('[data-testid="index-progress"]').isExisting()), { timeout: 60000 });

    // Each prefix's answer, as the app drew it.
    const input = await $('[data-testid="search-input"]');
    const shown = async () => $('[data-testid="search-timing"]').getAttribute("data-query").catch(() => null);
    for (const q of TYPED) {
      await input.click();
      await input.clearValue();
      const chars = Array.from(q);
      for (let n = 1; n <= chars.length; n++) {
        const prefix = chars.slice(0, n).join("");
        await input.addValue(chars[n - 1]);
        await browser.waitUntil(async () => (await shown()) === prefix, { timeout: 5000, interval: POLL_MS });
        await browser.execute((p) => {
          const rows = document.querySelector(".search-panel ul.hits");
          window.__floorRows = window.__floorRows || {};
          window.__floorRows[p] = rows ? rows.outerHTML : "";
        }, prefix);
      }
    }

    // The copy of the panel, open on the last answer, with its own input.
    const made = await browser.execute((maxHeight) => {
      const panel = document.querySelector(".search-panel");
      if (!panel) return "no panel";
      const copy = panel.cloneNode(true);
      copy.removeAttribute("id");
      copy.removeAttribute("hidden");
      for (const el of copy.querySelectorAll("[id]")) el.removeAttribute("id");
      for (const el of copy.querySelectorAll("[data-testid]")) el.removeAttribute("data-testid");
      copy.dataset.testid = "floor-panel";
      if (maxHeight) copy.style.maxHeight = maxHeight;
      const field = document.createElement("input");
      field.id = "floor-panel-input";
      field.setAttribute("aria-label", "floor");
      const mark = document.createElement("span");
      mark.id = "floor-panel-mark";
      copy.prepend(field, mark);
      panel.after(copy);
      const template = document.createElement("template");
      field.addEventListener("input", () => {
        const at = performance.now();
        const value = field.value;
        const rows = copy.querySelector("ul.hits");
        template.innerHTML = window.__floorRows[value] ?? "";
        const fresh = template.content.firstElementChild;
        if (rows && fresh) rows.replaceWith(fresh);
        requestAnimationFrame(() =>
          setTimeout(() => {
            mark.dataset.ms = (performance.now() - at).toFixed(1);
            mark.dataset.query = value;
          }, 0),
        );
      });
      return "made";
    }, MAX_HEIGHT);
    if (made !== "made") throw new Error(`the panel could not be copied: ${made}`);
    // The real panel closed (Escape in the box), the copy stays.
    await input.click();
    await browser.keys("Escape");
    await (await $("#floor-panel-input")).click();
    await browser.waitUntil(async () => !(await $('[data-testid="search-panel"]').isDisplayed().catch(() => false)), {
      timeout: 5000,
      timeoutMsg: "the search panel stayed open beside its copy",
    });

    const samples = [];
    const mark = () => $("#floor-panel-mark");
    await typeInto("#floor-panel-input", async () => (await mark()).getAttribute("data-query"), async () => {
      samples.push(Number(await (await mark()).getAttribute("data-ms")));
    }, POLL_MS);
    // what was painted: the copy, open on the last answer, the panel closed
    await shot("keystroke-panel-floor");
    const out = process.env.SHELI_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify({ samples }, null, 1));
    const s = [...samples].sort((a, b) => a - b);
    console.log(`keystroke panel floor: ${s.length} samples, p50 ${s[s.length >> 1]} ms, p99 ${s[Math.floor(s.length * 0.99)]} ms`);
  });
});
