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
  // The outside tester's finding 10: Ctrl+= to 200 % put passage 0250 three
  // screens below the window.
  it("keeps the passage read in view while the text is zoomed in and back", async () => {
    await browser.execute(() => (location.hash = "#/read/xiangshe.zhushu.0250"));
    await waitFocus(`p-${SOURCE}.0250`, "the passage opened");
    // The window around it (passages above it) has come in.
    await browser.waitUntil(async () => (await $$("[data-passage]")).length >= 40);
    const top = () =>
      browser.execute(() => ({
        top: Math.round(document.getElementById("p-xiangshe.zhushu.0250").getBoundingClientRect().top),
        area: Math.round(document.querySelector('[data-testid="reader"]').getBoundingClientRect().top),
        font: document.documentElement.style.fontSize,
        h: innerHeight,
      }));
    const before = await top();
    for (let i = 0; i < 5; i++) await browser.keys(["Control", "="]);
    await browser.waitUntil(async () => (await top()).font === "200%");
    await browser.pause(300);
    const zoomed = await top();
    await shot("nav-zoom-200");
    console.log(`zoom: passage 0250 at ${before.top - before.area} px below the area's top, ${zoomed.top - zoomed.area} px at 200 %`);
    // The passage stays in the top half of the reading area (it was at y=2468, three screens down).
    const atTop = (v) => v.top >= v.area - 60 && v.top < v.area + v.h / 2;
    // (The zoom is set back whatever this finds: the specs after this one
    // share the data folder, and a zoom left at 200 % failed them.)
    const zoomedAtTop = atTop(zoomed);
    await browser.keys(["Control", "0"]);
    expect({ font: zoomed.font, atTop: zoomedAtTop }).toEqual({ font: "200%", atTop: true });
    await browser.waitUntil(async () => (await top()).font === "");
    await browser.pause(300);
    const back = await top();
    console.log(`zoom: and ${back.top - back.area} px after Ctrl+0`);
    expect(atTop(back)).toBe(true);
  });

  // The outside tester's finding 15: 45 × j from 0100 stopped at 0134, the
  // edge of the passages loaded, and quick presses were lost.
  it("walks on with j held past the passages loaded, every press counted", async () => {
    await browser.execute(() => (location.hash = "#/read/xiangshe.zhushu.0100"));
    await waitFocus(`p-${SOURCE}.0100`, "the passage opened");
    await browser.waitUntil(async () => (await $$("[data-passage]")).length >= 40);
    for (let i = 0; i < 45; i++) await browser.keys("j");
    await waitFocus(`p-${SOURCE}.0145`, "the passage 45 presses on");
    for (let i = 0; i < 90; i++) await browser.keys("k");
    await waitFocus(`p-${SOURCE}.0055`, "the passage 90 presses back");
  });
  // The outside tester's finding 11: a restart put the reader back at the
  // top of the passage it was inside (a passage may be 60 screens long).
  it("lands inside the passage last read, where it was, after a restart", async () => {
    await browser.execute(() => (location.hash = "#/read/xiangshe.zhushu.0250"));
    await waitFocus(`p-${SOURCE}.0250`, "the passage opened");
    await browser.waitUntil(async () => (await $$("[data-passage]")).length >= 40);
    // The tallest passage shown, opened and read halfway down.
    const tall = await browser.execute(() =>
      [...document.querySelectorAll("[data-passage]")]
        .map((e) => ({ id: e.getAttribute("data-passage"), h: e.getBoundingClientRect().height }))
        .sort((a, b) => b.h - a.h)[0],
    );
    await browser.execute((t) => (location.hash = `#/read/${t}`), tall.id);
    await waitFocus(`p-${tall.id}`, "the tall passage");
    // Its window of passages in first (it comes after the first paint and
    // puts passages above it), so that the scroll below is the reader's last.
    await browser.waitUntil(async () => (await $$("[data-passage]")).length >= 40);
    await browser.pause(300);
    const point = () =>
      browser.execute((t) => {
        const area = document.querySelector('[data-testid="reader"]');
        const r = document.getElementById(`p-${t}`).getBoundingClientRect();
        return area.getBoundingClientRect().top - r.top;
      }, tall.id);
    await browser.execute((t) => {
      const area = document.querySelector('[data-testid="reader"]');
      const r = document.getElementById(`p-${t}`).getBoundingClientRect();
      area.scrollTop += r.top - area.getBoundingClientRect().top + Math.max(0.5 * (r.height - area.clientHeight), Math.min(300, r.height / 2));
    }, tall.id);
    const before = await point();
    console.log(`inside: passage ${tall.id} of ${Math.round(tall.h)} px, read from ${Math.round(before)} px into it`);
    expect(before > 50).toBe(true);
    await browser.waitUntil(
      async () => {
        const s = await browser.executeAsync((done) =>
          window.__TAURI_INTERNALS__.invoke("get_settings").then(done, () => done(null)),
        );
        return s?.place === `#/read/${tall.id}`;
      },
      { timeoutMsg: "the place was never saved" },
    );
    await browser.pause(800); // the point inside it is kept once the scrolling settles
    await browser.reloadSession();
    await waitFocus(`p-${tall.id}`, "the passage last read, after the restart");
    await browser.pause(500);
    const after = await point();
    await shot("nav-restored-inside");
    // The same line at the top (within a few pixels), not the passage's top.
    expect({ before, near: Math.abs(after - before) < 12 }).toEqual({ before, near: true });
  });
});
