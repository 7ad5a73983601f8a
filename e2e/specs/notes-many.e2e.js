// The outside tester's findings 0, 0b and 0c in the real window: thousands
// of notes (written by the CLI, as an import from another tool would) and a
// glossary of thousands of cards are drawn a page at a time with the total
// said; and a note being edited survives the app killed mid-typing (its
// draft kept in the store, offered back after the restart). No timing is
// asserted: what is asserted is what the page holds.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { selectText } from "./helpers.js";

const app = process.env.SHELI_APP;
const data = process.env.SHELI_DATA_DIR;
const scratch = process.env.SHELI_EXPORT_DIR;
const MANY = 2500;

/** The CLI on the window's data folder (two Shelis at once). */
function sheli(...args) {
  return execFileSync(app, args, { env: { ...process.env, SHELI_DATA_DIR: data }, encoding: "utf8", maxBuffer: 1 << 28 });
}

async function go(hash) {
  await browser.execute((h) => {
    location.hash = h;
  }, hash);
}

/** Opens passage `P` in the reader and selects the first two characters of
 * its 經; returns them. */
async function selectOpening(P) {
  await go(`#/read/${P}`);
  const jing = await $(`[data-passage="${P}"] [data-layer="jing"]`);
  await jing.waitForDisplayed({ timeout: 60000 });
  const needle = Array.from(await jing.getText()).slice(0, 2).join("");
  expect(await selectText(P, "jing", needle)).toBe(true);
  return needle;
}

/** How many notes the store holds now (other specs may have written some). */
function noteCount() {
  return JSON.parse(sheli("notes", "list", "--json")).length;
}

/** Kills the window's app (kill -9, as a crash or a power cut would): the
 * processes of this binary on this data folder, by pid. */
function killApp() {
  const pids = execFileSync("pgrep", ["-f", app], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`SHELI_DATA_DIR=${data}`);
      } catch {
        return false;
      }
    });
  for (const pid of pids) process.kill(Number(pid), "SIGKILL");
  return pids;
}

describe("many notes and cards, and a draft that survives a crash", () => {
  before(() => {
    // One note written by the CLI, exported, and copied MANY times with new ids.
    sheli("notes", "add", "xiangshe.zhushu.0074", "--quote", "觶", "--body", "seed of many");
    const exported = JSON.parse(sheli("notes", "export", "--format", "json"));
    const seed = exported.first.items.find((a) => a.body[0].value === "seed of many");
    const items = Array.from({ length: MANY }, (_, i) => ({
      ...seed,
      id: `urn:uuid:${randomUUID()}`,
      body: [{ ...seed.body[0], value: `many ${i}` }],
    }));
    const file = join(scratch, "many-notes.json");
    writeFileSync(file, JSON.stringify(items));
    sheli("notes", "import", file);
    // A glossary of MANY cards, as a TSV with its columns named.
    const rows = Array.from({ length: MANY }, (_, i) => `字${i}\tdef ${i} 觶`);
    const tsv = join(scratch, "many-cards.tsv");
    writeFileSync(tsv, `#columns:headword\tdefinition\n${rows.join("\n")}\n`);
    sheli("glossary", "import", tsv, "--name", "many cards");
  });

  it("the Notes view draws its first page of thousands and says the total", async () => {
    const total = noteCount();
    expect(total).toBeGreaterThan(MANY);
    await go("#/notes");
    const count = await $('[data-testid="notes-count"]');
    const shown = (n) => `Showing ${n} of ${total.toLocaleString("en")} notes.`;
    await browser.waitUntil(async () => (await count.getText()) === shown(200), {
      timeout: 60000,
      timeoutMsg: `the count never said "${shown(200)}"`,
    });
    expect(await browser.execute(() => document.querySelectorAll('[data-testid="note-item"]').length)).toBe(200);

    // Show more: the next page, the focus on its first note's Edit button.
    await $('[data-testid="notes-more"]').click();
    await browser.waitUntil(async () => (await count.getText()) === shown(400), { timeout: 60000 });
    expect(await browser.execute(() => document.querySelectorAll('[data-testid="note-item"]').length)).toBe(400);
    const focus = await browser.execute(() => {
      const a = document.activeElement;
      const item = a?.closest('[data-testid="note-item"]');
      return { testid: a?.getAttribute("data-testid"), index: [...document.querySelectorAll('[data-testid="note-item"]')].indexOf(item) };
    });
    expect(focus).toEqual({ testid: "note-edit", index: 200 });

    // The search covers every note, not the pages shown.
    await $('[data-testid="notes-search"]').setValue("many 2499");
    await browser.waitUntil(async () => (await count.getText()) === "1 note match.", { timeout: 60000 });
  });

  it("a glossary of thousands of cards opens on its first page with the total", async () => {
    const g = JSON.parse(sheli("glossary", "list", "--json")).find((x) => x.name === "many cards");
    await go(`#/glossaries/${g.id}`);
    const count = await $('[data-testid="cards-count"]');
    await browser.waitUntil(async () => (await count.getText()) === `Showing 200 of ${MANY.toLocaleString("en")} cards.`, {
      timeout: 60000,
      timeoutMsg: "the glossary's count never came",
    });
    expect(await browser.execute(() => document.querySelectorAll('[data-testid="card-row"]').length)).toBe(200);

    // A card the CLI added meanwhile: counted when the window comes back into focus.
    sheli("glossary", "add", "many cards", "--headword", "觚", "--definition", "added elsewhere");
    await browser.execute(() => window.dispatchEvent(new Event("focus")));
    await browser.waitUntil(async () => (await count.getText()) === `Showing 200 of ${(MANY + 1).toLocaleString("en")} cards.`, {
      timeout: 30000,
      timeoutMsg: "the card the CLI added was never counted",
    });
  });

  it("a note another Sheli wrote appears when the window comes back into focus", async () => {
    await go("#/notes");
    await $('[data-testid="notes-search"]').setValue("written elsewhere");
    const count = await $('[data-testid="notes-count"]');
    await browser.waitUntil(async () => (await count.getText()) === "No note matches.", { timeout: 60000 });
    sheli("notes", "add", "xiangshe.zhushu.0074", "--quote", "觶", "--body", "written elsewhere");
    await browser.execute(() => window.dispatchEvent(new Event("focus")));
    await browser.waitUntil(async () => (await count.getText()) === "1 note match.", {
      timeout: 30000,
      timeoutMsg: "the note the CLI wrote never appeared",
    });
  });

  it("saving a note another Sheli deleted keeps the focus on Save and offers to bring it back with the text", async () => {
    const id = JSON.parse(sheli("notes", "list", "--json")).find((n) => n.body === "written elsewhere").id;
    const edit = await $(`[data-note-id="${id}"] [data-testid="note-edit"]`);
    await edit.waitForClickable({ timeout: 30000 });
    await edit.click();
    await $(`[data-note-id="${id}"] [data-testid="note-text"]`).waitForDisplayed();
    await browser.keys("End");
    await browser.keys(" and kept");
    sheli("notes", "delete", String(id));
    await $(`[data-note-id="${id}"] [data-testid="note-save"]`).click();
    const error = await $(`[data-note-id="${id}"] [data-testid="note-error"]`);
    await error.waitForDisplayed();
    expect(await error.getText()).toContain(`There is no note with id ${id}.`);
    expect(await browser.execute(() => document.activeElement?.getAttribute("data-testid"))).toBe("note-save");
    await $(`[data-note-id="${id}"] [data-testid="note-undelete-save"]`).click();
    await browser.waitUntil(
      () => JSON.parse(sheli("notes", "list", "--json")).some((n) => n.id === id && n.body === "written elsewhere and kept"),
      { timeout: 10000, timeoutMsg: "the note was not brought back with the text" },
    );
    await browser.waitUntil(async () => (await browser.execute(() => document.activeElement?.getAttribute("data-testid"))) === "note-edit", {
      timeout: 10000,
      timeoutMsg: "the focus did not go back to the note's Edit button",
    });
  });

  it("a note being edited when the app is killed is offered back after the restart", async () => {
    const id = JSON.parse(sheli("notes", "list", "--json")).find((n) => n.body === "seed of many").id;
    await go("#/notes");
    await $('[data-testid="notes-search"]').setValue("seed of many");
    const edit = await $(`[data-note-id="${id}"] [data-testid="note-edit"]`);
    await edit.waitForClickable({ timeout: 60000 });
    await edit.click();
    const area = await $(`[data-note-id="${id}"] [data-testid="note-text"]`);
    await area.waitForDisplayed();
    await browser.keys("End");
    await browser.keys(" TYPED-BEFORE-THE-CRASH");
    // Kept a second after the typing stops.
    await browser.waitUntil(
      () => {
        const notes = JSON.parse(sheli("notes", "list", "--json"));
        return notes.find((n) => n.id === id).body === "seed of many";
      },
      { timeout: 5000 },
    );
    await browser.pause(2500);
    expect(killApp().length).toBeGreaterThan(0);
    await browser.reloadSession();
    // The Notes view says a draft was left, and opens its note's editor
    // (wherever the note is in the list: it is opened on its own).
    await go("#/notes");
    const left = await $('[data-testid="left-drafts"]');
    await left.waitForDisplayed({ timeout: 60000 });
    expect(await left.getText()).toContain("An unsaved draft from");
    await $('[data-testid="left-draft-open"]').click();
    const offer = await $(`[data-note-id="${id}"] [data-testid="draft-status"]`);
    await browser.waitUntil(async () => (await offer.getText()).includes("TYPED-BEFORE-THE-CRASH"), {
      timeout: 15000,
      timeoutMsg: "no draft was offered after the restart",
    });
    expect(await offer.getText()).toContain("An unsaved draft of this note from");
    await $(`[data-note-id="${id}"] [data-testid="draft-restore"]`).click();
    expect(await $(`[data-note-id="${id}"] [data-testid="note-text"]`).getValue()).toBe("seed of many TYPED-BEFORE-THE-CRASH");
    // Saved: the note holds it, and no draft is left.
    await $(`[data-note-id="${id}"] [data-testid="note-save"]`).click();
    await browser.waitUntil(
      () => JSON.parse(sheli("notes", "list", "--json")).find((n) => n.id === id).body === "seed of many TYPED-BEFORE-THE-CRASH",
      { timeout: 10000, timeoutMsg: "the restored draft was not saved" },
    );
  });

  it("a new note being written when the app is killed is listed in the Notes view and opened on its words", async () => {
    const P = "xiangshe.zhushu.0074";
    const needle = await selectOpening(P);
    await $('[data-testid="sel-add-note"]').click();
    await $('[data-testid="note-text"]').setValue("NEW-NOTE-BEFORE-THE-CRASH");
    // Kept a second after the typing stops.
    await browser.pause(2500);
    expect(killApp().length).toBeGreaterThan(0);
    await browser.reloadSession();
    await go("#/notes");
    const item = await $(`[data-draft-key^="new:${P}:"]`);
    await item.waitForDisplayed({ timeout: 60000 });
    expect(await item.getText()).toContain("A new note, unsaved, from");
    await item.$('[data-testid="left-draft-open"]').click();
    // The reader, on the passage, with the new note's editor and the draft offered.
    const offer = await $('[data-testid="draft-status"]');
    await browser.waitUntil(async () => (await offer.getText()).includes("NEW-NOTE-BEFORE-THE-CRASH"), {
      timeout: 15000,
      timeoutMsg: "the new note's draft was not offered in the reader",
    });
    await $('[data-testid="draft-restore"]').click();
    expect(await $('[data-testid="note-text"]').getValue()).toBe("NEW-NOTE-BEFORE-THE-CRASH");
    await $('[data-testid="note-save"]').click();
    await browser.waitUntil(
      () => {
        const n = JSON.parse(sheli("notes", "list", "--json")).find((x) => x.body === "NEW-NOTE-BEFORE-THE-CRASH");
        return n && n.passage_id === P && n.exact === needle;
      },
      { timeout: 10000, timeoutMsg: "the new note was not saved on its words" },
    );
  });

  it("Add to note… offers the latest notes of thousands and finds an old one by its words", async () => {
    const P = "xiangshe.zhushu.0075";
    const needle = await selectOpening(P);
    await $('[data-testid="sel-add-to-note"]').click();
    const select = await $('[data-testid="sel-anchor-note"]');
    await select.waitForDisplayed({ timeout: 30000 });
    const status = await $('[data-testid="sel-anchor-status"]');
    await browser.waitUntil(async () => /^The latest 50 of [\d,]+ notes/.test(await status.getText()), {
      timeout: 10000,
      timeoutMsg: "the picker does not say it shows the latest 50",
    });
    expect((await select.$$("option")).length).toBe(50);
    await $('[data-testid="sel-anchor-search"]').setValue("seed of many");
    await browser.waitUntil(async () => (await status.getText()) === "1 note found.", {
      timeout: 10000,
      timeoutMsg: "the search did not find the old note",
    });
    await $('[data-testid="sel-anchor-save"]').click();
    await browser.waitUntil(
      () => {
        const n = JSON.parse(sheli("notes", "list", "--json")).find((x) => x.body.startsWith("seed of many"));
        return n.more_anchors.some((a) => a.passage_id === P);
      },
      { timeout: 10000, timeoutMsg: "the words were not added to the old note" },
    );
  });
});
