// Never lost (issue 12, point 2): the library's contents under headings
// that fold by keyboard; a restart lands on the passage last read; Back and
// Forward (Alt+←/→ and the top bar's buttons) over passages and search
// hits, the focus given back to what had it; the 經 alone as one text.
import { shot } from "./helpers.js";

const SOURCE = "xiangshe.zhushu";

/** What has the focus: its id, test id and whether it is the search box. */
async function focused() {
  return browser.execute(() => {
    const a = document.activeElement;
    return { id: a?.id ?? "", testid: a?.getAttribute("data-testid") ?? "", tag: a?.tagName ?? "" };
  });
}

async function waitFocus(id, what) {
  await browser.waitUntil(async () => (await focused()).id === id, {
    timeoutMsg: `the focus never came to ${what} (${id}); it is on ${JSON.stringify(await focused())}`,
  });
}

describe("Never lost", () => {
  before(async () => {
    await expect(browser).toHaveTitle("Sheli 射禮");
    await browser.execute(() => (location.hash = "#/library"));
    // Each edition in its own script (a spec before may have left 简 on).
    await $('[data-testid="script-original"]').click();
    await $(`[data-testid="edition-${SOURCE}"]`).click();
  });

  it("lists the 註疏 under headings that fold and unfold by keyboard", async () => {
    const heads = await $$('[data-testid="contents-heading"]');
    await browser.waitUntil(async () => (await $$('[data-testid="contents-heading"]').length) > 20, {
      timeoutMsg: "the contents have no headings",
    });
    const titles = await $$('[data-testid="contents-heading"] .heading-title').map((e) => e.getText());
    expect(titles).toContain("速賓");
    expect(titles).toContain("主人獻賓");
    const first = heads[0];
    await expect(first).toHaveAttribute("aria-expanded", "true");
    const list = await $(`#${await first.getAttribute("aria-controls")}`);
    await expect(list).toBeDisplayed();
    // The keyboard alone: Tab reaches the heading, Enter folds it, Space unfolds it.
    await browser.execute((el) => el.focus(), first);
    await browser.keys("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(list).not.toBeDisplayed();
    await shot("nav-contents-folded");
    await browser.keys("Space");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(list).toBeDisplayed();
  });

  it("lands on the passage last read after a restart", async () => {
    const link = await $(`[data-passage-id="${SOURCE}.0143"]`);
    await browser.execute((el) => el.scrollIntoView({ block: "center" }), link);
    await link.click();
    await waitFocus(`p-${SOURCE}.0143`, "the passage opened");
    // Reading on with j: the place is the passage in focus, not the one opened.
    await browser.keys("j");
    await browser.keys("j");
    await waitFocus(`p-${SOURCE}.0145`, "the passage moved to");
    // The place is saved once the moves settle.
    await browser.waitUntil(
      async () => {
        const s = await browser.executeAsync((done) =>
          window.__TAURI_INTERNALS__.invoke("get_settings").then(done, () => done(null)),
        );
        return s?.place === `#/read/${SOURCE}.0145`;
      },
      { timeoutMsg: "the place was never saved" },
    );
    const t0 = Date.now();
    await browser.reloadSession();
    await waitFocus(`p-${SOURCE}.0145`, "the passage last read, after the restart");
    console.log(`figure: restart to the restored passage focused (session start included): ${Date.now() - t0} ms`);
    expect(await browser.execute(() => location.hash)).toBe(`#/read/${SOURCE}.0145`);
    await shot("nav-restored");
  });

  it("goes Back from a search hit to the results, with the focus in the box, and Forward to the hit", async () => {
    await browser.keys(["Control", "k"]);
    const input = await $('[data-testid="search-input"]');
    await input.setValue("主人答拜");
    const hit = await $("#search-hit-0");
    await hit.waitForDisplayed();
    await browser.keys("Enter");
    // The hit opens in the reader.
    await browser.waitUntil(async () => (await browser.execute(() => location.hash)).includes("?seg="));
    const hitHash = await browser.execute(() => location.hash);
    const hitPassage = hitHash.replace(/^#\/read\/([^?]+).*$/, "$1");
    await waitFocus(`p-${hitPassage}`, "the hit's passage");
    await expect($('[data-testid="nav-back"]')).toHaveAttribute("aria-disabled", "false");

    await browser.keys(["Alt", "ArrowLeft"]);
    await browser.waitUntil(async () => (await browser.execute(() => location.hash)) === `#/read/${SOURCE}.0145`, {
      timeoutMsg: "Back did not return to the passage the search was made from",
    });
    await waitFocus("search-input", "the search box");
    await expect($('[data-testid="search-panel"]')).toBeDisplayed();
    await expect($("#search-hit-0")).toBeDisplayed();
    await shot("nav-back-to-results");

    // Forward, by the top bar's button: the hit again, its passage focused.
    await $('[data-testid="nav-forward"]').click();
    await browser.waitUntil(async () => (await browser.execute(() => location.hash)) === hitHash, {
      timeoutMsg: "Forward did not return to the hit",
    });
    await waitFocus(`p-${hitPassage}`, "the hit's passage after Forward");
    await expect($(`[data-passage="${hitPassage}"] mark.hit`)).toBeExisting();
  });

  it("reads the 經 alone as one text, and a passage of it opens in the reader", async () => {
    await browser.execute(() => {
      document.activeElement?.blur();
      location.hash = "#/library";
    });
    await $(`[data-testid="edition-${SOURCE}"]`).click();
    await $('[data-testid="read-jing"]').click();
    const run = await $(`#j-${SOURCE.replace(/\./g, "\\.")}\\.0143`);
    await run.waitForExist();
    await expect($('[data-testid="jing-view"] [data-layer="zhu"]')).not.toBeExisting();
    expect(await run.getAttribute("title")).toBe(`${SOURCE}.0143`);
    await shot("nav-jing-alone");
    await browser.execute((el) => el.focus(), run);
    await browser.keys("Enter");
    await waitFocus(`p-${SOURCE}.0143`, "the passage chosen in the 經 alone");
    // Back: the 經 alone again, the focus on the passage's run.
    await browser.keys(["Alt", "ArrowLeft"]);
    await waitFocus(`j-${SOURCE}.0143`, "the run the passage was opened from");
  });
});
