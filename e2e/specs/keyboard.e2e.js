// The keyboard alone (issue 17): no mouse, no scripted selection or focus.
// A passage opened from search, a term's card and a character's pop-over
// opened at the reading cursor, a term reached by Tab as a link and its card
// opened, a term's card offered for a selection (Shift+→, Enter, Tab…,
// "Term card"), a selection made with Shift+→ added to a
// glossary and noted, a review session, a glossary deleted, the reader's
// keys listed. After every step the focus is on a visible control (never the
// page body), and Escape gives it back where it was. Screenshots kb-….
import { shot as baseShot } from "./helpers.js";

const shot = (name) => baseShot(`kb-${name}`);

// 鄉射禮 passage 164: 「…北面立于所設楅之南…」, its 注 「楅猶幅也,所以承笴矢者。」
const PASSAGE = "xiangshe.zhushu.0164";
const GLOSSARY = "keyboard list";

/** What has the focus: a summary, and whether it is a visible control (not the page). */
async function focused() {
  return browser.execute(() => {
    const a = document.activeElement;
    if (!a || a === document.body || a === document.documentElement) return { lost: true };
    const r = a.getBoundingClientRect();
    const style = getComputedStyle(a);
    return {
      lost: false,
      visible: r.width > 0 && r.height > 0 && style.visibility !== "hidden" && !a.closest("[hidden]"),
      testid: a.getAttribute("data-testid"),
      passage: a.getAttribute("data-passage"),
      id: a.id,
      tag: a.tagName,
      popup: !!a.closest("[data-popup]"),
      text: (a.textContent || "").trim().slice(0, 40),
    };
  });
}

async function expectFocusVisible(step) {
  const f = await focused();
  expect({ step, lost: f.lost, visible: f.visible }).toEqual({ step, lost: false, visible: true });
  return f;
}

/**
 * The text of every element matching `selector`, read in one step inside the
 * page. Not with $$(…).map(getText): a list re-rendered between finding its
 * elements and reading them (search results arriving keystroke by keystroke)
 * made WebDriver report stale elements, and the promise of such a read could
 * stay pending, so waitUntil — which only times out once its condition has
 * answered — hung until the test's own timeout (this spec's occasional
 * failure at its first search's hits).
 */
async function texts(selector) {
  return browser.execute((s) => Array.from(document.querySelectorAll(s), (e) => e.textContent ?? ""), selector);
}

/**
 * Tab on until the pop-up `testid` has closed (at most `max` presses), then
 * the focus must be back on the passage (tester h6, finding 1: the term's
 * card and the selection's menu stayed open when Tab left them, the focus
 * at the top of the page).
 */
async function tabOutOf(testid, max = 25) {
  for (let i = 0; i < max; i++) {
    if (!(await $(`[data-testid="${testid}"]`).isExisting())) break;
    expect((await focused()).popup || (await browser.execute(() => !!document.activeElement?.closest(".selection-panel")))).toBe(true);
    await browser.keys("Tab");
  }
  await expect($(`[data-testid="${testid}"]`)).not.toBeExisting();
  await expectPassageFocused(`Tab out of ${testid}`);
}

/** Tab (or Shift+Tab, `back`) until the focused element matches `selector`; at most `max` presses. */
async function tabTo(selector, max = 80, back = false) {
  for (let i = 0; i < max; i++) {
    if (await browser.execute((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await browser.keys(back ? ["Shift", "Tab"] : "Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The character after the reading cursor (read, not set). */
async function charAtCursor() {
  return browser.execute(() => {
    const s = window.getSelection();
    if (!s || !s.focusNode) return null;
    const n = s.focusNode;
    return n.nodeType === 3 ? n.data.slice(s.focusOffset, s.focusOffset + 1) : null;
  });
}

/** → until the cursor stands before `char` (at most `max` presses). */
async function cursorTo(char, max = 80) {
  for (let i = 0; i < max; i++) {
    await browser.keys("ArrowRight");
    if ((await charAtCursor()) === char) return;
  }
  throw new Error(`the cursor never reached ${char}`);
}

/**
 * Waits for the search index. Not by the absence of the progress badge: it
 * is absent until the app's first poll has said anything, so that wait can
 * pass at once on a first start with the index still to be built (and the
 * first search then waits for the build). The backend is asked instead.
 */
async function waitForIndex() {
  await browser.waitUntil(
    async () =>
      (
        await browser.executeAsync((done) =>
          window.__TAURI_INTERNALS__.invoke("index_status", {}).then(
            (s) => done(s.state),
            (e) => done(String(e)),
          ),
        )
      ) === "ready",
    { timeout: 240000, interval: 500, timeoutMsg: "the search index was never ready" },
  );
}

async function expectPassageFocused(step) {
  const f = await expectFocusVisible(step);
  expect(f.passage).toBe(PASSAGE);
}

describe("The keyboard alone", () => {
  before(async function () {
    this.timeout(300000); // a first start builds the index
    await expect(browser).toHaveTitle("Sheli 射禮");
    await waitForIndex();
  });

  it("opens a passage from search (Ctrl+K, type, Enter): the focus on the passage", async () => {
    await browser.keys(["Control", "k"]);
    let f = await expectFocusVisible("Ctrl+K");
    expect(f.testid).toBe("search-input");
    // Ctrl+K selected what the box held: Backspace empties it.
    await browser.keys("Backspace");
    // Typed into the focused box (WebDriver's element keys: the actions API types no Han characters).
    await $('[data-testid="search-input"]').addValue("楅猶幅也 source:xiangshe.zhushu");
    // The results of the whole query (each keystroke searched as it came).
    await browser.waitUntil(async () => {
      const hits = await texts('[data-testid="search-hit"]');
      return hits.length > 0 && hits.every((t) => t.includes(PASSAGE));
    });
    await browser.keys("Enter");
    await $(`[data-passage="${PASSAGE}"]`).waitForDisplayed();
    await browser.waitUntil(async () => (await focused()).passage === PASSAGE, { timeoutMsg: "the passage never had the focus" });
    await expectPassageFocused("search hit opened");
    await shot("passage");
  });

  it("the reading cursor opens a term's card (楅); Escape gives the focus back to the passage", async () => {
    await cursorTo("楅");
    await expectPassageFocused("cursor moved");
    // The cursor is drawn around the character it stands before.
    const box = await $('[data-testid="reading-cursor"]');
    await box.waitForDisplayed();
    await expect(box).toHaveAttribute("data-char", "楅");
    await shot("cursor");
    await browser.keys("Enter");
    await $('[data-testid="term-popover"]').waitForDisplayed();
    await browser.waitUntil(async () => (await focused()).popup, { timeoutMsg: "the card did not take the focus" });
    await expectFocusVisible("term card");
    await shot("term-card");
    await browser.keys("Escape");
    await expect($('[data-testid="term-popover"]')).not.toBeExisting();
    await expectPassageFocused("term card closed");
    // Tab past its last control closes it too, the focus back on the passage.
    await browser.keys("Enter");
    await $('[data-testid="term-popover"]').waitForDisplayed();
    await browser.waitUntil(async () => (await focused()).popup, { timeoutMsg: "the card did not take the focus again" });
    await tabOutOf("term-popover");
    expect(await charAtCursor()).toBe("楅");
  });

  it("Tab reaches the passage's terms as links: Enter on 楅 opens its card; Escape gives the focus back to the link; → back to the cursor", async () => {
    // From the passage, Tab goes through its margin (number, Copy) to its terms.
    await tabTo('a.term-link[data-term="bi"]', 30);
    let f = await expectFocusVisible("term link");
    expect(f.tag).toBe("A");
    expect(f.text).toBe("楅");
    // Each term once: the other links of this passage are not tab stops.
    const stops = await browser.execute((p) => {
      const links = Array.from(document.querySelectorAll(`[data-passage="${p}"] a.term-link`));
      return { all: links.length, stops: links.filter((a) => a.tabIndex === 0).map((a) => a.dataset.term) };
    }, PASSAGE);
    expect(stops.all).toBeGreaterThan(stops.stops.length);
    expect(new Set(stops.stops).size).toBe(stops.stops.length);
    await shot("term-link");
    await browser.keys("Enter");
    await $('[data-testid="term-popover"]').waitForDisplayed();
    await browser.waitUntil(async () => (await focused()).popup, { timeoutMsg: "the card did not take the focus" });
    await expect($('[data-testid="term-popover"]')).toHaveAttribute("data-card", "bi");
    // Enter opened the card in place: the reader is still there.
    expect(await browser.execute(() => location.hash)).toContain(PASSAGE);
    await browser.keys("Escape");
    await expect($('[data-testid="term-popover"]')).not.toBeExisting();
    f = await expectFocusVisible("card closed");
    expect([f.tag, f.text]).toEqual(["A", "楅"]);
    // ← from the link: the reading cursor, before the term, in the passage.
    await browser.keys("ArrowLeft");
    await expectPassageFocused("back to the cursor");
    expect(await charAtCursor()).toBe("楅");
  });

  it("Shift+→ selects 楅; Enter, Tab…: Term card 楅; Enter opens the card; Escape gives the focus back to the passage", async () => {
    await browser.keys(["Shift", "ArrowRight"]);
    await browser.keys("Shift"); // released
    await browser.waitUntil(async () => (await browser.execute(() => window.getSelection().toString())) === "楅", {
      timeoutMsg: "Shift+→ did not select 楅",
    });
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    await browser.keys("Enter");
    expect((await expectFocusVisible("Enter on a selection")).testid).toBe("sel-add-note");
    // Tab along the menu (Add note, Add to note…, Add to glossary) to the card's offer.
    await tabTo('[data-testid="sel-term"]', 5);
    const f = await expectFocusVisible("Tab to Term card");
    expect(f.text).toBe("Term card 楅");
    await shot("selection-term-offer");
    await browser.keys("Enter");
    await $('[data-testid="term-popover"]').waitForDisplayed();
    await browser.waitUntil(async () => (await focused()).popup, { timeoutMsg: "the card did not take the focus" });
    await expect($('[data-testid="term-popover"]')).toHaveAttribute("data-card", "bi");
    // One pop-up at a time: the card replaced the selection's menu.
    await expect($('[data-testid="selection-actions"]')).not.toBeExisting();
    await shot("selection-term-card");
    await browser.keys("Escape");
    await expect($('[data-testid="term-popover"]')).not.toBeExisting();
    await expectPassageFocused("card from the selection closed");
  });

  it("→ steps on to 之 and Enter opens its character pop-over; Escape gives the focus back", async () => {
    await browser.keys("ArrowRight");
    expect(await charAtCursor()).toBe("之");
    await browser.keys("Enter");
    await $('[data-testid="char-popover"]').waitForDisplayed();
    await browser.waitUntil(async () => (await focused()).popup, { timeoutMsg: "the pop-over did not take the focus" });
    await expectFocusVisible("character pop-over");
    await shot("char-popover");
    await browser.keys("Escape");
    await expect($('[data-testid="char-popover"]')).not.toBeExisting();
    await expectPassageFocused("character pop-over closed");
    await browser.keys("Enter");
    await $('[data-testid="char-popover"]').waitForDisplayed();
    await browser.waitUntil(async () => (await focused()).popup, { timeoutMsg: "the pop-over did not take the focus again" });
    await tabOutOf("char-popover", 40);
    expect(await charAtCursor()).toBe("之");
  });

  it("Shift+→ selects 之南; Enter goes to its actions; the card is added to a glossary; Done gives the focus back", async () => {
    // A glossary to add to, created from the keyboard in the glossaries view? The
    // selection's form offers the existing ones, or a new one: Tab and type.
    await browser.keys(["Shift", "ArrowRight"]);
    await browser.keys(["Shift", "ArrowRight"]);
    await browser.keys("Shift"); // released
    await browser.waitUntil(async () => (await browser.execute(() => window.getSelection().toString())) === "之南", {
      timeoutMsg: "Shift+→ did not select 之南",
    });
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    // A term card that a selection may open never takes the focus.
    await expectPassageFocused("selected");
    await browser.keys("Enter");
    let f = await expectFocusVisible("Enter on a selection");
    expect(f.testid).toBe("sel-add-note");
    await tabTo('[data-testid="sel-add-card"]', 5);
    f = await expectFocusVisible("Tab to Add to glossary");
    await browser.keys("Enter");
    await $('[data-testid="sel-card-save"]').waitForDisplayed();
    f = await expectFocusVisible("the card form");
    expect(f.testid).toBe("sel-glossary");
    await shot("selection-card-form");
    await tabTo('[data-testid="sel-card-save"]');
    await browser.keys("Enter");
    await $('[data-testid="card-added"]').waitForDisplayed();
    await browser.waitUntil(async () => (await focused()).testid === "sel-done", { timeoutMsg: "Done never had the focus" });
    await shot("card-added");
    await browser.keys("Enter");
    await expect($('[data-testid="selection-actions"]')).not.toBeExisting();
    await expectPassageFocused("selection's actions closed");
  });

  it("a note on a selection: typed and saved; the focus back on the passage; Escape leaves an editor", async () => {
    await browser.keys(["Shift", "ArrowRight"]);
    await browser.keys("Shift");
    await browser.waitUntil(async () => (await browser.execute(() => window.getSelection().toString())).length > 0);
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    await browser.keys("Enter");
    expect((await expectFocusVisible("Enter on a selection")).testid).toBe("sel-add-note");
    // Escape from the menu: closed, the focus back on the passage.
    await browser.keys("Escape");
    await expect($('[data-testid="selection-actions"]')).not.toBeExisting();
    await expectPassageFocused("menu closed with Escape");
    await browser.keys(["Shift", "ArrowRight"]);
    await browser.keys("Shift");
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    await browser.keys("Enter");
    await browser.keys("Enter"); // Add note
    await $('[data-testid="note-text"]').waitForDisplayed();
    expect((await expectFocusVisible("note editor")).testid).toBe("note-text");
    await browser.keys("typed with the keyboard");
    await tabTo('[data-testid="note-save"]');
    await browser.keys("Enter");
    await browser.waitUntil(
      async () => (await texts('[data-testid="margin-note"]')).some((t) => t.includes("typed with the keyboard")),
      { timeoutMsg: "the note never appeared in the margin" },
    );
    await expectPassageFocused("note saved");
    await shot("note-saved");
  });

  it("Shift+Enter selects the whole segment at the cursor; Enter goes to its actions; Escape gives the focus back", async () => {
    await browser.keys(["Shift", "Enter"]);
    await browser.keys("Shift"); // released
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    const got = await browser.execute(() => {
      const sel = window.getSelection();
      const node = sel.anchorNode;
      const seg = (node.nodeType === 3 ? node.parentElement : node).closest("[data-segment]");
      const tag = seg.querySelector(".layer-tag")?.textContent ?? "";
      return { selected: sel.toString(), segment: seg.textContent.slice(tag.length) };
    });
    expect(got.selected.length).toBeGreaterThan(3);
    expect(got.segment.trim()).toBe(got.selected);
    await expectPassageFocused("segment selected");
    await browser.keys("Enter");
    expect((await expectFocusVisible("Enter on the segment's selection")).testid).toBe("sel-add-note");
    await browser.keys("Escape");
    await expect($('[data-testid="selection-actions"]')).not.toBeExisting();
    await expectPassageFocused("menu closed");
    // Tab past the menu's last button closes it, the focus back on the passage.
    await browser.keys(["Shift", "Enter"]);
    await browser.keys("Shift"); // released
    await $('[data-testid="selection-actions"]').waitForDisplayed();
    await browser.keys("Enter");
    expect((await expectFocusVisible("Enter on the segment's selection again")).testid).toBe("sel-add-note");
    await tabOutOf("selection-actions", 10);
  });

  it("? lists the reader's keys; Escape gives the focus back", async () => {
    await browser.keys("?");
    await $('[data-testid="reader-keys"]').waitForDisplayed();
    expect((await expectFocusVisible("keys listed")).id).toBe("reader-keys");
    await expect($('[data-testid="reader-keys"]')).toHaveText(expect.stringContaining("Shift + ← / →"));
    await shot("keys");
    await browser.keys("Escape");
    await expect($('[data-testid="reader-keys"]')).not.toBeExisting();
    await expectPassageFocused("keys closed");
  });

  it("a review session from the keyboard: Enter reveals, Enter grades Good, the focus follows", async () => {
    await tabTo('[data-testid="nav-review"]', 300, true);
    await browser.keys("Enter");
    await $('[data-testid="review"]').waitForDisplayed();
    const reveal = await $('[data-testid="review-reveal"]');
    const done = await $('[data-testid="review-done"]');
    await browser.waitUntil(async () => (await reveal.isDisplayed()) || (await done.isDisplayed()));
    expect(await reveal.isDisplayed()).toBe(true);
    await tabTo('[data-testid="review-reveal"]');
    for (let i = 0; i < 12 && (await reveal.isExisting()); i++) {
      await browser.keys("Enter");
      await browser.waitUntil(async () => (await focused()).testid === "grade-good", { timeoutMsg: "Good never had the focus" });
      // (Visually hidden: WebDriver reads no text out of it, so its property.)
      expect(await $('[data-testid="review-announce"]').getProperty("textContent")).toContain("Answer");
      if (i === 0) await shot("review-answer");
      await browser.keys("Enter");
      await browser.waitUntil(async () => ["review-reveal", "review-done"].includes((await focused()).testid), {
        timeoutMsg: "the focus did not go to the next card",
      });
      await expectFocusVisible(`graded ${i + 1}`);
    }
    await expect($('[data-testid="review-outcome"]')).toHaveText(/^Good: next review/);
  });

  it("the skip link moves the focus to the main view without leaving the view", async () => {
    const before = await browser.execute(() => location.hash);
    await tabTo(".skip-link", 300, true);
    expect((await expectFocusVisible("skip link")).tag).toBe("A");
    await browser.keys("Enter");
    await browser.waitUntil(async () => (await focused()).id === "main", { timeoutMsg: "the skip link did not focus #main" });
    await expectFocusVisible("main");
    expect(await browser.execute(() => location.hash)).toBe(before);
    await expect($('[data-testid="review"]')).toBeDisplayed();
  });

  it("a glossary created and deleted from the keyboard; the focus on the list afterwards", async () => {
    await tabTo('[data-testid="nav-glossaries"]', 100, true);
    await browser.keys("Enter");
    await $('[data-testid="glossaries"]').waitForDisplayed();
    await tabTo("#new-glossary");
    await browser.keys(GLOSSARY);
    await browser.keys("Enter");
    await expect($('[data-testid="glossary-title"]')).toHaveText(GLOSSARY);
    await expectFocusVisible("glossary created");
    await tabTo('[data-testid="delete-glossary"]');
    await browser.keys("Enter");
    expect((await expectFocusVisible("Delete…")).testid).toBe("delete-glossary-confirm");
    await browser.keys("Enter");
    await browser.waitUntil(async () => !(await texts('[data-testid="glossary-item"]')).some((t) => t.includes(GLOSSARY)), {
      timeoutMsg: "the glossary was not deleted",
    });
    const f = await expectFocusVisible("glossary deleted");
    expect(["glossary-item", "new-glossary"]).toContain(f.testid);
    await shot("glossary-deleted");
  });
  // The outside tester's finding 18: Tab from the empty search box crossed
  // the thirteen examples one by one before the rest of the top bar.
  it("the search box's examples are one tab stop; the arrows move among them and Enter searches with one", async () => {
    await browser.keys(["Control", "k"]);
    expect((await expectFocusVisible("Ctrl+K")).testid).toBe("search-input");
    await browser.keys("Backspace");
    await $('[data-testid="search-help"]').waitForDisplayed();
    await browser.keys("Tab");
    let f = await expectFocusVisible("Tab into the examples");
    expect(f.testid).toBe("search-example");
    await browser.keys(["ArrowDown"]);
    f = await expectFocusVisible("↓ in the examples");
    expect({ testid: f.testid, text: f.text }).toEqual({ testid: "search-example", text: "觯" });
    await browser.keys("Enter");
    await browser.waitUntil(async () => (await $('[data-testid="search-input"]').getValue()) === "觯", {
      timeoutMsg: "the example never went into the box",
    });
    await shot("search-example-picked");
    // Again from the empty box: one Tab into the examples, the next one out.
    await browser.keys(["Control", "k"]);
    await browser.keys("Backspace");
    await $('[data-testid="search-help"]').waitForDisplayed();
    await browser.keys("Tab");
    expect((await expectFocusVisible("Tab into the examples again")).testid).toBe("search-example");
    await browser.keys("Tab");
    f = await expectFocusVisible("Tab out of the examples");
    expect(f.testid).not.toBe("search-example");
  });
});
