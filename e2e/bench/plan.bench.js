// make bench: the plan beside the reader updated after a step (issue 16:
// "within 16 ms of a passage change"), in the real window. Opens the reader
// on 鄉射禮 passage 19 with the plan, then presses ] (the next step) again and
// again, then j (the next passage in the reader: the plan follows the
// passage in focus); for each press, the page itself times the key's event
// (its timeStamp) → the plan's figures in the DOM for the new passage (a
// MutationObserver) → the next frame (requestAnimationFrame). After ] the
// reader opens the new passage as it does for any link; the plan draws from
// the step it asked for ahead. Prints median, p95 and max; writes the samples to
// SHELI_BENCH_OUT when set. Times are printed, never asserted. Not part of
// the e2e suite (wdio.conf.js runs specs/).
import fs from "node:fs";

const START = "xiangshe.zhushu.0019";
const STEPS = Number(process.env.SHELI_BENCH_STEPS || 40);
const PASSAGES = Number(process.env.SHELI_BENCH_PASSAGES || 20);

/** Arms the measurement of the next press of `key` in the page. */
async function arm(key) {
  await browser.execute((key) => {
    const plan = () => document.querySelector('[data-testid="plan"]');
    const from = plan()?.dataset.passage;
    const m = { from, key: null, dom: null, painted: null, passage: null };
    window.__planBench = m;
    const onKey = (e) => {
      if (e.key !== key) return;
      m.key = e.timeStamp;
      window.removeEventListener("keydown", onKey, true);
    };
    window.addEventListener("keydown", onKey, true);
    const obs = new MutationObserver(() => {
      const p = plan();
      if (m.key === null || !p || p.dataset.passage === from || !p.dataset.passage || !p.querySelector(".plan-figure")) return;
      obs.disconnect();
      m.dom = performance.now();
      m.passage = p.dataset.passage;
      requestAnimationFrame(() => (m.painted = performance.now()));
    });
    obs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-passage"] });
  }, key);
}

/** Presses `key` `n` times, a moment apart; the samples of those the plan followed. */
async function presses(key, n) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    // As a reader would: a moment on each step (the next one is asked for meanwhile).
    await browser.pause(400);
    await arm(key);
    await browser.keys(key);
    const m = await browser
      .waitUntil(async () => browser.execute(() => (window.__planBench.painted !== null ? window.__planBench : false)), {
        timeout: 5000,
      })
      .catch(() => null);
    if (!m) {
      console.log(`plan: ${key} press ${i + 1} was not drawn within 5 s`);
      continue;
    }
    samples.push({ key, passage: m.passage, dom: m.dom - m.key, painted: m.painted - m.key });
  }
  return samples;
}

function line(what, samples) {
  const dom = stats(samples.map((s) => s.dom));
  const painted = stats(samples.map((s) => s.painted));
  console.log(
    `plan: ${what} → figures in the DOM: median ${fmt(dom.median)} ms, p95 ${fmt(dom.p95)} ms, max ${fmt(dom.max)} ms; ` +
      `→ next frame: median ${fmt(painted.median)} ms, p95 ${fmt(painted.p95)} ms, max ${fmt(painted.max)} ms (${dom.n} presses)`,
  );
  return { dom, painted };
}

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, median: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}

const fmt = (n) => n.toFixed(1);

describe("the plan beside the reader", () => {
  it("measures step and passage keys → plan updated", async function () {
    this.timeout(10 * 60 * 1000);
    await browser.waitUntil(async () => (await $$('[data-testid="work-title"]').length) > 0, { timeout: 30000 });
    await browser.execute((h) => (location.hash = h), `#/read/${START}`);
    await $(`[data-passage="${START}"]`).waitForDisplayed();
    const toggle = await $('[data-testid="toggle-plan"]');
    if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
    await browser.waitUntil(async () => (await $('[data-testid="plan"]').getAttribute("data-passage")) === START);
    const steps = await presses("]", STEPS);
    // j: the next passage, in the reader as it is (the focus on its passage).
    const passages = await presses("j", PASSAGES);
    const out = process.env.SHELI_BENCH_OUT;
    const summary = { step: line("step key ]", steps), passage: line("next passage j", passages) };
    if (out) fs.writeFileSync(out, JSON.stringify({ start: START, ...summary, samples: [...steps, ...passages] }, null, 1));
    const toggleAgain = await $('[data-testid="toggle-plan"]');
    if ((await toggleAgain.getAttribute("aria-pressed")) === "true") await toggleAgain.click();
  });
});
