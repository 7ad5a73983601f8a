// The reader and the search when the library changes outside the window:
// a `sheli restore` in a terminal deletes the text the reader shows — on the
// window's next focus the reader says the text is no longer there (it went
// on showing it, the outside tester's finding E); a text the library leaves
// out as damaged is named under a search's results, and opening it says it
// was left out and why, not "no text" (finding I). The CLI is the same
// binary, on the same data folder. Screenshots reader-library-….
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { shot } from "./helpers.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheli-e2e-rl-"));
function cli(...args) {
  return execFileSync(process.env.SHELI_APP, args, { env: process.env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}
function write(name, text) {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
}
/** The id the CLI gave the text `work` ("imported … as user.…"). */
function userIds() {
  return new Set(cli("corpus").match(/user\.[0-9a-f]+/g) ?? []);
}
/** The window gets the focus back, as after a terminal. */
async function refocus() {
  await browser.execute(() => window.dispatchEvent(new Event("focus")));
}
async function go(hash) {
  await browser.execute((h) => {
    location.hash = h;
  }, hash);
}

describe("the reader and search when another Sheli changes the library", () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a text a restore deleted: the open reader says it is no longer there", async () => {
    const backup = path.join(dir, "before.sheli");
    cli("backup", backup);
    const before = userIds();
    cli("import", "--work", "龘文", write("dragon.txt", "龘龘之禮，主人拜賓。\n\n龘龘再拜。\n"));
    const id = [...userIds()].find((i) => !before.has(i));
    expect(id).toBeTruthy();
    await refocus();
    await go(`#/read/${id}.0001`);
    await $(`[data-passage="${id}.0001"]`).waitForDisplayed({ timeout: 15000 });

    cli("restore", backup);
    await refocus();
    const alert = await $('.reader [role="alert"]');
    await alert.waitForDisplayed({ timeout: 10000 });
    await expect(alert).toHaveText(`The text ${id} does not exist.`);
    expect(await $(`[data-passage="${id}.0001"]`).isExisting()).toBe(false);
    // The focus, in the passage removed, is on the way back, not the body.
    await browser.waitUntil(async () => (await browser.execute(() => document.activeElement?.getAttribute("href"))) === "#/library", {
      timeout: 3000,
      timeoutMsg: "the focus was left on the page's body",
    });
    await shot("reader-library-restored-away");
  });

  it("a damaged text: named under a search's results, and said left out, and why, when opened", async () => {
    const before = userIds();
    cli("import", "--work", "甲文", write("jia.txt", "鄉人飲酒之禮甲。\n"));
    const id = [...userIds()].find((i) => !before.has(i));
    expect(id).toBeTruthy();
    // Changed behind Sheli's back, the same size; the next reading of the
    // library (another import, then the window's focus) leaves it out.
    const file = path.join(process.env.SHELI_DATA_DIR, "texts", `${id}.txt`);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("鄉", "卿"));
    cli("import", "--work", "乙文", write("yi.txt", "乙文之禮。\n"));
    await refocus();
    await go("#/library");
    await $('[data-testid="left-out-text"]').waitForExist({ timeout: 10000 });

    const input = await $('[data-testid="search-input"]');
    await input.click();
    await input.setValue("人飲酒之禮甲");
    const note = await $('[data-testid="search-left-out"]');
    await note.waitForDisplayed({ timeout: 15000 });
    await expect(note).toHaveText(expect.stringContaining(`Not searched: your text 甲文 (${id}), left out of the library: It is damaged`));
    await expect(note.$('span[lang="zh"]')).toHaveText("甲文");
    await shot("reader-library-search-left-out");
    await browser.keys("Escape");
    await browser.keys("Escape");

    await go(`#/read/${id}.0001`);
    const alert = await $('.reader [role="alert"]');
    await alert.waitForDisplayed({ timeout: 10000 });
    await expect(alert).toHaveText(expect.stringContaining(`(${id}) was left out`));
    await expect(alert).toHaveText(expect.stringContaining("It is damaged"));
    await shot("reader-library-left-out");
  });
});
