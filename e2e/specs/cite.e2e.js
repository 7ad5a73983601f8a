// Cite, copy, print, and the honest reading aids, in the real window:
// Ctrl+C and "Copy with citation" on a selection put the text and its
// standard citation (corpus/src/locate.rs) on the clipboard — read back by
// pasting into a field of the page, as a user would; a passage copied with
// chosen layers; the study sheet of a range with the user's note, saved as
// HTML; passage 250's missing translation line explained; a source fault
// marked where it stands; empty layers shown empty. Screenshots cite-….
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { shot, selectText } from "./helpers.js";

const P250 = "xiangshe.zhushu.0250";
const ORIGIN = "000_fc068ac90b3961d7.txt";
// Passage 193: line 904's 疏 holds ASCII debris (擬hy41來者), dropped.
const FAULTY = "xiangshe.zhushu.0193";

async function go(hash) {
  await browser.execute((h) => {
    location.hash = h;
  }, hash);
}

async function open(id) {
  await go(`#/read/${id}`);
  await $(`[data-passage="${id}"]`).waitForDisplayed();
}

/** What the clipboard holds as plain text: pasted into a field of the page. */
async function pasted() {
  await browser.execute(() => {
    const t = document.createElement("textarea");
    t.id = "e2e-paste";
    t.setAttribute("aria-label", "paste");
    document.body.appendChild(t);
    t.focus();
  });
  await browser.keys(["Control", "v"]);
  await browser.pause(200);
  return browser.execute(() => {
    const t = document.getElementById("e2e-paste");
    const v = t.value;
    t.remove();
    return v;
  });
}

/** What the clipboard holds as HTML: pasted into an editable region. */
async function pastedHtml() {
  await browser.execute(() => {
    const d = document.createElement("div");
    d.id = "e2e-paste-html";
    d.contentEditable = "true";
    d.setAttribute("aria-label", "paste");
    document.body.appendChild(d);
    d.focus();
  });
  await browser.keys(["Control", "v"]);
  await browser.pause(200);
  return browser.execute(() => {
    const d = document.getElementById("e2e-paste-html");
    const v = d.innerHTML;
    d.remove();
    return v;
  });
}

describe("Cite, copy, print", () => {
  before(async () => {
    await $('[data-testid="script-original"]').click();
  });

  it("Ctrl+C on a selection copies the text and its citation, at the line the words are on", async () => {
    await open(P250);
    expect(await selectText(P250, "zhu", "皆已揖左還")).toBe(true);
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    // The citation has arrived when the menu's copy is enabled.
    await $('[data-testid="sel-copy"]:not([disabled])').waitForExist();
    await shot("cite-selection-menu");
    await browser.keys(["Control", "c"]);
    await expect($(".toast")).toHaveText("Copied the selection with its citation.");
    const text = await pasted();
    expect(text).toBe(`皆已揖左還\n《儀禮註疏·鄉射禮》鄭注，${P250}，${ORIGIN} 第1168行`);
  });

  it("\"Copy with citation\" in the selection's menu copies the same, with an HTML flavour", async () => {
    await open(P250);
    expect(await selectText(P250, "jing", "揖退")).toBe(true);
    await $('[data-testid="sel-copy"]:not([disabled])').waitForExist();
    await $('[data-testid="sel-copy"]').click();
    await expect($(".toast")).toHaveText("Copied the selection with its citation.");
    expect(await pasted()).toBe(`揖退\n《儀禮註疏·鄉射禮》，${P250}，${ORIGIN} 第1166行`);
    const html = await pastedHtml();
    expect(html).toContain("揖退");
    expect(html).toContain(`${P250}，${ORIGIN} 第1166行`);
  });

  it("a selection from the 經 into its 注 is copied piece by piece, each with its own citation", async () => {
    await open(P250);
    const ok = await browser.execute((id) => {
      const text = (layer) => {
        const w = document.createTreeWalker(document.querySelector(`[data-passage="${id}"] [data-layer="${layer}"]`), NodeFilter.SHOW_TEXT);
        for (let n = w.nextNode(); n; n = w.nextNode()) if (/[退皆]/.test(n.data)) return n;
        return null;
      };
      const a = text("jing");
      const b = text("zhu");
      if (!a || !b) return false;
      const range = document.createRange();
      range.setStart(a, a.data.indexOf("退"));
      range.setEnd(b, b.data.indexOf("皆") + 2);
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      b.parentElement.dispatchEvent(new MouseEvent("mouseup", { bubbles: true, button: 0, view: window }));
      return true;
    }, P250);
    expect(ok).toBe(true);
    const both = `退。\n《儀禮註疏·鄉射禮》，${P250}，${ORIGIN} 第1166行\n\n皆已\n《儀禮註疏·鄉射禮》鄭注，${P250}，${ORIGIN} 第1168行`;
    // The menu offers the copy alone (a note or a card is on one segment),
    // once both citations are here.
    await $('[data-testid="sel-copy"]:not([disabled])').waitForExist();
    expect(await $('[data-testid="sel-add-note"]').isExisting()).toBe(false);
    await browser.keys(["Control", "c"]);
    await expect($(".toast")).toHaveText("Copied the selection with its citation.");
    expect(await pasted()).toBe(both);
  });

  it("a passage's Copy menu copies the layers chosen and the passage's citation", async () => {
    await open(P250);
    await $(`[data-passage="${P250}"] [data-testid="copy-citation"]`).click();
    const menu = await $(`[data-passage="${P250}"] [data-testid="copy-menu"]`);
    await menu.waitForDisplayed();
    const shu = await menu.$('[data-testid="copy-layer-shu"]');
    const zhu = await menu.$('[data-testid="copy-layer-zhu"]');
    if (!(await zhu.isSelected())) await zhu.click();
    if (await shu.isSelected()) await shu.click();
    await shot("cite-passage-menu");
    await menu.$('[data-testid="passage-copy"]:not([disabled])').click();
    await expect($(".toast")).toHaveText(`Copied ${P250} with its citation.`);
    expect(await pasted()).toBe(
      `揖退。\n【注】皆已揖左還,各由其塗反位。\n《儀禮註疏·鄉射禮》，${P250}，${ORIGIN} 第1166行`,
    );
  });

  it("by keyboard alone: Tab past the Copy menu's last button closes it, and Enter on Copy… opens it again", async () => {
    await open(P250);
    const P = `[data-passage="${P250}"]`;
    const active = () => browser.execute(() => document.activeElement?.dataset.testid ?? document.activeElement?.tagName);
    const menuShown = () => browser.execute((s) => !!document.querySelector(s), `${P} [data-testid="copy-menu"]`);
    await browser.execute((i) => document.getElementById(`p-${i}`)?.focus(), P250);
    // Tab from the passage to its Copy… button.
    for (let i = 0; i < 12 && (await active()) !== "copy-citation"; i++) await browser.keys("Tab");
    expect(await active()).toBe("copy-citation");
    await browser.keys("Enter");
    await $(`${P} [data-testid="copy-menu"]`).waitForDisplayed();
    // Through the menu (its layers, Copy with citation, Study sheet…) and out.
    for (let i = 0; i < 12 && (await active()) !== "open-sheet"; i++) await browser.keys("Tab");
    expect(await active()).toBe("open-sheet");
    await browser.keys("Tab");
    await browser.waitUntil(async () => !(await menuShown()), { timeout: 3000, timeoutMsg: "the menu stayed open when the focus left it" });
    expect(await browser.execute((s) => document.querySelector(s)?.getAttribute("aria-expanded"), `${P} [data-testid="copy-citation"]`)).toBe(
      "false",
    );
    // Back to Copy…: Enter opens the menu (it closed it while it stayed open).
    for (let i = 0; i < 6 && (await active()) !== "copy-citation"; i++) {
      await browser.keys(["Shift", "Tab"]);
      await browser.keys("Shift");
    }
    expect(await active()).toBe("copy-citation");
    await browser.keys("Enter");
    await $(`${P} [data-testid="copy-menu"]`).waitForDisplayed();
    await browser.keys("Escape");
    await browser.waitUntil(async () => !(await menuShown()), { timeout: 3000 });
    expect(await active()).toBe("copy-citation");
  });

  it("only one pop-up at a time: a term's card, a selection's menu, the copy menu and the keys list close one another", async () => {
    const id = "xiangshe.zhushu.0010";
    const P = `[data-passage="${id}"]`;
    /** Which of the floating things are on screen. */
    const shown = () =>
      browser.execute(() =>
        ["term-popover", "char-popover", "selection-actions", "reader-keys", "copy-menu"].filter((t) => {
          const e = document.querySelector(`[data-testid="${t}"]`);
          return !!e && e.getBoundingClientRect().width > 0;
        }),
      );
    await open(id);
    await $(`${P} .term-link`).click();
    await $('[data-testid="term-popover"]').waitForDisplayed();
    await selectText(id, "zhu", "所射布");
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    expect(await shown()).toEqual(["selection-actions"]);
    // The copy button pressed from script: the selection's menu may lie over
    // it (a hand would press it all the same once the menu has gone).
    await browser.execute((sel) => document.querySelector(sel)?.click(), `${P} [data-testid="copy-citation"]`);
    await $(`${P} [data-testid="copy-menu"]`).waitForDisplayed();
    await shot("cite-one-popup");
    expect(await shown()).toEqual(["copy-menu"]);
    await browser.execute((i) => document.getElementById(`p-${i}`)?.focus(), id);
    await browser.keys("?");
    await $('[data-testid="reader-keys"]').waitForDisplayed();
    expect(await shown()).toEqual(["reader-keys"]);
    await browser.keys("Escape");
    expect(await shown()).toEqual([]);
  });

  it("passage 250 says why it has no translation line", async () => {
    await open(P250);
    const parallel = await $('[data-testid="toggle-parallel"]');
    if ((await parallel.getAttribute("aria-pressed")) !== "true") await parallel.click();
    await $(`#p-${P250.replaceAll(".", "\\.")}`).click();
    const why = await $('[data-testid="parallel-no-translation"]');
    await why.waitForDisplayed();
    await expect(why).toHaveText(expect.stringContaining("No translation line for this passage"));
    await expect(why).toHaveText(expect.stringContaining("gave this one no line of its own"));
    await expect($('[data-testid="gap-before"]')).toBeDisplayed();
    await expect($('[data-testid="gap-after"]')).toBeDisplayed();
    await shot("cite-no-translation");
    await parallel.click();
  });

  it("a known source fault is marked where it stands, its note readable beside it", async () => {
    await open(FAULTY);
    const shu = await $('[data-testid="toggle-shu"]');
    if ((await shu.getAttribute("aria-pressed")) !== "true") await shu.click();
    const mark = await $(`[data-passage="${FAULTY}"] mark.mark-fault`);
    await mark.waitForDisplayed();
    await expect(mark).toHaveText("擬來者");
    const note = await $(`#${(await mark.getAttribute("aria-describedby")).split(" ")[0].replaceAll(".", "\\.")}`);
    await expect(note).toHaveText(expect.stringContaining("Source fault (debris, line 904)"));
    await shot("cite-fault");
  });

  it("the layers this edition has no text in are shown empty, not switched on", async () => {
    await open(P250);
    for (const slug of ["yinyi", "an", "ti", "yi"]) {
      const t = await $(`[data-testid="toggle-${slug}"]`);
      await expect(t).toBeDisabled();
      await expect(t).toHaveAttribute("aria-pressed", "false");
      // Said to screen readers (visually hidden, so not in getText).
      expect(await t.getProperty("textContent")).toContain("(empty in this edition)");
    }
    await expect($('[data-testid="toggle-zhu"]')).toBeEnabled();
  });

  it("the study sheet of 241–260: layers, translation, the user's note, citations; saved as HTML", async () => {
    // A note on passage 250, to find on the sheet.
    await open(P250);
    expect(await selectText(P250, "zhu", "各由其塗")).toBe(true);
    await $('[data-testid="sel-add-note"]').click();
    await $('[data-testid="note-text"]').setValue("Each by his own path: 塗 = 途.");
    await $('[data-testid="note-save"]').click();
    await $(`[data-passage="${P250}"] mark.note-mark`).waitForDisplayed();

    await $(`[data-passage="${P250}"] [data-testid="copy-citation"]`).click();
    await $(`[data-passage="${P250}"] [data-testid="open-sheet"]`).click();
    const dialog = await $('[data-testid="study-sheet"]');
    await dialog.waitForDisplayed();
    await $('[data-testid="sheet-from"]').setValue("241");
    await $('[data-testid="sheet-to"]').setValue("260");
    await browser.waitUntil(async () => (await $$("[data-sheet-passage]").length) === 20, {
      timeoutMsg: "the sheet never held 20 passages",
    });
    await browser.waitUntil(async () => (await $('[data-testid="sheet"]').getAttribute("aria-busy")) === "false");
    const ms = await browser.execute(() => window.__sheetMs);
    console.log(`figure: study sheet (print preview) of 20 passages ready in ${ms?.toFixed(0)} ms`);
    const p250 = await $(`[data-sheet-passage="${P250}"]`);
    const text = await p250.getText();
    expect(text).toContain("揖退。");
    expect(text).toContain("【注】皆已揖左還");
    expect(text).toContain("No translation line of its own");
    expect(text).toContain("各由其塗");
    expect(text).toContain("Each by his own path");
    expect(text).toContain(`《儀禮註疏·鄉射禮》，${P250}，${ORIGIN} 第1166行`);
    // Passages with a line show it; the cards the words use are listed.
    expect(await $$('[data-sheet-passage] .sheet-yi').length).toBeGreaterThan(10);
    await expect($('[data-testid="sheet-cards"]')).toHaveText(expect.stringContaining("Glossary cards used"));
    expect(await browser.execute(() => typeof window.print)).toBe("function");
    // A modal dialog: the app behind it cannot take the focus meanwhile.
    expect(await browser.execute(() => document.getElementById("app").inert)).toBe(true);
    await shot("cite-study-sheet");

    await $('[data-testid="sheet-save"]').click();
    const status = await $('[data-testid="sheet-status"]');
    await browser.waitUntil(async () => (await status.getText()).startsWith("Saved as"), {
      timeoutMsg: "the sheet was not saved",
    });
    const file = (await status.getText()).replace(/^Saved as /, "");
    expect(path.dirname(file)).toBe(process.env.SHELI_EXPORT_DIR);
    expect(path.basename(file)).toBe("sheli-xiangshe-zhushu-0241--xiangshe-zhushu-0260.html");
    const html = fs.readFileSync(file, "utf8");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<style>");
    expect(html).not.toContain("<script");
    expect(html).toContain("Each by his own path");
    expect(html).toContain(`${P250}，${ORIGIN} 第1166行`);

    await browser.keys("Escape");
    await expect(dialog).not.toBeExisting();
    expect(await browser.execute(() => document.getElementById("app").inert)).toBe(false);
    // The focus is back on the Copy button the sheet was opened from.
    expect(await browser.execute(() => document.activeElement?.dataset.testid)).toBe("copy-citation");
  });

  // Last: the dialog stays open until the app ends.
  it("Print… opens the system's print dialog (GTK's, a window of the app)", async function () {
    let windows;
    try {
      windows = () => execSync(`xwininfo -root -tree -display ${process.env.DISPLAY}`, { encoding: "utf8" });
      windows();
    } catch {
      this.skip(); // no xwininfo (x11-utils) to list the display's windows
    }
    expect(windows()).not.toMatch(/"Print": \("sheli"/);
    await $(`[data-passage="${P250}"] [data-testid="copy-citation"]`).click();
    await $(`[data-passage="${P250}"] [data-testid="open-sheet"]`).click();
    await $('[data-testid="sheet"]').waitForDisplayed();
    await $('[data-testid="sheet-print"]:not([disabled])').click();
    await browser.waitUntil(async () => /"Print": \("sheli"/.test(windows()), {
      timeoutMsg: "no print dialog opened",
    });
  });
});
