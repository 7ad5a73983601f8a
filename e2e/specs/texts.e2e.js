// The user's own texts, added in the window: a GB18030 file picked in the
// library becomes a work of its own, its passages readable and searchable
// once the index has been rebuilt (progress in the header meanwhile). The
// window lists the new text without reading it, and reads it when chosen.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectWorks, shot } from "./helpers.js";

// 「司弓矢掌六弓四弩八矢之法。\n\n射人掌國之三公孤卿大夫之位。\n」 in GB18030.
const ZHOULI_GB18030 =
  "cbbeb9adcab8d5c6c1f9b9adcbc4e5f3b0cbcab8d6aeb7a8a1a30a0ac9e4c8cbd5c687f8d6aec8fdb9abb9c2c7e4b4f3b7f2d6aecebba1a30a";

describe("Your own texts", () => {
  it("adds a GB18030 file as a work, all of its passages listed", async () => {
    await expectWorks(["鄉射禮", "燕禮", "大射儀"]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheli-e2e-texts-"));
    const file = path.join(dir, "周禮.txt");
    fs.writeFileSync(file, Buffer.from(ZHOULI_GB18030, "hex"));

    await $('[data-testid="import-work"]').setValue("周禮");
    // WebDriver types a path into a file input; it must be displayed for that.
    await browser.execute(() => {
      const el = document.querySelector('[data-testid="import-texts-file"]');
      el.hidden = false;
    });
    await $('[data-testid="import-texts-file"]').setValue(file);
    await expect($('[data-testid="import-status"]')).toHaveText("Added 周禮.txt as 周禮 (2 passages, GB18030).");
    await expectWorks(["鄉射禮", "燕禮", "大射儀", "周禮"]);
    // Listed with the count its import recorded; its passages read when
    // chosen (the import chose it), through the edition command.
    await expect($('[data-testid^="edition-user."] .count')).toHaveText("2");
    await expect($$("[data-passage-id]")).toBeElementsArrayOfSize(2);
    await shot("texts-imported");
  });

  it("finds the new text by search once the index is rebuilt", async () => {
    await $('[data-testid="index-progress"]').waitForExist({ reverse: true, timeout: 30000 });
    await browser.keys(["Control", "k"]);
    const input = await $('[data-testid="search-input"]');
    await expect(input).toBeFocused();
    await input.addValue("六弓四弩");
    const row = await $('[data-testid="search-hit"]');
    await row.waitForDisplayed();
    await expect(row).toHaveText(expect.stringContaining("周禮"));
    await expect(row.$("mark.hit")).toHaveText("六弓四弩");
    await shot("texts-searched");
  });
});
