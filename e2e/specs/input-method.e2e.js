// What a reader with a Chinese input method meets (the outside tester's
// findings 1, 2 and 5): quote marks and ？ typed by the IME search as their
// ASCII forms do, a Go-to a line past the end of a file says so in the
// interface's language (and opens nothing), and a line of the 通解 holding
// several passages opens the first of them.
import { shot as baseShot } from "./helpers.js";

const shot = (name) => baseShot(`im-${name}`);

async function typeQuery(text) {
  await browser.keys(["Control", "k"]);
  const input = await $('[data-testid="search-input"]');
  await expect(input).toBeFocused();
  await input.clearValue();
  await input.addValue(text);
}

/** The summary's counts: { occurrences, segments }. */
async function counts() {
  const text = await $('[data-testid="search-summary"]').getText();
  const m = text.replace(/,/g, "").match(/(\d+) occurrences? in (\d+) segments?/);
  return m ? { occurrences: Number(m[1]), segments: Number(m[2]) } : null;
}

/**
 * Types `text` and waits for its own answer: the summary's timing marker
 * names the query of the answer painted (SearchBox's data-query). Waiting
 * for counts unlike the last ones hung where two queries agree (「再 拜」~3
 * counts as "再 拜"~3, which is the point).
 */
async function countsOf(text) {
  await typeQuery(text);
  await browser.waitUntil(
    async () =>
      (await browser.execute(() => document.querySelector('[data-testid="search-timing"]')?.dataset.query)) === text.trim(),
    { timeoutMsg: `${text}: its answer was never painted` },
  );
  const now = await counts();
  expect(now).not.toBeNull();
  return now;
}

describe("a Chinese input method's operators, and Go-to a source line", () => {
  it("searches “再 拜” as the phrase \"再 拜\", and 坐？爵 as 坐?爵", async () => {
    const phrase = await countsOf('"再 拜"');
    const both = await countsOf("再 拜");
    expect(both).not.toEqual(phrase);
    const curly = await countsOf("“再 拜”");
    expect(curly).toEqual(phrase);
    // `~N` right after 」 (it was refused as "not after a closing quote")
    const near = await countsOf('"再 拜"~3');
    const corner = await countsOf("「再 拜」~3");
    expect(corner).toEqual(near);
    await shot("corner-quotes");
    const wildcard = await countsOf("坐?爵");
    const and = await countsOf("坐 爵");
    expect(and).not.toEqual(wildcard);
    const fullWidth = await countsOf("坐？爵");
    expect(fullWidth).toEqual(wildcard);
    await shot("full-width-wildcard");
    await browser.keys("Escape");
    // The results panel closed: open, it lies over the controls the next
    // test clicks (the interface's language, Go-to), and a click on them
    // would land on it.
    await $('[data-testid="search-panel"]').waitForDisplayed({ reverse: true });
  });

  it("says in 繁體中文 that a line past the end of the file is not there, with its last line", async () => {
    await $('[data-testid="ui-locale"]').selectByAttribute("value", "zh-Hant");
    await expect($('[data-testid="ui-locale"]')).toHaveValue("zh-Hant");
    await browser.execute(() => (location.hash = "#/read/xiangshe.zhushu.0010"));
    await $('[data-passage="xiangshe.zhushu.0010"]').waitForDisplayed();
    const box = await $('[data-testid="goto-input"]');
    for (const [place, line] of [
      ["xiangshe.zhushu:999999", "999999"],
      ["xiangshe.zhushu:0", "0"],
    ]) {
      await box.setValue(place);
      await browser.keys("Enter");
      await expect($('[data-testid="goto-error"]')).toHaveText(`xiangshe.zhushu 沒有第 ${line} 行：只有第 1 至 1914 行。`);
      // The reader stays where it was: the last passage was not opened.
      await expect($('[data-passage="xiangshe.zhushu.0010"]')).toBeDisplayed();
      expect(await browser.execute(() => location.hash)).toBe("#/read/xiangshe.zhushu.0010");
    }
    await shot("goto-past-the-end");
  });

  it("opens the first passage beginning on a 通解 line", async () => {
    const box = await $('[data-testid="goto-input"]');
    await box.setValue("xiangshe.tongjie:5");
    await browser.keys("Enter");
    await $('[data-passage="xiangshe.tongjie.0017"]').waitForDisplayed();
    await browser.waitUntil(async () => (await browser.execute(() => document.activeElement?.id)) === "p-xiangshe.tongjie.0017", {
      timeoutMsg: "xiangshe.tongjie:5 did not open 0017, the first passage on line 5",
    });
    await expect($('[data-testid="goto-error"]')).toHaveText("");
    await shot("goto-tongjie-line");
    // The id as the reader shows it ("250"), and in capitals (h4 tester).
    for (const typed of ["xiangshe.zhushu.250", "XIANGSHE.ZHUSHU.0250"]) {
      // (a new reader, a new box, for each passage opened)
      await $('[data-testid="goto-input"]').setValue(typed);
      await browser.keys("Enter");
      await $('[data-passage="xiangshe.zhushu.0250"]').waitForDisplayed();
      await expect($('[data-testid="goto-error"]')).toHaveText("");
    }
    // A line before the file's first passage (an HTML comment): the first
    // passage opens, and the box says why, in the interface's language.
    await $('[data-testid="goto-input"]').setValue("dashe.tongjie:1");
    await browser.keys("Enter");
    await $('[data-passage="dashe.tongjie.0001"]').waitForDisplayed();
    await expect($('[data-testid="goto-note"]')).toHaveText("第 1 行沒有段落；已顯示其後的第一段（第 2 行）。");
    await expect($('[data-testid="goto-error"]')).toHaveText("");
    await shot("goto-line-without-passage");
    // A citation whose line is outside the passage it names: the line's
    // passage opens (lines outlast Sheli's numbering), said; and a citation
    // with the id cut out, as a paper keeps it, reads by file and line.
    await $('[data-testid="goto-input"]').setValue("《儀禮註疏·鄉射禮》，xiangshe.zhushu.0250，000_fc068ac90b3961d7.txt 第5行");
    await browser.keys("Enter");
    await $('[data-passage="xiangshe.zhushu.0001"]').waitForDisplayed();
    await expect($('[data-testid="goto-note"]')).toHaveText("xiangshe.zhushu.0250 不在第 5 行；已顯示第 5 行所在的段落。");
    await $('[data-testid="goto-input"]').setValue("《儀禮註疏·鄉射禮》，000_fc068ac90b3961d7.txt 第1168行");
    await browser.keys("Enter");
    await $('[data-passage="xiangshe.zhushu.0250"]').waitForDisplayed();
    await expect($('[data-testid="goto-note"]')).toHaveText("");
    await expect($('[data-testid="goto-error"]')).toHaveText("");
    // A line after the file's last passage (a blank line, the web page's
    // trailer): the last passage opens, said (h5 tester, J).
    await $('[data-testid="goto-input"]').setValue("xiangshe.zhushu:1914");
    await browser.keys("Enter");
    await $('[data-passage="xiangshe.zhushu.0408"]').waitForDisplayed();
    await expect($('[data-testid="goto-note"]')).toHaveText("第 1914 行沒有段落；已顯示最後一段（至第 1912 行）。");
    await expect($('[data-testid="goto-error"]')).toHaveText("");
    await $('[data-testid="ui-locale"]').selectByAttribute("value", "en");
  });
});
