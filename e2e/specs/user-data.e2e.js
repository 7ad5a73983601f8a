// The user's own data in the real window: a glossary with the 楅 card and a
// card made from a selection, one card reviewed, a note on a span of a 注 —
// and all of it still there after a restart, the note highlighted at its
// span. Screenshots are named ud-… (numbering restarts in every spec file).
import fs from "node:fs";
import path from "node:path";
import { shot, selectText } from "./helpers.js";

// The passage of 鄉射禮 whose 注 glosses 楅: 「楅猶幅也,所以承笴矢者。」
const PASSAGE = "xiangshe.zhushu.0164";
const NOTE_SPAN = "楅猶幅也";

/**
 * The words the note marks in the 注: its marks' text together (a mark is
 * cut where the span crosses a glossary term's link: 楅 is one).
 */
async function noteMarked() {
  return browser.execute(
    (passage) =>
      Array.from(document.querySelectorAll(`[data-passage="${passage}"] [data-layer="zhu"] mark.note-mark`), (m) => m.textContent).join(""),
    PASSAGE,
  );
}
const CARD_SPAN = "笴";
const GLOSSARY = "射器";

/** Goes to a view through the address (as a link would). */
async function go(hash) {
  await browser.execute((h) => {
    location.hash = h;
  }, hash);
}

async function openPassage() {
  await go(`#/read/${PASSAGE}`);
  const p = await $(`[data-passage="${PASSAGE}"]`);
  await p.waitForDisplayed();
  await expect(p.$('[data-layer="zhu"]')).toBeDisplayed();
  // The notes' margin needs the room of the parallel column.
  const parallel = await $('[data-testid="toggle-parallel"]');
  if ((await parallel.getAttribute("aria-pressed")) === "true") await parallel.click();
}

async function cardHeadwords() {
  await $('[data-testid="card-row"]').waitForDisplayed();
  return $$('[data-testid="card-headword-text"]').map((e) => e.getText());
}

describe("Your glossaries, review and notes", () => {
  before(async () => {
    // Another spec may have left the display simplified (settings
    // persist): read as the edition has it.
    await $('[data-testid="script-original"]').click();
  });

  it("creates a glossary", async () => {
    await $('[data-testid="nav-glossaries"]').click();
    await $('[data-testid="glossaries"]').waitForDisplayed();
    await $('[data-testid="new-glossary"]').setValue(GLOSSARY);
    await $('[data-testid="create-glossary"]').click();
    await expect($('[data-testid="glossary-title"]')).toHaveText(GLOSSARY);
    await shot("ud-glossary-created");
  });

  it("adds the built-in 楅 card, found by a search of the built-in cards", async () => {
    await $('[data-testid="builtin-search"]').setValue("楅");
    const add = await $('[data-testid="add-builtin-bi"]');
    await add.waitForDisplayed();
    await shot("ud-builtin-search");
    await add.click();
    await browser.waitUntil(async () => (await cardHeadwords()).includes("楅"), {
      timeoutMsg: "the 楅 card was not added",
    });
    await $('[data-testid="builtin-search"]').clearValue();
    await shot("ud-builtin-card-added");
  });

  it("adds a card made from a selection in the reader: headword from the selection, passage linked", async () => {
    await openPassage();
    expect(await selectText(PASSAGE, "zhu", CARD_SPAN)).toBe(true);
    await $('[data-testid="sel-add-card"]').click();
    const glossary = await $('[data-testid="sel-glossary"]');
    await glossary.waitForDisplayed();
    await expect(glossary.$("option:checked")).toHaveText(GLOSSARY);
    await shot("ud-card-from-selection-form");
    await $('[data-testid="sel-card-save"]').click();
    await expect($('[data-testid="card-added"]')).toHaveText(new RegExp(`Added ${CARD_SPAN} to ${GLOSSARY}`));
    await shot("ud-card-from-selection-added");

    await $('[data-testid="card-added"] a').click();
    await browser.waitUntil(async () => (await cardHeadwords()).join(" ") === `楅 ${CARD_SPAN}`, {
      timeoutMsg: "the glossary does not list 楅 and the new card",
    });
    const row = await $$('[data-testid="card-row"]')[1];
    await expect(row.$('[data-testid="card-passage"]')).toHaveText(PASSAGE);
    await shot("ud-glossary-two-cards");
  });

  it("exports the glossary for Anki: a file in the exports folder, and the window says where", async () => {
    await $('[data-testid="export-tsv"]').click();
    const file = path.join(process.env.SHELI_EXPORT_DIR, `${GLOSSARY}.anki.txt`);
    await expect($('[data-testid="notice"]')).toHaveText(`Saved ${GLOSSARY}.anki.txt to ${file}.`);
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain("#separator:tab");
    expect(text).toContain(`#deck:${GLOSSARY}`);
    expect(text.split("\n").filter((l) => l && !l.startsWith("#")).map((l) => l.split("\t")[0])).toEqual(["楅", CARD_SPAN]);
    await shot("ud-glossary-exported");
    // And as an Anki package, with the drawing of 楅 (a zip: "PK").
    await $('[data-testid="export-apkg"]').click();
    const pkg = path.join(process.env.SHELI_EXPORT_DIR, `${GLOSSARY}.apkg`);
    await expect($('[data-testid="notice"]')).toHaveText(`Saved ${GLOSSARY}.apkg to ${pkg}.`);
    const bytes = fs.readFileSync(pkg);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(bytes.includes(Buffer.from("sheli-bi.svg"))).toBe(true);
  });

  it("reviews one card: front, back, Good, the next date kept", async () => {
    await $('[data-testid="review-link"]').click();
    await expect($('[data-testid="due-count"]')).toHaveText(/^2 due\s\(2 new\)\sof 2/);
    await expect($('[data-testid="review-front"]')).toHaveText("楅");
    await $('[data-testid="review-reveal"]').click();
    await expect($('[data-testid="review-back"]')).toHaveText(/bī/);
    await expect($('[data-testid="grade-good"]')).toHaveText(/Good\s*\d+ d/);
    await shot("ud-review-answer");
    await $('[data-testid="grade-good"]').click();
    await expect($('[data-testid="due-count"]')).toHaveText(/^1 due\s\(1 new\)\sof 2/);
    await expect($('[data-testid="review-outcome"]')).toHaveText(/^Good: next review/);
    await expect($('[data-testid="review-front"]')).toHaveText(CARD_SPAN);
    await expect($('[data-testid="review-history"] tbody tr')).toHaveText(/楅\s*Good/);
    await shot("ud-review-graded");
  });

  it("writes a note on a span of a 注, highlighted there and shown in the margin", async () => {
    await openPassage();
    expect(await selectText(PASSAGE, "zhu", NOTE_SPAN)).toBe(true);
    await $('[data-testid="sel-add-note"]').click();
    await $('[data-testid="note-text"]').setValue("**楅** is glossed by the pun 幅: *even, like the border of a cloth*.");
    await $('[data-testid="note-tags"]').setValue("pun 鄭注");
    await shot("ud-note-writing");
    await $('[data-testid="note-save"]').click();
    const mark = await $(`[data-passage="${PASSAGE}"] [data-layer="zhu"] mark.note-mark`);
    await mark.waitForDisplayed();
    expect(await noteMarked()).toBe(NOTE_SPAN);
    const margin = await $(`[data-passage="${PASSAGE}"] [data-testid="margin-note"]`);
    await expect(margin.$("strong")).toHaveText("楅");
    await expect(margin.$("em")).toHaveText("even, like the border of a cloth");
    await browser.execute(() => window.getSelection().removeAllRanges());
    await shot("ud-note-in-margin");
  });

  it("keeps everything after a restart, the note highlighted at its span", async () => {
    await browser.reloadSession();
    await $('[data-testid="nav-glossaries"]').waitForDisplayed();

    await $('[data-testid="nav-glossaries"]').click();
    await $('[data-testid="glossary-item"]').click();
    await expect($('[data-testid="glossary-title"]')).toHaveText(GLOSSARY);
    expect(await cardHeadwords()).toEqual(["楅", CARD_SPAN]);
    await shot("ud-restart-glossary");

    await $('[data-testid="nav-review"]').click();
    await expect($('[data-testid="due-count"]')).toHaveText(/^1 due\s\(1 new\)\sof 2/);
    await expect($('[data-testid="review-front"]')).toHaveText(CARD_SPAN);
    await expect($('[data-testid="review-history"] tbody tr')).toHaveText(/楅\s*Good/);
    await shot("ud-restart-review");

    await $('[data-testid="nav-notes"]').click();
    await expect($('[data-testid="note-quote"]')).toHaveText(NOTE_SPAN);
    await expect($('[data-testid="note-item"] strong')).toHaveText("楅");
    await shot("ud-restart-notes");

    await $('[data-testid="note-passage"]').click();
    const mark = await $(`[data-passage="${PASSAGE}"] [data-layer="zhu"] mark.note-mark`);
    await mark.waitForDisplayed();
    expect(await noteMarked()).toBe(NOTE_SPAN);
    // The mark sits in the 注 right where the words are.
    const around = await browser.execute((passage) => {
      const ms = document.querySelectorAll(`[data-passage="${passage}"] [data-layer="zhu"] mark.note-mark`);
      const first = ms[0];
      const last = ms[ms.length - 1];
      const seg = first.closest("[data-layer]");
      const before = document.createRange();
      before.setStart(seg, 0);
      before.setEndBefore(first);
      const after = document.createRange();
      after.setStartAfter(last);
      after.setEnd(seg, seg.childNodes.length);
      const marked = Array.from(ms, (m) => m.textContent).join("");
      return `${before.toString().slice(-4)}[${marked}]${after.toString().slice(0, 4)}`;
    }, PASSAGE);
    expect(around).toMatch(/\[楅猶幅也\],所以承/);
    await expect($(`[data-passage="${PASSAGE}"] [data-testid="margin-note"] strong`)).toHaveText("楅");
    await mark.scrollIntoView({ block: "center" });
    await shot("ud-restart-note-highlighted");
  });
});
