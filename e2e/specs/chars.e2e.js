// Every character explained (issue 9), in the real window: a character of
// the 疏 that no glossary explains — 骹 in 鄉射禮's 通解, whose 音義 reads it
// 苦交反 in that very passage — clicked with the mouse: its 廣韻 反切 and the
// 釋文 reading of the passage; added to a new glossary with a prefilled
// card; the card in the glossary and in review; a drag across it still
// selects; Enter opens it at the caret. Screenshots are named ch-….
import { shot as baseShot } from "./helpers.js";

const shot = (name) => baseShot(`ch-${name}`);

const PASSAGE = "xiangshe.tongjie.0008";
const CHAR = "骹";
const GLOSSARY = "疏字";

/**
 * The viewport box of the `nth` occurrence of `needle` in layer `layer`
 * (slug) of the passage, scrolled to the middle of the window first.
 */
async function boxOf(layer, needle, nth = 0) {
  return browser.execute(
    (passage, layer, needle, nth) => {
      const seg = document.querySelector(`[data-passage="${passage}"] [data-layer="${layer}"]`);
      if (!seg) return null;
      const walker = document.createTreeWalker(seg, NodeFilter.SHOW_TEXT);
      let seen = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.parentElement.closest(".layer-tag")) continue;
        for (let i = n.data.indexOf(needle); i >= 0; i = n.data.indexOf(needle, i + 1)) {
          if (seen++ < nth) continue;
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + needle.length);
          n.parentElement.scrollIntoView({ block: "center" });
          const b = r.getBoundingClientRect();
          return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
        }
      }
      return null;
    },
    PASSAGE,
    layer,
    needle,
    nth,
  );
}

const centre = (b) => ({ x: Math.round((b.left + b.right) / 2), y: Math.round((b.top + b.bottom) / 2) });

/** A real mouse click (press and release without moving) at a point of the viewport. */
async function clickAt({ x, y }) {
  await browser
    .action("pointer", { parameters: { pointerType: "mouse" } })
    .move({ x, y, origin: "viewport" })
    .down({ button: 0 })
    .pause(60)
    .up({ button: 0 })
    .perform();
}

/** A real mouse drag between two points of the viewport. */
async function dragFromTo(a, b) {
  await browser
    .action("pointer", { parameters: { pointerType: "mouse" } })
    .move({ x: a.x, y: a.y, origin: "viewport" })
    .down({ button: 0 })
    .move({ x: Math.round((a.x + b.x) / 2), y: b.y, origin: "viewport", duration: 150 })
    .move({ x: b.x, y: b.y, origin: "viewport", duration: 150 })
    .up({ button: 0 })
    .perform();
}

async function clickChar() {
  // Not a double click of the last one.
  await browser.pause(700);
  const box = await boxOf("shu", CHAR);
  expect(box).not.toBeNull();
  await clickAt(centre(box));
  const pop = await $('[data-testid="char-popover"]');
  await pop.waitForDisplayed();
  return pop;
}

describe("Every character explained", () => {
  before(async () => {
    await $('[data-testid="script-original"]').click();
    await browser.execute((h) => (location.hash = h), `#/read/${PASSAGE}`);
    await $(`[data-passage="${PASSAGE}"]`).waitForDisplayed();
    // The 疏 and the 音義 shown; the parallel column out of the way.
    for (const layer of ["shu", "yinyi"]) {
      const t = await $(`[data-testid="toggle-${layer}"]`);
      if ((await t.getAttribute("aria-pressed")) !== "true") await t.click();
    }
    const parallel = await $('[data-testid="toggle-parallel"]');
    if ((await parallel.getAttribute("aria-pressed")) === "true") await parallel.click();
    await expect($(`[data-passage="${PASSAGE}"] [data-layer="shu"]`)).toHaveText(expect.stringContaining(CHAR));
    await expect($(`[data-passage="${PASSAGE}"] [data-layer="yinyi"]`)).toHaveText(expect.stringContaining("苦交反"));
  });

  it("a click on 骹 in the 疏 shows its 廣韻 反切 first and this passage's 釋文 reading, marked", async () => {
    const pop = await clickChar();
    await expect(pop).toHaveAttribute("data-char", CHAR);
    await expect($('[data-testid="term-popover"]')).not.toBeExisting();
    const first = await pop.$('[data-testid="char-fanqie-item"]');
    await first.waitForDisplayed();
    await expect(first).toHaveText(expect.stringContaining("口交切"));
    // The code point beside the headword, whatever the font (an Ext B character is a box without one).
    await expect(pop.$('[data-testid="char-codepoint"]')).toHaveText("U+9AB9");
    // The 廣韻 comes before everything else of the entry.
    const order = await browser.execute(() => {
      const p = document.querySelector('[data-testid="char-popover"]');
      return Array.from(p.querySelectorAll("[data-testid^=char-]"))
        .map((e) => e.dataset.testid)
        .filter((t) => ["char-fanqie", "char-shiwen", "char-definition", "char-forms", "char-counts"].includes(t));
    });
    expect(order[0]).toBe("char-fanqie");
    expect(order.indexOf("char-shiwen")).toBe(1);
    const here = await pop.$('[data-testid="char-shiwen-item"].current');
    await expect(here).toBeDisplayed();
    await expect(here).toHaveAttribute("data-passage-id", PASSAGE);
    await expect(here).toHaveText(expect.stringContaining(`${CHAR}苦交反`));
    await expect(here).toHaveText(expect.stringContaining("this passage"));
    // How long from the click to the pop-over on screen (issue 9 asks ≤ 50 ms).
    await browser.waitUntil(async () => (await pop.getAttribute("data-painted-ms")) !== null);
    console.log(
      `e2e: the pop-over of ${CHAR}: entry ${await pop.getAttribute("data-entry-ms")} ms, painted ${await pop.getAttribute("data-painted-ms")} ms after the click`,
    );
    await shot("popover");
  });

  it("Escape closes it and the focus is back in the passage", async () => {
    await expect(await browser.execute(() => document.activeElement?.dataset.testid)).toBe("char-popover");
    await browser.keys(["Escape"]);
    await expect($('[data-testid="char-popover"]')).not.toBeExisting();
    expect(await browser.execute(() => document.activeElement?.closest("[data-passage]")?.dataset.passage)).toBe(PASSAGE);
  });

  it("a character seen a second time opens at once (the entry is kept)", async () => {
    const pop = await clickChar();
    await browser.waitUntil(async () => (await pop.getAttribute("data-painted-ms")) !== null);
    console.log(`e2e: again: painted ${await pop.getAttribute("data-painted-ms")} ms after the click`);
    await browser.keys(["Escape"]);
  });

  it("adds 骹 to a new glossary: the card is prefilled from the text", async () => {
    const pop = await clickChar();
    await pop.$('[data-testid="char-add"]').click();
    const select = await pop.$('[data-testid="add-glossary-select"]');
    await select.waitForDisplayed();
    if ((await select.getValue()) !== "new") await select.selectByAttribute("value", "new");
    await pop.$('[data-testid="add-glossary-name"]').setValue(GLOSSARY);
    const preview = await pop.$('[data-testid="add-card-preview"]');
    await expect(preview).toHaveText(expect.stringContaining("口交切"));
    await expect(preview).toHaveText(expect.stringContaining("苦交反"));
    await expect(preview).toHaveText(expect.stringContaining(PASSAGE));
    // 韻 and 聲 written out (not "(肴平)"), and the standard citation with its 第…行.
    await expect(preview).toHaveText(expect.stringContaining("口交切 (肴韻 平聲)"));
    await expect(preview).toHaveText(expect.stringMatching(/第\d+行/));
    await shot("add-to-glossary");
    await pop.$('[data-testid="add-card-save"]').click();
    const done = await pop.$('[data-testid="add-card-done"]');
    await expect(done).toHaveText(new RegExp(`Added\\s*${CHAR}\\s*to\\s*${GLOSSARY}`));
    await shot("added");
    await done.$("a").click();
    await expect($('[data-testid="glossary-title"]')).toHaveText(GLOSSARY);
  });

  it("the glossary holds the prefilled card: reading with 反切 and 釋文, definition, the sentence and its passage", async () => {
    const row = await $('[data-testid="card-row"]');
    await row.waitForDisplayed();
    await expect(row.$('[data-testid="card-headword-text"]')).toHaveText(CHAR);
    await expect(row.$(".card-reading")).toHaveText(expect.stringContaining("口交切"));
    await expect(row.$(".card-reading")).toHaveText(expect.stringContaining("苦交反"));
    // (Its text as a property: WebDriver reads no text out of a line-clamped box.)
    expect(await row.$(".card-definition").getProperty("textContent")).toContain("「");
    await expect(row.$('[data-testid="card-passage"]')).toHaveText(PASSAGE);
    await shot("glossary");
  });

  it("reviews it: the answer is short, with its 反切 and a link to the whole card", async () => {
    await $('[data-testid="review-link"]').click();
    await expect($('[data-testid="review-front"]')).toHaveText(CHAR);
    await $('[data-testid="review-reveal"]').click();
    const back = await $('[data-testid="review-back"]');
    await expect(back).toHaveText(expect.stringContaining("口交切"));
    const length = await browser.execute(
      () => Array.from(document.querySelector('[data-testid="review-back"] .flash-definition')?.textContent ?? "").length,
    );
    expect(length).toBeLessThanOrEqual(200);
    expect(await $('[data-testid="review-full-card"]').getAttribute("href")).toMatch(/#\/glossaries\/\d+$/);
    await shot("review");
    await $('[data-testid="grade-good"]').click();
    await expect($('[data-testid="review-done"]')).toBeDisplayed();
  });

  it("a drag across 骹 selects the text and opens no pop-over", async () => {
    await browser.execute((h) => (location.hash = h), `#/read/${PASSAGE}`);
    await $(`[data-passage="${PASSAGE}"] [data-layer="shu"]`).waitForDisplayed();
    const before = await boxOf("shu", `云${CHAR}`);
    const after = await boxOf("shu", `${CHAR}解`);
    expect(before && after).toBeTruthy();
    // From inside 云 to inside 解, across 骹.
    const y = Math.round((before.top + before.bottom) / 2);
    await dragFromTo({ x: Math.round(before.left + 3), y }, { x: Math.round(after.right - 3), y });
    const selected = await browser.execute(() => getSelection().toString());
    expect(selected).toContain(CHAR);
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    await expect($('[data-testid="char-popover"]')).not.toBeExisting();
    await shot("drag-selects");
    await browser.keys(["Escape"]);
    await browser.execute(() => getSelection().removeAllRanges());
  });

  // Page zoom is not reachable from WebDriver (nor from the page: the app
  // grants it no webview permissions); the smallest window the app allows,
  // 720×480, is the 1200×820 window at about 170%.
  it("in the smallest window (the default one at about 170%) the pop-over stays inside it, nothing cut off", async () => {
    const size = await browser.getWindowSize();
    await browser.setWindowSize(720, 480);
    try {
      await browser.waitUntil(async () => (await browser.execute(() => innerWidth)) <= 721, {
        timeoutMsg: `the window was not made smaller (${JSON.stringify(size)})`,
      });
      const pop = await clickChar();
      const fit = await browser.execute(() => {
        const p = document.querySelector('[data-testid="char-popover"]');
        const r = p.getBoundingClientRect();
        return { ...r.toJSON(), vw: innerWidth, vh: innerHeight, sw: p.scrollWidth, cw: p.clientWidth };
      });
      expect(fit.left).toBeGreaterThanOrEqual(0);
      expect(fit.top).toBeGreaterThanOrEqual(0);
      expect(fit.right).toBeLessThanOrEqual(fit.vw);
      expect(fit.bottom).toBeLessThanOrEqual(fit.vh);
      expect(fit.sw).toBeLessThanOrEqual(fit.cw);
      // What is below the fold scrolls into view inside the pop-over.
      const add = await pop.$('[data-testid="char-add"]');
      await add.scrollIntoView({ block: "nearest" });
      expect(await add.isDisplayed({ withinViewport: true })).toBe(true);
      await shot("popover-small-window");
      await browser.keys(["Escape"]);
    } finally {
      await browser.setWindowSize(size.width, size.height);
    }
  });

  it("Enter opens the character at the caret", async () => {
    const ok = await browser.execute(
      (passage, needle) => {
        const seg = document.querySelector(`[data-passage="${passage}"] [data-layer="shu"]`);
        const walker = document.createTreeWalker(seg, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const i = n.data.indexOf(needle);
          if (i < 0 || n.parentElement.closest(".layer-tag")) continue;
          document.getElementById(`p-${passage}`).focus();
          getSelection().collapse(n, i);
          return true;
        }
        return false;
      },
      PASSAGE,
      CHAR,
    );
    expect(ok).toBe(true);
    await browser.keys(["Enter"]);
    const pop = await $('[data-testid="char-popover"]');
    await pop.waitForDisplayed();
    await expect(pop).toHaveAttribute("data-char", CHAR);
    await browser.keys(["ArrowRight"]);
    await expect($('[data-testid="char-popover"]')).toHaveAttribute("data-char", "解");
    await browser.keys(["Escape"]);
    await expect($('[data-testid="char-popover"]')).not.toBeExisting();
  });
});
