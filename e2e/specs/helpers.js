// Shared steps of the specs. Every step saves a numbered PNG screenshot in
// SHELI_SHOTS (test-output/e2e/), so a run can be looked at afterwards.
import fs from "node:fs";
import path from "node:path";

let step = 0;

export async function shot(name) {
  const dir = process.env.SHELI_SHOTS || "test-output/e2e";
  fs.mkdirSync(dir, { recursive: true });
  step += 1;
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80);
  const file = path.join(dir, `${String(step).padStart(2, "0")}-${safe}.png`);
  // Every screenshot keeps the page painting while it is taken (see
  // keepPainting): a plain request hung after long runs, when the page
  // had been still for a while (reader-library's shot after a restore).
  await keepPainting(true).catch(() => {});
  try {
    await browser.saveScreenshot(file);
  } finally {
    await keepPainting(false).catch(() => {});
  }
  return file;
}

/** The titles of the works the library lists, once it has loaded. */
export async function workTitles() {
  await browser.waitUntil(async () => (await $$('[data-testid="work-title"]').length) > 0, {
    timeoutMsg: "the library never listed a work",
  });
  const titles = await $$('[data-testid="work-title"]').map((e) => e.getText());
  return titles;
}

/** Waits until the library lists exactly these work titles. */
export async function expectWorks(expected) {
  await browser.waitUntil(
    async () => JSON.stringify(await workTitles()) === JSON.stringify(expected),
    { timeoutMsg: `the library did not list ${expected.join(", ")}` },
  );
}

/**
 * WebKitGTK (non-composited, under Xvfb) answers a screenshot request after
 * its next paint, and a page left unchanged for a few seconds paints no
 * more: the request then waits for wdio's retry, or past the HTTP client's
 * own timeout (UND_ERR_HEADERS_TIMEOUT). So while a screenshot is taken a
 * pixel in a corner changes shade on every frame; it stops when the
 * screenshot is saved (or after 10 s, should the stop never come).
 */
async function keepPainting(on) {
  await browser.execute((on) => {
    const w = window;
    w.__e2eNudgeUntil = on ? performance.now() + 10000 : 0;
    if (!on || w.__e2eNudging) return;
    let dot = document.getElementById("e2e-paint-nudge");
    if (!dot) {
      dot = document.createElement("div");
      dot.id = "e2e-paint-nudge";
      dot.setAttribute("aria-hidden", "true");
      Object.assign(dot.style, {
        position: "fixed",
        left: "0",
        bottom: "0",
        width: "1px",
        height: "1px",
        pointerEvents: "none",
        zIndex: "9999",
      });
      document.body.appendChild(dot);
    }
    let k = 0;
    w.__e2eNudging = true;
    const frame = () => {
      dot.style.background = k++ % 2 ? "rgba(0,0,0,0.02)" : "rgba(0,0,0,0.03)";
      if (performance.now() < w.__e2eNudgeUntil) requestAnimationFrame(frame);
      else w.__e2eNudging = false;
    };
    requestAnimationFrame(frame);
  }, on);
}

/**
 * Selects the first occurrence of `needle` in a segment of layer `layer`
 * (slug) of `passage`, as a mouse would, and releases the button over it.
 * Resolves to false when the words are not found.
 */
export async function selectText(passage, layer, needle) {
  return browser.execute(
    (passage, layer, needle) => {
      for (const seg of document.querySelectorAll(`[data-passage="${passage}"] [data-layer="${layer}"]`)) {
        // The needle may run over several text nodes (a term's link, a mark):
        // it is found in the segment's text, its ends placed in their nodes.
        const nodes = [];
        let text = "";
        const walker = document.createTreeWalker(seg, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.parentElement.closest(".layer-tag")) continue;
          nodes.push({ n, start: text.length });
          text += n.data;
        }
        const at = text.indexOf(needle);
        if (at < 0) continue;
        const place = (g, end) => {
          const hit = nodes.find(({ n, start }) => g < start + n.data.length || (end && g === start + n.data.length));
          return [hit.n, g - hit.start];
        };
        const [sn, so] = place(at, false);
        const [en, eo] = place(at + needle.length, true);
        sn.parentElement.scrollIntoView({ block: "center" });
        const range = document.createRange();
        range.setStart(sn, so);
        range.setEnd(en, eo);
        const sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
        const r = range.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        sn.parentElement.dispatchEvent(
          new MouseEvent("mouseup", { bubbles: true, button: 0, clientX: x, clientY: y, view: window }),
        );
        return true;
      }
      return false;
    },
    passage,
    layer,
    needle,
  );
}
