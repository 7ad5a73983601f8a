// Search, the reader's hit and pop-over, the parallel column, glossary cards
// and pictures, as a reader meets them. Each step leaves a screenshot, named
// with the prefix `sc-` (numbering restarts in every spec file).
import { expectWorks, shot as baseShot } from "./helpers.js";

const shot = (name) => baseShot(`sc-${name}`);
const WORKS = ["鄉射禮", "燕禮", "大射儀"];
const SLUG = { 鄉射禮: "xiangshe", 燕禮: "yanli", 大射儀: "dashe" };

/** Types into the search box from scratch, through Ctrl+K. */
async function typeQuery(text) {
  await browser.keys(["Control", "k"]);
  const input = await $('[data-testid="search-input"]');
  await expect(input).toBeFocused();
  await input.clearValue();
  await input.addValue(text);
  return input;
}

/** The texts of the <mark>s of the visible results. */
async function markedTexts() {
  return browser.execute(() =>
    Array.from(document.querySelectorAll('[data-testid="search-hit"] mark.hit')).map((m) => m.textContent),
  );
}

async function waitForResults() {
  await $('[data-testid="search-summary"]').waitForDisplayed();
  await browser.waitUntil(async () => (await $$('[data-testid="search-hit"]').length) > 0, {
    timeoutMsg: "no results were listed",
  });
}

describe("Search, cards and pictures", () => {
  it("opens on the library; the search index is ready", async () => {
    await expect(browser).toHaveTitle("Sheli 射禮");
    // Earlier specs may have left other settings: traditional script, light theme.
    await $('[data-testid="script-traditional"]').click();
    await $('select[aria-label="Theme"]').selectByAttribute("value", "light");
    await expectWorks(WORKS);
    await browser.waitUntil(async () => !(await $('[data-testid="index-progress"]').isExisting()), {
      timeoutMsg: "the search index was never ready",
    });
    await shot("library");
  });

  it("typing 觯 lists results from every work with 觶 highlighted", async () => {
    await typeQuery("觯");
    await waitForResults();
    for (const w of WORKS) {
      const facet = await $(`[data-testid="facet-work-${w}"]`);
      await expect(facet).toBeDisplayed();
      const count = Number((await facet.$(".facet-count").getText()).replace(/,/g, ""));
      expect(count).toBeGreaterThan(0);
    }
    const marks = await markedTexts();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m) => m === "觶")).toBe(true);
    await shot("search-zhi");
    // Each work's results, through its facet.
    for (const w of WORKS) {
      await $(`[data-testid="facet-work-${w}"]`).click();
      await expect($(`[data-testid="facet-work-${w}"]`)).toHaveAttribute("aria-pressed", "true");
      await browser.waitUntil(
        async () => {
          const works = await $$('[data-testid="search-hit"]').map((h) => h.getAttribute("data-work"));
          return works.length > 0 && works.every((x) => x === w);
        },
        { timeoutMsg: `the ${w} facet did not filter the results` },
      );
      const marks = await markedTexts();
      expect(marks.length).toBeGreaterThan(0);
      expect(marks.every((m) => m === "觶")).toBe(true);
      await shot(`search-zhi-${SLUG[w]}`);
      await $(`[data-testid="facet-work-${w}"]`).click();
      await expect($(`[data-testid="facet-work-${w}"]`)).toHaveAttribute("aria-pressed", "false");
    }
  });

  it("moves through the results with the keyboard and opens one: the passage with its 注, the hit marked", async () => {
    await $('[data-testid="facet-layer-jing"]').click();
    await $(`[data-testid="facet-work-鄉射禮"]`).click();
    await browser.waitUntil(
      async () => {
        const layers = await $$('[data-testid="search-hit"]').map((h) => h.getAttribute("data-layer"));
        return layers.length > 1 && layers.every((l) => l === "jing");
      },
      { timeoutMsg: "the 經 facet did not filter the results" },
    );
    await browser.keys(["Control", "k"]);
    await expect($('[data-testid="search-input"]')).toBeFocused();
    await browser.keys(["ArrowDown"]);
    const chosen = await $('[data-testid="search-hit"][aria-selected="true"]');
    await expect(chosen).toHaveAttribute("id", "search-hit-1");
    const id = await chosen.getAttribute("data-passage-id");
    await shot("search-keyboard");
    await browser.keys(["Enter"]);

    const passage = await $(`[data-passage="${id}"]`);
    await passage.waitForDisplayed();
    await expect($('[data-testid="search-panel"]')).not.toBeExisting();
    const mark = await passage.$('[data-layer="jing"] mark.hit');
    await expect(mark).toBeDisplayed();
    await expect(mark).toHaveText("觶");
    expect(await mark.isDisplayed({ withinViewport: true })).toBe(true);
    await expect(passage.$('[data-layer="zhu"]')).toBeDisplayed();
    await shot("reader-hit");
  });

  it("selecting a term in the reader offers its card in the selection's menu, which the card then replaces", async () => {
    const id = await $(".passage.current").getAttribute("data-passage");
    const selected = await browser.execute((pid) => {
      const seg = document.querySelector(`[data-passage="${pid}"] [data-layer="jing"]`);
      const walker = document.createTreeWalker(seg, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const i = node.data.indexOf("觶");
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(node, i);
        r.setEnd(node, i + 1);
        const sel = getSelection();
        sel.removeAllRanges();
        sel.addRange(r);
        seg.dispatchEvent(new MouseEvent("mouseup", { bubbles: true, button: 0 }));
        return true;
      }
      return false;
    }, id);
    expect(selected).toBe(true);
    // One pop-up at a time: the selection's menu, with the term's card on offer.
    const offer = await $('[data-testid="sel-term"]');
    await offer.waitForDisplayed();
    await expect($('[data-testid="term-popover"]')).not.toBeExisting();
    await offer.click();
    await expect($('[data-testid="selection-actions"]')).not.toBeExisting();
    const pop = await $('[data-testid="term-popover"]');
    await pop.waitForDisplayed();
    await expect(pop).toHaveAttribute("data-card", "zhi");
    await expect(pop).toHaveText(expect.stringContaining("觯"));
    await shot("reader-popover");
    await browser.keys(["Escape"]);
    await expect(pop).not.toBeExisting();
  });

  it("clicking a term opens its card too", async () => {
    await browser.execute(() => getSelection().removeAllRanges());
    const mark = await $(".passage.current mark.hit");
    await mark.click();
    const pop = await $('[data-testid="term-popover"]');
    await pop.waitForDisplayed();
    await expect(pop).toHaveAttribute("data-card", "zhi");
    await browser.keys(["Escape"]);
  });

  it("shows the other edition and the translation in the parallel column", async () => {
    const parallel = await $('[data-testid="parallel"]');
    if (!(await parallel.isExisting())) await $('[data-testid="toggle-parallel"]').click();
    // A 鄉射禮 passage with a counterpart in the 通解 and two translation lines.
    await browser.execute(() => (location.hash = "#/read/xiangshe.zhushu.0353"));
    await $('[data-passage="xiangshe.zhushu.0353"]').waitForDisplayed();
    await $('[data-testid="aligned-edition"]').waitForDisplayed();
    await expect($('[data-testid="aligned-translation"]')).toBeDisplayed();
    const other = await $('[data-testid="aligned-edition"]').getAttribute("data-passage-id");
    expect(other).toMatch(/^xiangshe\.tongjie\./);
    await shot("reader-parallel");
    // Its heading opens it (a click on its text explains the character there).
    await $('[data-testid="aligned-edition"] .parallel-meta').click();
    await $(`[data-passage="${other}"]`).waitForDisplayed();
    await expect($('[data-testid="reader-title"]')).toHaveText("鄉射禮");
    await $('[data-testid="toggle-parallel"]').click();
    await expect($('[data-testid="parallel"]')).not.toBeExisting();
  });

  it("the 楅 card shows 鄭玄's gloss 「楅猶幅也,所以承笴矢者」, its drawing and a concordance", async () => {
    await $('[data-testid="nav-terms"]').click();
    await $('[data-testid="terms"]').waitForDisplayed();
    await browser.waitUntil(async () => (await $$(".term-tile").length) >= 54, { timeoutMsg: "fewer than 54 cards" });
    await shot("terms");
    await $('[data-testid="terms-filter"]').setValue("楅");
    await expect($('[data-testid="term-bi"]')).toBeDisplayed();
    await shot("terms-filtered");
    await $('[data-testid="term-bi"]').click();
    const card = await $('[data-testid="term-card"]');
    await card.waitForDisplayed();
    await expect($('[data-testid="term-headword"]')).toHaveText(expect.stringContaining("楅"));
    await expect($('[data-testid="term-glosses"]')).toHaveText(expect.stringContaining("楅猶幅也,所以承笴矢者"));
    await expect($('[data-testid="picture"] svg')).toBeDisplayed();
    await $('[data-testid="concordance-hit"]').waitForDisplayed();
    const summary = await $('[data-testid="concordance-summary"]').getText();
    expect(Number(summary.replace(/,/g, "").match(/\d+/)[0])).toBeGreaterThan(5);
    expect(await $$('[data-testid="concordance-hit"] mark.hit').length).toBeGreaterThan(0);
    await shot("card-bi");
    await $('[data-testid="concordance-summary"]').scrollIntoView();
    await shot("card-bi-concordance");
  });

  it("a citation of the card opens its passage, and a concordance line opens the reader at the hit", async () => {
    const cite = await $('[data-testid="term-glosses"] [data-testid="cite-link"]');
    const pid = await cite.getAttribute("data-passage-id");
    await cite.click();
    const passage = await $(`[data-passage="${pid}"]`);
    await passage.waitForDisplayed();
    await expect(passage.$('[data-layer="zhu"]')).toHaveText(expect.stringContaining("楅猶幅也"));
    await browser.back();
    await $('[data-testid="concordance-hit"]').waitForDisplayed();
    const line = await $('[data-testid="concordance-hit"]');
    const hitId = await line.getAttribute("data-passage-id");
    // The line's heading opens the reader (a click on its text explains the character there).
    await line.scrollIntoView({ block: "center" });
    await line.$(".conc-meta").click();
    const mark = await $(`[data-passage="${hitId}"] mark.hit`);
    await mark.waitForDisplayed();
    await expect(mark).toHaveText("楅");
    await shot("reader-from-concordance");
  });

  it("a card gives the 反切 of the 音義, linked to its passage", async () => {
    await browser.execute(() => (location.hash = "#/terms/hou"));
    const reading = await $('[data-testid="term-reading"]');
    await reading.waitForDisplayed();
    await expect(reading).toHaveText(expect.stringContaining("反切"));
    const link = await reading.$('[data-testid="cite-link"]');
    expect(await link.getAttribute("data-passage-id")).toMatch(/^xiangshe\.tongjie\./);
    await $('[data-testid="picture"] svg').waitForDisplayed();
    await shot("card-hou");
  });

  it("a malformed query shows its error inline, the faulty part underlined", async () => {
    await typeQuery('觶 "豐');
    const error = await $('[data-testid="search-error"]');
    await error.waitForDisplayed();
    await expect(error).toHaveText(expect.stringContaining("quote"));
    await expect($('[data-testid="search-error-span"]')).toHaveText('"豐');
    await expect($('[data-testid="search-input"]')).toHaveAttribute("aria-invalid", "true");
    await shot("search-error");
    // Fixing it brings the results back.
    await $('[data-testid="search-input"]').addValue('"');
    await waitForResults();
    await expect($('[data-testid="search-error"]')).not.toBeExisting();
    await browser.keys(["Escape"]);
  });

  it("an empty search box shows the query language by example; choosing one searches with it", async () => {
    await typeQuery("觶");
    await waitForResults();
    // Emptied the way a user empties it.
    await browser.keys(["Control", "a"]);
    await browser.keys(["Backspace"]);
    const help = await $('[data-testid="search-help"]');
    await help.waitForDisplayed();
    await shot("search-help");
    const examples = await $$('[data-testid="search-example"]');
    let exclusion;
    for (const e of examples) if ((await e.getText()) === "觶 -酬") exclusion = e;
    expect(exclusion).toBeDefined();
    await exclusion.click();
    await expect($('[data-testid="search-input"]')).toHaveValue("觶 -酬");
    await waitForResults();
    const kwic = await $$('[data-testid="search-hit"] .kwic').map((k) => k.getText());
    expect(kwic.length).toBeGreaterThan(0);
    expect(kwic.some((t) => t.includes("酬"))).toBe(false);
    await browser.keys(["Escape"]);
  });

  it("shows the target and the plan of the shooting ground as pictures", async () => {
    await $('[data-testid="nav-pictures"]').click();
    await $('[data-testid="picture-main-hou"] svg').waitForDisplayed();
    await expect($('[data-testid="picture-main-shooting-ground"] svg')).toBeDisplayed();
    await expect($('[data-testid="picture-main-hou"] figcaption')).toHaveText(expect.stringContaining("侯"));
    await shot("pictures");
  });
});
