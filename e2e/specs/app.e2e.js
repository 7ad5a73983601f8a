// The app as a reader meets it: the library, a passage, the display script,
// and settings that survive a restart. Each step leaves a screenshot.
import fs from "node:fs";

import { expectWorks, shot } from "./helpers.js";

const PASSAGE = "xiangshe.zhushu.0001";

describe("Sheli", () => {
  it("opens the window and the library lists 鄉射禮, 燕禮, 大射儀", async () => {
    await expect(browser).toHaveTitle("Sheli 射禮");
    await expectWorks(["鄉射禮", "燕禮", "大射儀"]);
    await shot("library");
  });

  it("opens a 鄉射禮 passage and shows its 經 and its 注", async () => {
    const link = await $(`[data-passage-id="${PASSAGE}"]`);
    await link.waitForDisplayed();
    await link.click();
    const passage = await $(`[data-passage="${PASSAGE}"]`);
    await passage.waitForDisplayed();
    const jing = await passage.$('[data-layer="jing"]');
    const zhu = await passage.$('[data-layer="zhu"]');
    await expect(jing).toBeDisplayed();
    await expect(zhu).toBeDisplayed();
    await expect(jing).toHaveText(/\S{4,}/);
    await expect(zhu).toHaveText(/注\s*\S{4,}/);
    await expect($('[data-testid="reader-title"]')).toHaveText("鄉射禮");
    await shot("reader-passage");
  });

  it("copies a passage with its citation", async () => {
    await $(`[data-passage="${PASSAGE}"] [data-testid="copy-citation"]`).click();
    await $(`[data-passage="${PASSAGE}"] [data-testid="passage-copy"]:not([disabled])`).click();
    await expect($(".toast")).toHaveText(`Copied ${PASSAGE} with its citation.`);
    await shot("reader-copied");
  });

  it("goes to a place named by a citation or a passage id; words that name nothing are said beside the box", async () => {
    const box = await $('[data-testid="goto-input"]');
    // A citation as Sheli writes it (sheli show prints the same).
    await box.setValue("《儀禮註疏·鄉射禮》，xiangshe.zhushu.0143，000_fc068ac90b3961d7.txt 第661行");
    await browser.keys("Enter");
    await $('[data-passage="xiangshe.zhushu.0143"]').waitForDisplayed();
    await browser.waitUntil(async () => (await browser.execute(() => document.activeElement?.id)) === "p-xiangshe.zhushu.0143", {
      timeoutMsg: "the passage gone to did not take the focus",
    });
    await shot("reader-goto-citation");
    // Words that name nothing: said beside the box, the reader stays.
    await box.setValue("nowhere at all");
    await browser.keys("Enter");
    await expect($('[data-testid="goto-error"]')).toHaveText(expect.stringContaining("does not exist"));
    await expect($('[data-passage="xiangshe.zhushu.0143"]')).toBeDisplayed();
    // A passage id: shown, and then the passages around it come in (they
    // did not: the route set twice reloaded the one passage in place).
    await box.setValue("xiangshe.zhushu.0300");
    await browser.keys("Enter");
    await $('[data-passage="xiangshe.zhushu.0300"]').waitForDisplayed();
    await $('[data-passage="xiangshe.zhushu.0299"]').waitForExist({ timeoutMsg: "Go to a passage id left the passage alone, without the passages around it" });
    await $('[data-passage="xiangshe.zhushu.0301"]').waitForExist();
    // Back to the passage the next steps use.
    await box.setValue(PASSAGE);
    await browser.keys("Enter");
    await $(`[data-passage="${PASSAGE}"]`).waitForDisplayed();
  });

  it("hides and shows a commentary layer", async () => {
    const toggle = await $('[data-testid="toggle-zhu"]');
    await toggle.click();
    await expect($(`[data-passage="${PASSAGE}"] [data-layer="zhu"]`)).not.toBeExisting();
    await shot("reader-without-zhu");
    await toggle.click();
    await expect($(`[data-passage="${PASSAGE}"] [data-layer="zhu"]`)).toBeDisplayed();
  });

  it("switches the display to simplified: 鄉射禮 becomes 乡射礼", async () => {
    await $('[data-testid="script-simplified"]').click();
    await expect($('[data-testid="reader-title"]')).toHaveText("乡射礼");
    await expect($(`[data-passage="${PASSAGE}"] [data-layer="jing"]`)).toHaveText(/乡射之礼/);
    await shot("reader-simplified");
    await $('nav.views a[href="#/library"]').click();
    await expectWorks(["乡射礼", "燕礼", "大射仪"]);
    await shot("library-simplified");
  });

  it("turns to the dark theme, larger characters and the parallel column", async () => {
    await $(`[data-passage-id="${PASSAGE}"]`).click();
    await $(`[data-passage="${PASSAGE}"]`).waitForDisplayed();
    await $('select[aria-label="Theme"]').selectByAttribute("value", "dark");
    await $('[data-testid="size-larger"]').click();
    await $('[data-testid="toggle-parallel"]').click();
    await expect($('[data-testid="parallel"]')).toBeDisplayed();
    await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.dataset.theme)) === "dark");
    await shot("reader-dark-parallel");
  });

  it("keeps the settings and the place after a restart", async () => {
    // The place is kept once the reader's moves settle (400 ms: j held
    // down saves once, not at every passage), and these steps follow each
    // other faster than a reader does: wait until the settings file names
    // the passage, as it does for anyone who reads it for a moment.
    await browser.waitUntil(
      () => JSON.parse(fs.readFileSync(`${process.env.SHELI_DATA_DIR}/settings.json`, "utf8")).place === `#/read/${PASSAGE}`,
      { timeoutMsg: "the passage read was never kept as the place" },
    );
    // The index damaged while Sheli is closed (its CURRENT file names no
    // generation): it is built anew at the start, and the window says why.
    fs.writeFileSync(`${process.env.SHELI_DATA_DIR}/index/CURRENT`, "not a generation\n");
    await browser.reloadSession();
    // The place: the passage last read, with the focus on it.
    await $(`[data-passage="${PASSAGE}"]`).waitForDisplayed();
    await browser.waitUntil(async () => (await browser.execute(() => document.activeElement?.id)) === `p-${PASSAGE}`, {
      timeoutMsg: "the passage last read does not have the focus after the restart",
    });
    await expect($('[data-testid="parallel"]')).toBeDisplayed();
    await $('nav.views a[href="#/library"]').click();
    await expectWorks(["乡射礼", "燕礼", "大射仪"]);
    await expect($('[data-testid="script-simplified"]')).toHaveAttribute("aria-pressed", "true");
    expect(await browser.execute(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await browser.execute(() => getComputedStyle(document.documentElement).getPropertyValue("--jing-size"))).toBe(
      "1.625rem",
    );
    await shot("library-after-restart");

    const rebuilt = await $('[data-testid="index-rebuilt"]');
    await rebuilt.waitForDisplayed({ timeout: 60000, timeoutMsg: "the window never said the index was rebuilt" });
    await expect(rebuilt).toHaveText(expect.stringContaining("The search index was built anew: it was damaged."));
    // what was damaged, in the index's words, apart and marked English
    const detail = await $('[data-testid="index-rebuilt-detail"]');
    await expect(detail).toHaveAttribute("lang", "en");
    await rebuilt.$("summary").click();
    await expect(detail).toHaveText("its CURRENT file names no generation");
    await shot("index-rebuilt-said");
    await $('[data-testid="index-rebuilt-dismiss"]').click();
    await expect(rebuilt).not.toBeExisting();
    expect(await browser.execute(() => document.activeElement?.id)).toBe("main");
  });
});
