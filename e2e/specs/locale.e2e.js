// The interface in the reader's own language (issue 12, point 5). Run apart
// from the other specs, in a fresh data folder with the system's language set
// to Taiwanese Chinese (`SHELI_E2E_LANGUAGE=zh_TW e2e/run.sh --spec
// specs/locale.e2e.js`, as make test does): the first start must choose
// 繁體中文 by itself, every view must then speak it — no English left in what
// a reader sees or hears, but for data in English (marked lang="en") and
// names that are the same in every language — and axe must find nothing;
// 简体中文 chosen in the top bar is kept across a restart.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expectNoViolations } from "./axe.js";
import { shot } from "./helpers.js";

// Names a Chinese interface writes as they are.
const SAME_IN_EVERY_LANGUAGE = [
  "Sheli", "Anki", "FSRS", "TSV", "CSV", "HTML", "PDF", "JSON", "Markdown", "Unihan", "OpenCC",
  "Ctrl", "Alt", "Shift", "Esc", "Enter", "Tab", "Space", "Home", "End", "PgUp", "PgDn",
  "MIT", "Apache", "CC0", "CC", "BY", "SA", "GPL", "LGPL", "BSD", "ISC", "Unicode", "OR", "NEAR",
  // Names kept in Chinese writing: a W3C standard's, units, tools, the
  // licence files' names.
  "Web", "Annotation", "MB", "kB", "KB", "Rust", "crate", "npm", "Debian", "LICENSE-MIT", "LICENSE-APACHE",
  // Encodings a refused file is said to be in (Shift_JIS, EUC-KR).
  "JIS", "EUC", "KR",
  // What the terms' filter accepts, shown as examples: pinyin and a word of
  // the English definitions.
  "zhi", "cup",
];

/**
 * Words of Latin letters a reader sees or hears outside data marked English:
 * visible text, and the names (aria-label, title, placeholder) of elements.
 */
async function englishLeft() {
  return browser.execute((allowed) => {
    const ok = new Set(allowed);
    // Data a Chinese interface shows as it is: pinyin (tone marks), ids and
    // line numbers (xiangshe.zhushu.0164, hy41), file types (.txt).
    const data = (token) => /[0-9.āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜüÜ]/.test(token);
    const words = (s) =>
      s
        .split(/[\s，。、；：！？（）()「」『』《》〈〉…·,;:!?"“”/]+/)
        .filter((token) => token && !data(token))
        .flatMap((token) => token.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? [])
        .filter((w) => !ok.has(w));
    const english = (el) => el?.closest("[lang]")?.getAttribute("lang")?.startsWith("en") ?? false;
    const hidden = (el) => !el || el.closest("[hidden], [aria-hidden='true'], script, style, code, kbd, samp");
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (hidden(el) || english(el)) continue;
      // Only what is on screen or spoken (a visually hidden span is spoken).
      if (el.getClientRects().length === 0 && !el.closest(".visually-hidden")) continue;
      for (const w of words(n.data)) out.push(`${w} (in <${el.tagName.toLowerCase()}> "${n.data.trim().slice(0, 40)}")`);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder]")) {
      if (hidden(el) || english(el)) continue;
      for (const a of ["aria-label", "title", "placeholder"]) {
        const v = el.getAttribute(a);
        if (v) for (const w of words(v)) out.push(`${w} (in ${a}="${v.slice(0, 40)}")`);
      }
    }
    return [...new Set(out)].slice(0, 40);
  }, SAME_IN_EVERY_LANGUAGE);
}

async function go(hash) {
  await browser.execute((h) => (location.hash = h), hash);
}

/** The search box opened (Ctrl+K) over the reader at a passage, `query` typed into it. */
async function searchFor(query) {
  await go("#/read/xiangshe.zhushu.0164");
  await browser.keys(["Control", "k"]);
  const box = await $('[data-testid="search-input"]');
  await box.clearValue();
  await box.addValue(query);
  return box;
}

async function expectChineseOnly(what) {
  const left = await englishLeft();
  expect({ view: what, english: left }).toEqual({ view: what, english: [] });
}

describe("The interface in 繁體中文", () => {
  it("starts in the system's language at the first start", async () => {
    await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.lang)) === "zh-Hant", {
      timeoutMsg: "the document's language never became zh-Hant under LANGUAGE=zh_TW",
    });
    await expect($('[data-testid="ui-locale"]')).toHaveValue("zh-Hant");
    await expect($('[data-testid="ui-locale"]')).toHaveAttribute("aria-label", "介面語言");
  });

  const views = [
    ["the library", "#/library", '[data-testid^="edition-"]'],
    ["the reader", "#/read/xiangshe.zhushu.0164", '[data-passage="xiangshe.zhushu.0164"]'],
    ["the terms", "#/terms", "main h2, main h1"],
    ["a term's card", "#/terms/bi", "main h2, main h1"],
    ["the pictures", "#/pictures", "main h2, main h1"],
    ["the glossaries", "#/glossaries", "main h2, main h1"],
    ["review", "#/review", "main h2, main h1"],
    ["the notes", "#/notes", "main h2, main h1"],
    ["a concordance", "#/concordance/%E8%A7%B6", "main h2, main h1"],
    ["the 經 alone", "#/jing/xiangshe.zhushu", "main h2, main h1"],
    ["About", "#/about", "main h2, main h1"],
  ];
  for (const [what, hash, ready] of views) {
    it(`shows ${what} in Chinese, axe-clean`, async () => {
      await go(hash);
      await $(ready).waitForExist({ timeout: 20000 });
      // Let the view's own loads settle.
      await browser.pause(400);
      await shot(`locale-zh-Hant-${what.replace(/\W+/g, "-")}`);
      await expectChineseOnly(what);
      await expectNoViolations(`${what} in 繁體中文`);
    });
  }

  it("shows search results in Chinese", async () => {
    const box = await searchFor("觯");
    await browser.waitUntil(async () => (await $$('[data-testid="search-hit"]').length) > 0, {
      timeoutMsg: "no results for 觯",
    });
    await browser.pause(300);
    await shot("locale-zh-Hant-search");
    await expectChineseOnly("search results");
    await expectNoViolations("search results in 繁體中文");
    // The results panel closes, as a reader leaves it.
    await box.clearValue();
    await browser.keys("Escape");
  });

  it("says a malformed query's fault in Chinese", async () => {
    const box = await searchFor('"再拜');
    const message = await $('[data-testid="search-error"] .query-error-message');
    await message.waitForExist({ timeout: 10000 });
    // The backend's code (query.unclosed_quote) in the reader's language,
    // not its English sentence; the span still points at the quote.
    await expect(message).toHaveText('引號不成對：" 沒有對應的結束引號 "。');
    await expect($('[data-testid="search-error-span"]')).toHaveText('"再拜');
    await shot("locale-zh-Hant-query-error");
    await expectChineseOnly("a malformed query");
    await box.clearValue();
    await browser.keys("Escape");
  });

  it("says a note on how the query was read in Chinese, by its code", async () => {
    // Pinyin in quotes is searched as written (query.note.quoted_pinyin):
    // the note's code and values, not its English sentence (issue 11).
    const box = await searchFor('"zhu3 ren2"');
    const note = await $('[data-testid="search-note"]');
    await note.waitForExist({ timeout: 10000 });
    await expect(note).toHaveText("引號內的「zhu3」按所寫字面檢索，不作拼音；要找相連的音節，請寫 zhu3 NEAR/0 ren2");
    await expectChineseOnly("a query's note");
    await box.clearValue();
    await browser.keys("Escape");
  });

  it("says a refused input in Chinese: a query too long, an import's work name", async () => {
    // The backend's own input checks (app.input.*), each with its code and
    // values: no English reason inside the Chinese sentence.
    await go("#/read/xiangshe.zhushu.0164");
    await browser.keys(["Control", "k"]);
    const box = await $('[data-testid="search-input"]');
    // 501 characters, one over the limit, set at once (typing them is slow)
    await browser.execute((el) => {
      el.value = "射".repeat(501);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, box);
    const error = await $('[data-testid="search-error"]');
    await error.waitForExist({ timeout: 10000 });
    await expect(error).toHaveText("檢索式最多 500 字。");
    await shot("locale-zh-Hant-input-error");
    await expectChineseOnly("a query too long");
    await box.clearValue();
    await browser.keys("Escape");

    // an import refused: a work name with a control character in it
    await go("#/library");
    const work = await $('[data-testid="import-work"]');
    await work.waitForExist({ timeout: 10000 });
    await browser.execute((el) => {
      el.value = "周\u0007禮";
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, work);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheli-e2e-locale-"));
    const file = path.join(dir, "周禮.txt");
    fs.writeFileSync(file, "司弓矢掌六弓四弩八矢之法。\n");
    await browser.execute(() => {
      document.querySelector('[data-testid="import-texts-file"]').hidden = false;
    });
    await $('[data-testid="import-texts-file"]').setValue(file);
    const status = await $('[data-testid="import-status"]');
    await expect(status).toHaveText(/^篇名最多 \d+ 字，不可含控制字元。$/);
    await shot("locale-zh-Hant-import-error");
    await expectChineseOnly("an import refused");
    await browser.execute(() => {
      document.querySelector('[data-testid="import-texts-file"]').hidden = true;
    });
    await work.clearValue();
  });

  it("says in Chinese why an import refused each file, and why a text of the library was left out", async () => {
    // Each file's reason is a code with its values (library.reason.*), not
    // the backend's English sentence; so is the reason a text is left out.
    await go("#/library");
    const input = await $('[data-testid="import-texts-file"]');
    await input.waitForExist({ timeout: 10000 });
    // No work named: each file's name names its work.
    await browser.execute((el) => {
      el.value = "";
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, await $('[data-testid="import-work"]'));
    await browser.execute(() => {
      document.querySelector('[data-testid="import-texts-file"]').hidden = false;
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheli-e2e-reasons-"));
    const write = (name, bytes) => {
      fs.writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    const good = write("射義.txt", "射者，仁之道也。射求正諸己。\n");
    const photo = write("photo.txt", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]));
    const japanese = write("日記.txt", Buffer.from("93fa967b8cea82cc955c8ebf82c582b7\n", "hex"));
    const status = await $('[data-testid="import-status"]');

    // A good file and two bad ones, picked together (as the file dialog
    // hands several: WebDriver types one path into a file input): nothing
    // is imported, each bad file named with its reason in 繁體中文, one per line.
    await browser.execute(
      (list) => {
        const picked = new DataTransfer();
        for (const f of list) {
          const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
          picked.items.add(new File([bytes], f.name, { type: "text/plain" }));
        }
        const el = document.querySelector('[data-testid="import-texts-file"]');
        el.files = picked.files;
        el.dispatchEvent(new Event("change", { bubbles: true }));
      },
      [good, photo, japanese].map((f) => ({ name: path.basename(f), base64: fs.readFileSync(f).toString("base64") })),
    );
    await expect(status).toHaveText(/^未匯入任何內容/, { wait: 15000 });
    const lines = (await status.getText()).split("\n");
    expect(lines[0]).toBe("未匯入任何內容：");
    expect(lines).toContain("photo.txt：檔案似乎是二進位檔，不是文字（含有空字元或控制字元）。");
    expect(lines.find((l) => l.startsWith("日記.txt："))).toMatch(/^日記\.txt：檔案似乎是以 Shift_JIS 編碼的日文文字/);
    await shot("locale-zh-Hant-import-reasons");
    await expectChineseOnly("an import's files refused");

    // The good file alone is imported; then its file is changed behind
    // Sheli's back, and the next reading of the library (after another
    // import) leaves it out as damaged, said in Chinese.
    await input.setValue(good);
    await expect(status).toHaveText(/^已匯入 射義\.txt/);
    const texts = path.join(process.env.SHELI_DATA_DIR, "texts");
    const kept = fs.readdirSync(texts).filter((f) => /^user\.[0-9a-f]+\.txt$/.test(f));
    expect(kept.length).toBe(1);
    fs.writeFileSync(path.join(texts, kept[0]), "射者，仁之道也。改過。\n");
    await input.setValue(write("鄉飲.txt", "鄉飲酒之禮。\n"));
    await expect(status).toHaveText(/^已匯入 鄉飲\.txt/);
    const left = await $('[data-testid="left-out-text"]');
    await left.waitForExist({ timeout: 10000 });
    const id = kept[0].replace(/\.txt$/, "");
    await expect(left).toHaveText(`你的文本「射義」（${id}）未列入書庫：檔案已損壞：已不是匯入時的文本（校驗和與記錄不符）。`);
    await expect(left.$('span[lang="zh"]')).toHaveText("射義");
    await browser.execute(() => {
      document.querySelector('[data-testid="import-texts-file"]').hidden = true;
    });
    await shot("locale-zh-Hant-left-out");
    await expectChineseOnly("a text left out");
    await expectNoViolations("a text left out, in 繁體中文");
  });

  it("says in Chinese that a passage of the user's own text has no step on the plan", async () => {
    // The text imported above (鄉飲) is no work the plan covers: the plan
    // says so by its code (app.not_found.step_aligned), with the works it
    // covers, where it showed the corpus's English sentence.
    const texts = path.join(process.env.SHELI_DATA_DIR, "texts");
    const ids = fs.readdirSync(texts).filter((f) => /^user\.[0-9a-f]+\.txt$/.test(f)).map((f) => f.replace(/\.txt$/, ""));
    let passage = null;
    for (const id of ids) {
      await go(`#/read/${id}.0001`);
      const shown = await $(`[data-passage="${id}.0001"]`);
      if (await shown.waitForDisplayed({ timeout: 5000 }).catch(() => false)) {
        passage = `${id}.0001`;
        break;
      }
    }
    expect(passage).not.toBeNull();
    const toggle = await $('[data-testid="toggle-plan"]');
    if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
    const none = await $('[data-testid="plan-none"]');
    await none.waitForExist({ timeout: 10000 });
    await expect(none).toHaveText(new RegExp(`^${passage.replace(/\./g, "\\.")} 在圖中沒有對應的步驟，與之對齊的段落也沒有；圖所涵蓋的是鄉射禮、`));
    await shot("locale-zh-Hant-plan-no-step");
    await expectChineseOnly("a passage with no step on the plan");
    await toggle.click();
  });

  it("a notice on screen follows a change of language", async () => {
    await go("#/glossaries");
    const name = await $('[data-testid="new-glossary"]');
    await name.waitForExist({ timeout: 10000 });
    for (let i = 0; i < 2; i++) {
      await go("#/glossaries");
      await name.setValue("射禮詞表");
      await $('[data-testid="create-glossary"]').click();
      await browser.pause(300);
    }
    const notice = await $('[data-testid="notice"]');
    await expect(notice).toHaveText("已有名為「射禮詞表」的詞表。");
    await $('[data-testid="ui-locale"]').selectByAttribute("value", "en");
    await expect(notice).toHaveText("A glossary named “射禮詞表” already exists.");
    await $('[data-testid="ui-locale"]').selectByAttribute("value", "zh-Hant");
    await expect(notice).toHaveText("已有名為「射禮詞表」的詞表。");
  });

  it("keeps 简体中文 once chosen, across a restart", async () => {
    await go("#/library");
    await $('[data-testid="ui-locale"]').selectByAttribute("value", "zh-Hans");
    await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.lang)) === "zh-Hans");
    await expect($('[data-testid="ui-locale"]')).toHaveAttribute("aria-label", "界面语言");
    await expectChineseOnly("the library in 简体中文");
    // Saved through the backend before the restart.
    await browser.pause(800);
    await browser.reloadSession();
    await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.lang)) === "zh-Hans", {
      timeoutMsg: "after a restart the interface was not in 简体中文",
    });
    await expect($('[data-testid="ui-locale"]')).toHaveValue("zh-Hans");
  });
});
