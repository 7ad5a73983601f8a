// The plan (儀節圖) and a character's entry in 繁體中文 (issue 12, point 5),
// in the real window, the language chosen in the top bar (and English chosen
// again afterwards, for the specs that follow): the plan's controls, where it
// is, who stands where and why, the announcement of a step, and the
// character's entry speak Chinese; the figures' English glosses and
// Unihan's definitions are data, marked lang="en"; no other English is left
// in what a reader sees or hears there, and axe finds nothing. Screenshots
// are named lp-….
import { expectNoViolations } from "./axe.js";
import { shot as baseShot } from "./helpers.js";

const shot = (name) => baseShot(`lp-${name}`);

const PASSAGE = "xiangshe.zhushu.0019";

// Names a Chinese interface writes as they are.
const SAME_IN_EVERY_LANGUAGE = ["Sheli", "Unihan", "Enter", "Esc", "kDefinition"];

async function go(hash) {
  await browser.execute((h) => (location.hash = h), hash);
}

/**
 * Words of Latin letters a reader sees or hears inside `root`, outside data
 * marked English, passage ids and code: visible text, and the names
 * (aria-label, title) of elements.
 */
async function englishLeft(root) {
  return browser.execute(
    (root, allowed) => {
      const ok = new Set(allowed);
      const ids = /\b[a-z]+\.[a-z]+\.\d{4}\b/g;
      const words = (s) => (s.replace(ids, " ").match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []).filter((w) => !ok.has(w));
      const english = (el) => el?.closest("[lang]")?.getAttribute("lang")?.startsWith("en") ?? false;
      const hidden = (el) => !el || el.closest("[hidden], [aria-hidden='true'], script, style, code, kbd");
      const out = [];
      for (const top of document.querySelectorAll(root)) {
        const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement;
          if (hidden(el) || english(el)) continue;
          for (const w of words(n.data)) out.push(`${w} (in <${el.tagName.toLowerCase()}> "${n.data.trim().slice(0, 40)}")`);
        }
        for (const el of [top, ...top.querySelectorAll("[aria-label], [title]")]) {
          if (hidden(el) || english(el)) continue;
          for (const a of ["aria-label", "title"]) {
            const v = el.getAttribute(a);
            if (v) for (const w of words(v)) out.push(`${w} (in ${a}="${v.slice(0, 40)}")`);
          }
        }
      }
      return [...new Set(out)].slice(0, 40);
    },
    root,
    SAME_IN_EVERY_LANGUAGE,
  );
}

async function expectChineseOnly(what, root) {
  expect({ view: what, english: await englishLeft(root) }).toEqual({ view: what, english: [] });
}

describe("The plan and a character's entry in 繁體中文", () => {
  async function choose(locale) {
    await $('[data-testid="ui-locale"]').selectByAttribute("value", locale);
    await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.lang)) === locale, {
      timeoutMsg: `the interface did not switch to ${locale}`,
    });
  }

  before(async () => {
    await $('[data-testid="ui-locale"]').waitForExist();
    await choose("zh-Hant");
  });

  after(async () => {
    const toggle = await $('[data-testid="toggle-plan"]');
    if ((await toggle.isExisting()) && (await toggle.getAttribute("aria-pressed")) === "true") await toggle.click();
    await choose("en");
  });

  it("shows the plan in Chinese: where, the controls, who stands where, a figure's card", async () => {
    await go(`#/read/${PASSAGE}`);
    await $(`[data-passage="${PASSAGE}"]`).waitForDisplayed();
    const toggle = await $('[data-testid="toggle-plan"]');
    if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
    await browser.waitUntil(async () => (await $('[data-testid="plan"]').getAttribute("data-passage")) === PASSAGE, {
      timeoutMsg: "the plan never showed passage 19",
    });
    await $(".plan-figure").waitForExist();
    await expect($("#plan-title")).toHaveText("儀節圖");
    await expect($('[data-testid="plan-where"]')).toHaveText(expect.stringContaining("第 19 節，共 408 節"));
    await expect($('[data-testid="plan-next"]')).toHaveText("下一節");
    await expect($('[data-testid="plan-scale"]')).toHaveText(expect.stringContaining("單位為丈"));
    expect(await $('[data-testid="plan-list"]').getText()).toContain("眾賓 — 門左 — 東面 移至此處");
    // The figure that moves: its card, opened with Enter.
    await browser.execute(() => document.querySelector(".plan-figure.moved").focus());
    await browser.keys("Enter");
    await browser.waitUntil(async () => (await $('[data-testid="plan-card"]').getAttribute("role")) === "dialog");
    await expect($('[data-testid="plan-card-itinerary"]')).toHaveText("行跡");
    await expect($('[data-testid="plan-card-gloss"]')).toHaveAttribute("lang", "en");
    await browser.pause(300);
    await shot("plan-card");
    await expectChineseOnly("the plan, a figure's card open", '[data-testid="plan"]');
    await expectNoViolations("the plan in 繁體中文");
    await browser.keys("Escape");
  });

  it("announces a step in Chinese", async () => {
    await $('[data-testid="plan-next"]').click();
    await browser.waitUntil(
      async () =>
        (await browser.execute(() => document.querySelector('[data-testid="plan-announce"]')?.textContent ?? "")).startsWith(
          "第 20 節，共 408 節：",
        ),
      { timeoutMsg: "no Chinese announcement of step 20" },
    );
    await expectChineseOnly("the plan at step 20", '[data-testid="plan"]');
  });

  it("shows a character's entry in Chinese, Unihan's definition marked English", async () => {
    // Passage 0020 comes with the window around 0019, after 0019's first paint.
    await $('[data-passage="xiangshe.zhushu.0020"] [data-layer="zhu"]').waitForExist({
      timeoutMsg: "passage 0020 (in the window around 0019) never came",
    });
    const ok = await browser.execute((passage) => {
      const seg = document.querySelector(`[data-passage="${passage}"] [data-layer="zhu"]`);
      if (!seg) return false;
      const walker = document.createTreeWalker(seg, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.parentElement.closest(".layer-tag") || !/[\u4e00-\u9fff]/.test(n.data)) continue;
        n.parentElement.scrollIntoView({ block: "center" });
        seg.closest("[data-passage]").focus({ preventScroll: true });
        const r = document.createRange();
        r.setStart(n, n.data.search(/[\u4e00-\u9fff]/));
        r.collapse(true);
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(r);
        return true;
      }
      return false;
    }, "xiangshe.zhushu.0020");
    expect(ok).toBe(true);
    await browser.keys("Enter");
    const pop = await $('[data-testid="char-popover"]');
    await pop.waitForDisplayed();
    await pop.$('[data-testid="char-counts"]').waitForDisplayed();
    await expect(pop.$('[data-testid="char-search"]')).toHaveText("檢索");
    await expect(pop.$('[data-testid="char-add"]')).toHaveText("加入詞表");
    expect(await pop.$('[data-testid="char-counts"]').getText()).toMatch(/次，見於 [\d,]+ 個文段/);
    const def = await pop.$('[data-testid="char-definition"] [lang="en"]');
    if (await def.isExisting()) expect((await def.getText()).length).toBeGreaterThan(0);
    await shot("char-popover");
    await expectChineseOnly("a character's entry", '[data-testid="char-popover"]');
    await expectNoViolations("a character's entry in 繁體中文");
    await browser.keys("Escape");
  });
});
