// Search as a concordancer, in the real window (issue 11, points 3–4): a
// proximity query, a refinement chip added and removed (by its button and
// by Backspace), the scope shown beside the box, the lines sorted by right
// context, a collocation that narrows the results, "Showing N of M" with
// Load more, and every result exported as TSV into the exports folder.
// From hit to hit (point 5): a proximity result opened, n stepping to the
// third hit in the reader (its match marked, "Hit 3 of N", the focus on its
// passage), Shift+N and the buttons back; a source chosen as the scope; the
// concordance view's collocations narrowing it, its export, and stepping
// from one of its lines. Screenshots are named sr-….
import fs from "node:fs";
import path from "node:path";

import { shot as baseShot } from "./helpers.js";

const shot = (name) => baseShot(`sr-${name}`);
const PROXIMITY = '"主人 賓"~3';

/**
 * Types into the search box from scratch, through Ctrl+K (which selects
 * what the box holds); "" empties it the way a user does, with Backspace.
 */
async function typeQuery(text) {
  await browser.keys(["Control", "k"]);
  const input = await $('[data-testid="search-input"]');
  await expect(input).toBeFocused();
  if (text) {
    await input.clearValue();
    await input.addValue(text);
  } else if (await input.getValue()) {
    await browser.keys(["Control", "a"]);
    await browser.keys(["Backspace"]);
  }
  return input;
}

/** The counts of the summary: { occurrences, segments } (it says which is which). */
async function counts() {
  const text = await $('[data-testid="search-summary"]').getText();
  const m = text.replace(/,/g, "").match(/(\d+) occurrences? in (\d+) segments?/);
  expect(m).not.toBeNull();
  return { occurrences: Number(m[1]), segments: Number(m[2]) };
}

/** Waits until the summary counts differ from `before` (a new answer is shown). */
async function countsChangedFrom(before) {
  let now = before;
  await browser.waitUntil(
    async () => {
      now = await counts();
      return now.segments !== before.segments || now.occurrences !== before.occurrences;
    },
    { timeoutMsg: `the counts stayed ${JSON.stringify(before)}` },
  );
  return now;
}

async function waitForResults() {
  await $('[data-testid="search-summary"]').waitForDisplayed();
  await browser.waitUntil(async () => (await $$('[data-testid="search-hit"]').length) > 0, {
    timeoutMsg: "no results were listed",
  });
}

/** The chips' queries, in order. */
async function chips() {
  return browser.execute(() =>
    Array.from(document.querySelectorAll('[data-testid="refinement-chip"]')).map((c) => c.dataset.query),
  );
}

/** Each shown line: its first match and the text after it (the right context). */
async function lines() {
  return browser.execute(() =>
    Array.from(document.querySelectorAll('[data-testid="search-hit"] .kwic')).map((k) => {
      const mark = k.querySelector("mark.hit");
      let right = "";
      for (let n = mark?.nextSibling; n; n = n.nextSibling) right += n.textContent;
      return { match: mark?.textContent ?? "", right };
    }),
  );
}

/**
 * Clicks a control of the search panel. The panel is a fixed, scrolling
 * box, and WebKitWebDriver's own scrolling of a control near its bottom
 * edge leaves the pointer some 30 px below the control (seen: the Load more
 * button's click landing on the keys' hint under it), so the control is
 * first scrolled to the middle of the panel.
 */
async function press(selector) {
  const el = await $(selector);
  await el.waitForExist();
  await browser.execute((e) => e.scrollIntoView({ block: "center" }), el);
  await el.click();
}

/** The hit the reader opened (its passage from the address): the texts of its marks, once there are any. */
async function openedHitMarks() {
  const id = await browser.waitUntil(
    async () => (await browser.execute(() => location.hash)).match(/^#\/read\/([^?]+)\?seg=/)?.[1],
    { timeoutMsg: "no hit opened" },
  );
  return browser.waitUntil(
    async () => {
      const m = await browser.execute(
        (pid) => Array.from(document.getElementById(`p-${pid}`)?.querySelectorAll("mark.hit") ?? [], (e) => e.textContent),
        id,
      );
      return m.length ? m : false;
    },
    { timeoutMsg: `nothing marked in ${id}` },
  );
}

const han = (s) => Array.from(s).filter((c) => /\p{Script=Han}/u.test(c)).join("");

describe("Search refined, sorted and exported", () => {
  before(async () => {
    await expect(browser).toHaveTitle("Sheli 射禮");
    await browser.waitUntil(async () => !(await $('[data-testid="index-progress"]').isExisting()), {
      timeoutMsg: "the search index was never ready",
    });
    // As each edition has it: the lines show the texts as the export writes them.
    await $('[data-testid="script-original"]').click();
    await $('select[aria-label="Theme"]').selectByAttribute("value", "light");
  });

  it("finds 主人 … 賓 with at most 3 characters between, counts labelled", async () => {
    await typeQuery(PROXIMITY);
    await waitForResults();
    const { occurrences, segments } = await counts();
    expect(segments).toBeGreaterThan(20);
    expect(occurrences).toBeGreaterThanOrEqual(segments);
    for (const l of await lines()) {
      const m = han(l.match);
      expect(m.startsWith("主人")).toBe(true);
      expect(/賓|宾/.test(m.slice(-1))).toBe(true);
      expect(m.length).toBeLessThanOrEqual(2 + 3 + 1);
    }
    await expect($('[data-testid="search-showing"]')).toHaveText(`Showing 20 of ${segments} segments`);
    await shot("proximity");
  });

  it("shows 20 of the results and loads more, never cutting silently", async () => {
    const { segments } = await counts();
    await press('[data-testid="search-load-more"]');
    await browser.waitUntil(async () => (await $$('[data-testid="search-hit"]').length) > 20, {
      timeoutMsg: "Load more added nothing",
    });
    const shown = (await $$('[data-testid="search-hit"]').length);
    expect(shown).toBe(Math.min(70, segments));
    const said = shown === segments ? `Showing all ${segments} segments` : `Showing ${shown} of ${segments} segments`;
    await expect($('[data-testid="search-showing"]')).toHaveText(said);
    // the button went with the last page: the focus is back in the box
    if (shown === segments) await expect($('[data-testid="search-input"]')).toBeFocused();
    await $('[data-testid="search-showing"]').scrollIntoView();
    await shot("load-more");
  });

  it("searches within the results: a chip beside the box, removed by its button and by Backspace", async () => {
    const input = await $('[data-testid="search-input"]');
    const all = await counts();
    await $('[data-testid="search-within-button"]').click();
    expect(await chips()).toEqual([PROXIMITY]);
    await expect(input).toHaveValue("");
    await expect(input).toBeFocused();
    await input.addValue("拜");
    const within = await countsChangedFrom(all);
    expect(within.segments).toBeLessThan(all.segments);
    expect(within.segments).toBeGreaterThan(0);
    await expect($('[data-testid="search-within"]')).toHaveText("within 1 refinement");
    await shot("refinement-chip");

    // the chip's button: the search is 拜 alone (more results), the focus kept
    const chip = await $('[data-testid="refinement-chip"]');
    await expect(chip).toHaveAttribute("aria-label", `Remove refinement ${PROXIMITY}`);
    await chip.click();
    expect(await chips()).toEqual([]);
    const alone = await countsChangedFrom(within);
    expect(alone.segments).toBeGreaterThan(within.segments);
    await expect(input).toBeFocused();

    // again, then Backspace in the emptied box takes the chip back
    await typeQuery(PROXIMITY);
    await waitForResults();
    await $('[data-testid="search-within-button"]').click();
    expect(await chips()).toEqual([PROXIMITY]);
    await expect(input).toBeFocused();
    await browser.keys(["Backspace"]);
    expect(await chips()).toEqual([]);
    await expect($('[data-testid="search-help"]')).toBeDisplayed();
    await shot("refinement-removed");
  });

  // The outside tester's findings 14 and 13 (h7): `OR 觚` typed after the
  // chip 觶 was glued to it as `觶 OR 觚` (143 segments "within" 137), and
  // `NEAR/3 酬` made a proximity of the chip; the error's echo had no lang.
  it("refuses a box that begins with an operator after a chip, never finding more than it searched within", async () => {
    await typeQuery("觶");
    await waitForResults();
    const alone = await counts();
    await $('[data-testid="search-within-button"]').click();
    expect(await chips()).toEqual(["觶"]);
    const input = await $('[data-testid="search-input"]');
    const echo = () => browser.execute(() => document.querySelector('[data-testid="search-error"] .query-echo')?.textContent);
    for (const [typed, searched, marked, message] of [
      ["OR 觚", "觶 AND OR 觚", "OR", "OR needs a term on both sides"],
      ["NEAR/3 酬", "觶 AND NEAR/3 酬", "NEAR/3", "NEAR/3 needs a term on both sides"],
    ]) {
      await input.addValue(typed);
      await browser.waitUntil(async () => (await echo()) === searched, { timeoutMsg: `${typed} was not refused as ${searched}` });
      await expect($('[data-testid="search-error"]')).toHaveText(expect.stringContaining(message));
      await expect($('[data-testid="search-error-span"]')).toHaveText(marked);
      await expect($('[data-testid="search-summary"]')).not.toBeDisplayed();
      // the echo's Chinese is read as Chinese, its operators as the interface's
      const tagged = await browser.execute(() =>
        Array.from(document.querySelectorAll('[data-testid="search-error"] .query-echo [lang]'), (e) => [e.textContent, e.lang]),
      );
      expect(tagged).toEqual([
        ["觶", "zh"],
        [typed.slice(-1), "zh"],
      ]);
      await shot(`refused-${marked}-after-chip`);
      await browser.keys(["Control", "a"]);
      await browser.keys(["Backspace"]);
      expect(await chips()).toEqual(["觶"]);
    }
    // a term of its own narrows, as before
    await input.addValue("觚");
    const both = await countsChangedFrom(alone);
    expect(both.segments).toBeGreaterThan(0);
    expect(both.segments).toBeLessThan(alone.segments);
    await typeQuery("");
    await browser.waitUntil(async () => (await chips()).length === 0, { timeoutMsg: "Ctrl+K kept the refinement chip" });
    await browser.keys("Escape");
  });

  // The outside tester's finding 16 (h7): Enter on Collocations, then Tab,
  // went to the export buttons (TSV, CSV, Export results…) first.
  it("goes by Tab from Collocations opened with Enter into the collocations", async () => {
    await typeQuery("再拜");
    await waitForResults();
    const toggle = await $('[data-testid="collocations-toggle"]');
    await browser.execute((e) => e.focus(), toggle);
    await browser.keys("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await $('[data-testid="collocations"] [data-testid="collocate"]').waitForDisplayed();
    await browser.keys("Tab");
    const focused = await browser.execute(() => ({
      testid: document.activeElement?.getAttribute("data-testid"),
      inside: !!document.activeElement?.closest('[data-testid="collocations"]'),
    }));
    expect(focused).toEqual({ testid: "collocate", inside: true });
    // leave the box as found
    await press('[data-testid="collocations-toggle"]');
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await typeQuery("");
    await browser.keys("Escape");
  });

  it("shows the scope beside the box and clears it only as chosen", async () => {
    await typeQuery(PROXIMITY);
    await waitForResults();
    const all = await counts();
    await $('[data-testid="facet-layer-jing"]').click();
    const jing = await countsChangedFrom(all);
    expect(jing.segments).toBeLessThan(all.segments);
    await expect($('[data-testid="scope-chip-layer"]')).toBeDisplayed();
    await expect($('[data-testid="scope-chip-layer"]')).toHaveText(/Layer\s*經/);
    await shot("scope-chip");
    // kept: a new query keeps it
    await $('[data-testid="search-keep-scope"]').click();
    await typeQuery("");
    await expect($('[data-testid="scope-chip-layer"]')).toBeDisplayed();
    await typeQuery("再拜");
    await waitForResults();
    expect(await browser.execute(() =>
      Array.from(document.querySelectorAll('[data-testid="search-hit"]')).every((h) => h.dataset.layer === "jing"),
    )).toBe(true);
    // not kept: the next new search clears it, and says so
    await $('[data-testid="search-keep-scope"]').click();
    await typeQuery("");
    await expect($('[data-testid="scope-chip-layer"]')).not.toBeExisting();
    // the live region is visually hidden: its text, not its visible text
    await expect($('[data-testid="search-announce"]')).toHaveElementProperty(
      "textContent",
      "Scope cleared for the new search.",
    );
  });

  it("sorts the lines by right context and exports every result in that order", async () => {
    await typeQuery(PROXIMITY);
    await waitForResults();
    const { segments } = await counts();
    await press('[data-testid="search-sort-right"]');
    await expect($('[data-testid="search-sort-right"]')).toHaveAttribute("aria-pressed", "true");
    await $('[data-testid="search-results"][data-sort="right"]').waitForExist();
    const shown = await lines();
    // the lines' right contexts: those beginning with one character stand together
    const firsts = shown.map((l) => Array.from(han(l.right))[0] ?? "");
    const seen = new Set();
    firsts.forEach((c, i) => {
      if (i > 0 && c !== firsts[i - 1]) {
        expect(seen.has(c)).toBe(false);
        seen.add(firsts[i - 1]);
      }
    });
    expect(new Set(firsts).size).toBeGreaterThan(3);
    await shot("sorted-right");

    await press('[data-testid="search-export"]');
    const notice = await $('[data-testid="search-export-saved"]');
    await notice.waitForDisplayed();
    const m = (await notice.getText()).match(/^Saved (.+\.tsv) to (.+)\.$/);
    expect(m).not.toBeNull();
    expect(m[1]).toMatch(/^sheli-search-主人-賓-3( \(\d+\))?\.tsv$/);
    expect(m[2]).toBe(path.join(process.env.SHELI_EXPORT_DIR, m[1]));
    const rows = fs.readFileSync(m[2], "utf8").split("\n").filter((l) => l);
    expect(rows[0].split("\t")).toEqual([
      "work", "edition", "source", "passage", "segment", "layer", "line", "occurrences", "left", "match", "right",
    ]);
    // every result, not only the 20 shown, in the window's order
    expect(rows.length - 1).toBe(segments);
    const fileRight = rows.slice(1, 1 + shown.length).map((r) => r.split("\t")[10]);
    expect(fileRight).toEqual(shown.map((l) => l.right));
    await shot("exported");
  });

  it("narrows to a collocate on click", async () => {
    const before = await counts();
    await press('[data-testid="collocations-toggle"]');
    const panel = await $('[data-testid="collocations"]');
    await panel.waitForDisplayed();
    await expect(panel).toHaveText(/beside all [\d,]+ highlighted matches/);
    const right = await $('[data-testid="collocations-right-chars"] [data-testid="collocate"]');
    // written into the phrase as the panel lists it (the texts' form, which folds to its key)
    const label = await right.$(".collocate-text").getText();
    const count = Number((await right.$(".collocate-count").getText()).replace(/\D/g, ""));
    expect(count).toBeGreaterThan(1);
    await shot("collocations");
    await browser.execute((e) => e.scrollIntoView({ block: "center" }), right);
    await right.click();
    await expect($('[data-testid="search-input"]')).toHaveValue(`"主人 賓${label}"~3`);
    const narrowed = await countsChangedFrom(before);
    expect(narrowed.segments).toBeLessThan(before.segments);
    expect(narrowed.segments).toBeGreaterThan(0);
    await shot("collocate-picked");
    // leave the box as found: nothing refined, no scope, relevance
    await press('[data-testid="collocations-toggle"]');
    await press('[data-testid="search-sort-relevance"]');
    await typeQuery("");
    await browser.keys("Escape");
  });

  // Issue 11 (the lead's note): a collocate written into a bare word showed
  // its folded key — 負侯 where the texts write 負矦 — in the box, the line
  // of what the counts are around and the hit stepper's title.
  it("writes a collocate into a bare word as the texts write it, and keeps the word as typed", async () => {
    for (const typed of ["負", "负"]) {
      await typeQuery(typed);
      await waitForResults();
      if ((await $('[data-testid="collocations-toggle"]').getAttribute("aria-expanded")) !== "true") {
        await press('[data-testid="collocations-toggle"]');
      }
      const hou = await $('[data-testid="collocations-right-chars"] [data-testid="collocate"][data-key="侯"]');
      await hou.waitForExist({ timeoutMsg: `侯 is not among ${typed}'s right neighbours` });
      await expect(hou.$(".collocate-text")).toHaveText("矦");
      const before = await counts();
      await browser.execute((e) => e.scrollIntoView({ block: "center" }), hou);
      await hou.click();
      const phrase = `"${typed}矦"`;
      await expect($('[data-testid="search-input"]')).toHaveValue(phrase);
      const narrowed = await countsChangedFrom(before);
      expect(narrowed.segments).toBeGreaterThan(0);
      await expect($('[data-testid="collocations-around"] code')).toHaveText(phrase);
      await shot(typed === "負" ? "collocate-bare-traditional" : "collocate-bare-simplified");
      // the result opened: the stepper names the search as the box has it
      await $('[data-testid="search-input"]').click();
      await browser.keys("Enter");
      await $('[data-testid="hit-count"]').waitForDisplayed();
      await expect($('[data-testid="hit-stepper"] code')).toHaveText(phrase);
      // the reader marks the phrase (a mark may be cut where a term's link begins)
      const marked = (await openedHitMarks()).join("");
      expect(han(marked)).toMatch(/^(負矦|负侯|負侯)+$/);
    }
    // leave the box as found: the collocations closed, nothing typed
    await browser.keys(["Control", "k"]);
    await press('[data-testid="collocations-toggle"]');
    await expect($('[data-testid="collocations-toggle"]')).toHaveAttribute("aria-expanded", "false");
    await typeQuery("");
    await browser.keys("Escape");
  });

  it("clears the scope when a new query is typed over the old one (Ctrl+K, type), unless kept", async () => {
    // the outside tester's fault 7: only emptying the box first cleared it
    await typeQuery("拜");
    await waitForResults();
    const all = await counts();
    await expect($('[data-testid="search-keep-scope"]')).not.toBeSelected();
    await $('[data-testid="facet-layer-jing"]').click();
    await countsChangedFrom(all);
    await expect($('[data-testid="scope-chip-layer"]')).toBeDisplayed();
    await browser.keys(["Control", "k"]);
    await expect($('[data-testid="search-input"]')).toBeFocused();
    await browser.keys([..."觶"]);
    await expect($('[data-testid="search-input"]')).toHaveValue("觶");
    await expect($('[data-testid="scope-chip-layer"]')).not.toBeExisting();
    await browser.waitUntil(async () => (await $('[data-testid="search-announce"]').getProperty("textContent")).includes("Scope cleared"), {
      timeoutMsg: "the cleared scope was not announced",
    });
    await typeQuery("");
    await browser.keys("Escape");
  });

  it("after a refinement a collocate narrows the whole search, never to 0; the collocations are one tab stop", async () => {
    // the outside tester's fault 2: 拜, within it 主人, then 答再 → "答再主人", 0 results
    await typeQuery("拜");
    await waitForResults();
    const alone = await counts();
    await $('[data-testid="search-within-button"]').click();
    await $('[data-testid="search-input"]').addValue("主人");
    const refined = await countsChangedFrom(alone);
    await press('[data-testid="collocations-toggle"]');
    await $('[data-testid="collocations"]').waitForDisplayed();
    // the panel says the search its counts are around — the query and the
    // refinement — on screen and in its accessible name
    const around = async () =>
      browser.execute(() => {
        const panel = document.querySelector('[data-testid="collocations"]');
        const name = panel
          .getAttribute("aria-labelledby")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent?.replace(/\s+/g, " ").trim())
          .join(" ");
        const parts = Array.from(panel.querySelectorAll('[data-testid="collocations-around"] code'), (c) => c.textContent);
        return { name, parts };
      });
    expect(await around()).toEqual({
      name: expect.stringMatching(/^Collocations.*Counted around the search ?拜 ?and ?主人$/),
      parts: ["拜", "主人"],
    });
    const buttons = await $$('[data-testid="collocations"] [data-testid="collocate"]');
    expect(buttons.length).toBeGreaterThan(3);
    // one tab stop: the first; the arrows move inside, Tab leaves the list
    const stops = await browser.execute(() =>
      Array.from(document.querySelectorAll('[data-testid="collocate"]')).filter((b) => b.tabIndex === 0).length,
    );
    expect(stops).toBe(1);
    await browser.execute((b) => b.focus(), buttons[0]);
    await browser.keys("ArrowRight");
    expect(await browser.execute((b) => document.activeElement === b, buttons[1])).toBe(true);
    await browser.keys("Tab");
    expect(await browser.execute(() => !!document.activeElement?.closest('[data-testid="collocations"]'))).toBe(false);
    // the two-character left neighbour the tester clicked. (Not the first
    // listed: that is now 主人, the refinement itself beside 拜, which narrows
    // nothing, and since occurrences of the same characters are counted once
    // the counts would rightly stay as they were.)
    const first = await $('[data-testid="collocations-left-words"] [data-testid="collocate"][data-key="答再"]');
    const key = await first.getAttribute("data-key");
    await browser.execute((e) => e.scrollIntoView({ block: "center" }), first);
    await first.click();
    const narrowed = await countsChangedFrom(refined);
    expect(narrowed.segments).toBeGreaterThan(0);
    expect(narrowed.segments).toBeLessThanOrEqual(refined.segments);
    expect(await chips()).toEqual(["拜", "主人", key]);
    await browser.waitUntil(async () => (await around()).parts.length === 3, {
      timeoutMsg: "the collocations do not name the collocate's refinement",
    });
    expect((await around()).parts).toEqual(["拜", "主人", key]);
    await shot("collocate-after-refinement");
    await press('[data-testid="collocations-toggle"]');
    // Ctrl+K, then 觶: a new search, not a fourth condition with 0 results
    // (the h4 tester's "small things"); the chips go, and it is said.
    await browser.keys(["Control", "k"]);
    await browser.waitUntil(async () => (await chips()).length === 0, { timeoutMsg: "Ctrl+K kept the refinement chips" });
    await browser.waitUntil(async () => (await $('[data-testid="search-announce"]').getProperty("textContent")).includes("New search"), {
      timeoutMsg: "the new search was not announced",
    });
    await browser.keys([..."觶"]);
    const searched = () => browser.execute(() => document.querySelector('[data-testid="search-timing"]')?.dataset.query);
    await browser.waitUntil(async () => (await searched()) === "觶", {
      timeoutMsg: "觶 was not searched alone",
    });
    expect((await counts()).segments).toBeGreaterThan(0);
    expect(await chips()).toEqual([]);
    await typeQuery("");
    await browser.keys("Escape");
  });

  it("steps from hit to hit through every result, across passages", async () => {
    await typeQuery(PROXIMITY);
    await waitForResults();
    const { segments } = await counts();
    const first = await browser.execute(() =>
      Array.from(document.querySelectorAll('[data-testid="search-hit"]'))
        .slice(0, 4)
        .map((h) => h.dataset.passageId),
    );
    // the live region is in the page before its first message
    await browser.keys("Enter");
    const count = await $('[data-testid="hit-count"]');
    await count.waitForDisplayed();
    await expect(count).toHaveText(`Hit 1 of ${segments.toLocaleString("en")}`);
    await expect($('[data-testid="hit-announce"]')).toHaveElementProperty("textContent", "");
    await expect($(`#p-${first[0].replace(/\./g, "\\.")}`)).toBeFocused();

    // n, n: the third result, its match marked and in view, its passage focused
    await browser.keys("n");
    await expect(count).toHaveText(`Hit 2 of ${segments.toLocaleString("en")}`);
    await browser.keys("n");
    await expect(count).toHaveText(`Hit 3 of ${segments.toLocaleString("en")}`);
    await browser.waitUntil(async () => (await browser.execute(() => location.hash)).startsWith(`#/read/${first[2]}?seg=`), {
      timeoutMsg: `the reader did not open ${first[2]}`,
    });
    const passage = await $(`#p-${first[2].replace(/\./g, "\\.")}`);
    await passage.waitForDisplayed();
    await browser.waitUntil(async () => (await browser.execute(() => document.activeElement?.id)) === `p-${first[2]}`, {
      timeoutMsg: "the focus is not on the third hit's passage",
    });
    const marked = await browser.execute((id) => {
      const marks = Array.from(document.getElementById(`p-${id}`).querySelectorAll("mark.hit"));
      const r = marks[0]?.getBoundingClientRect();
      return { texts: marks.map((m) => m.textContent), inView: !!r && r.top >= 0 && r.bottom <= window.innerHeight };
    }, first[2]);
    expect(marked.texts.length).toBeGreaterThan(0);
    for (const t of marked.texts) {
      const m = han(t);
      expect(m.startsWith("主人")).toBe(true);
      expect(/賓|宾/.test(m.slice(-1))).toBe(true);
      expect(m.length).toBeLessThanOrEqual(2 + 3 + 1);
    }
    expect(marked.inView).toBe(true);
    await expect($('[data-testid="hit-announce"]')).toHaveElementProperty(
      "textContent",
      `Hit 3 of ${segments.toLocaleString("en")}, passage ${first[2]}.`,
    );
    await shot("hit-3");

    // Shift+N and the buttons walk back and on
    await browser.keys(["Shift", "N"]);
    await expect(count).toHaveText(`Hit 2 of ${segments.toLocaleString("en")}`);
    await $('[data-testid="hit-next"]').click();
    await expect(count).toHaveText(`Hit 3 of ${segments.toLocaleString("en")}`);
    await browser.keys("\uE033"); // F3
    await expect(count).toHaveText(`Hit 4 of ${segments.toLocaleString("en")}`);
    await browser.waitUntil(async () => (await browser.execute(() => location.hash)).startsWith(`#/read/${first[3]}?seg=`));
    // the keys are listed with the reader's
    await browser.keys("?");
    await expect($('[data-testid="reader-keys"]')).toHaveText(/n \/ Shift \+ N\s*next \/ previous hit/);
    await browser.keys("Escape");
  });

  // The outside tester's finding 00 (h5): ↓ Enter pressed as the last
  // character went in acted on the answer still shown — the previous
  // prefix's (再) — and the stepper walked 再's 49 hits named “再拜”.
  // Whether the keys came before the answer was left to the machine's
  // speed; the backend now holds the query's answer while the test presses
  // them (SHELI_E2E_HOLD_FILE, src-tauri/src/app/e2e_hold.rs), with the
  // prefix's answer on screen, so the old fault shows every time.
  it("↓ Enter at once after typing open the hits of the query in the box, not of what was typed before", async () => {
    const hold = process.env.SHELI_E2E_HOLD_FILE;
    expect(hold).toBeTruthy();
    const shownQuery = () => browser.execute(() => document.querySelector('[data-testid="search-timing"]')?.dataset.query);
    for (const q of ["再拜", "主人", "賓答"]) {
      // the query's own count, from its settled answer
      await typeQuery(q);
      await browser.waitUntil(async () => (await shownQuery()) === q, { timeoutMsg: `no answer for ${q}` });
      const { segments } = await counts();
      await typeQuery("");
      await browser.keys("Escape");
      await browser.execute(() => (location.hash = "#/library"));

      // the first character's answer on screen, the query's own held
      const [head, ...tail] = Array.from(q);
      const input = await typeQuery("");
      await input.addValue(head);
      await browser.waitUntil(async () => (await shownQuery()) === head && (await $$('[data-testid="search-hit"]').length) > 1, {
        timeoutMsg: `no answer for ${head}`,
      });
      fs.writeFileSync(hold, `${q}\n`);
      try {
        await input.addValue(tail.join(""));
        await browser.keys(["ArrowDown", "Enter"]);
        // the keys are in before the answer: nothing opened, the prefix's rows still shown
        await browser.pause(300);
        expect(await browser.execute(() => location.hash)).toBe("#/library");
        expect(await shownQuery()).toBe(head);
      } finally {
        fs.rmSync(hold, { force: true });
      }
      const count = await $('[data-testid="hit-count"]');
      await count.waitForDisplayed();
      await expect(count).toHaveText(`Hit 2 of ${segments.toLocaleString("en")}`);
      await expect($('[data-testid="hit-stepper"] code')).toHaveText(q);
      const marks = await openedHitMarks();
      // every mark the whole query (its folded forms), never its first character alone
      for (const m of marks) expect(han(m).length).toBe(Array.from(q).length);
    }
    await shot("enter-at-once");
  });

  // The outside tester's finding K (h5): pinyin in quotes gave 0 without a word.
  it("says that pinyin in quotes is searched as written, and how to ask for the syllables", async () => {
    await typeQuery('"zhu3 ren2"');
    await expect($('[data-testid="search-note"]')).toHaveText(
      "in quotes `zhu3` is searched as written, not as pinyin; for syllables side by side write zhu3 NEAR/0 ren2",
    );
    await typeQuery("zhu3 NEAR/0 ren2");
    await waitForResults();
    await expect($('[data-testid="search-note"]')).not.toBeExisting();
    await typeQuery("");
    await browser.keys("Escape");
  });

  it("scopes the search to one source (an edition of a work), counted per source", async () => {
    await typeQuery("再拜");
    await waitForResults();
    const all = await counts();
    const facet = await $('[data-testid="facet-source-xiangshe.tongjie"]');
    await facet.waitForDisplayed();
    const n = Number((await facet.$(".facet-count").getText()).replace(/\D/g, ""));
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(all.segments);
    await browser.execute((e) => e.scrollIntoView({ block: "center" }), facet);
    await facet.click();
    const scoped = await countsChangedFrom(all);
    expect(scoped.segments).toBe(n);
    await expect(facet).toHaveAttribute("aria-pressed", "true");
    await expect($('[data-testid="scope-chip-source"]')).toHaveText(/Source\s*儀禮經傳通解·鄉射禮/);
    expect(
      await browser.execute(() =>
        Array.from(document.querySelectorAll('[data-testid="search-hit"]')).every((h) =>
          h.dataset.passageId.startsWith("xiangshe.tongjie."),
        ),
      ),
    ).toBe(true);
    await shot("source-scope");
    await $('[data-testid="scope-chip-source"]').click();
    await countsChangedFrom(scoped);
    await expect($('[data-testid="scope-chip-source"]')).not.toBeExisting();
    await typeQuery("");
    await browser.keys("Escape");
  });

  it("the concordance view counts collocations that narrow it, exports its lines, and steps from a line", async () => {
    await browser.execute(() => (location.hash = "#/concordance/" + encodeURIComponent("再拜")));
    await $('[data-testid="concordance-summary"]').waitForDisplayed();
    // (asked afresh: the view is made anew for each query)
    const segmentsOf = async () =>
      Number((await $('[data-testid="concordance-summary"]').getText()).replace(/,/g, "").match(/in (\d+) segments/)[1]);
    const before = await segmentsOf();
    await $('[data-testid="conc-collocations-toggle"]').click();
    const left = await $('[data-testid="collocations-left-chars"] [data-testid="collocate"]');
    await left.waitForDisplayed();
    // the view names its query: the collocate written as the panel lists it
    const label = await left.$(".collocate-text").getText();
    await shot("conc-collocations");
    await left.click();
    await browser.waitUntil(
      async () => decodeURIComponent(await browser.execute(() => location.hash)) === `#/concordance/"${label}再拜"`,
      { timeoutMsg: `the concordance of "${label}再拜" was not opened` },
    );
    await $('[data-testid="concordance-summary"]').waitForDisplayed();
    const narrowed = await segmentsOf();
    expect(narrowed).toBeLessThan(before);
    expect(narrowed).toBeGreaterThan(1);

    await $('[data-testid="conc-export"]').click();
    const notice = await $('[data-testid="conc-export-saved"]');
    await notice.waitForDisplayed();
    const m = (await notice.getText()).match(/^Saved (.+\.tsv) to (.+)\.$/);
    expect(m).not.toBeNull();
    const rows = fs.readFileSync(m[2], "utf8").split("\n").filter((l) => l);
    expect(rows.length - 1).toBe(narrowed);

    // a line opened: n steps on through the concordance's lines
    const lines = await $$('[data-testid="concordance-hit"]');
    const second = await lines[1].getAttribute("data-passage-id");
    await lines[0].click();
    const count = await $('[data-testid="hit-count"]');
    await count.waitForDisplayed();
    await expect(count).toHaveText(`Hit 1 of ${narrowed.toLocaleString("en")}`);
    await browser.keys("n");
    await expect(count).toHaveText(`Hit 2 of ${narrowed.toLocaleString("en")}`);
    await browser.waitUntil(async () => (await browser.execute(() => location.hash)).startsWith(`#/read/${second}?seg=`));
    await shot("conc-stepped");
    await $('[data-testid="hit-stepper-close"]').click();
    await expect($('[data-testid="hit-stepper"]')).not.toBeExisting();
    await browser.waitUntil(async () => (await browser.execute(() => document.activeElement?.id)) === `p-${second}`, {
      timeoutMsg: "the focus did not go to the passage",
    });
  });
});
