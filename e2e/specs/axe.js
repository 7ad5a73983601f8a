// axe-core (pinned in e2e/package.json) run inside the real window: its
// source is injected through WebDriver (browser.execute), then axe.run
// checks the whole document against the WCAG 2.1 A and AA rules. A
// violation fails the test with every node it was found on.
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Injects axe-core into the page if it is not there yet. */
async function inject() {
  const there = await browser.execute(() => typeof window.axe === "object");
  if (!there) await browser.execute(`${AXE_SOURCE};return true;`);
}

/** Runs axe on the document; resolves to the violations, summarised. */
export async function violations() {
  await inject();
  const result = await browser.executeAsync((tags, done) => {
    window.axe
      .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
      .then((r) =>
        done(
          r.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
          })),
        ),
      )
      .catch((e) => done([{ id: "axe-error", impact: "critical", help: String(e), nodes: [] }]));
  }, WCAG_TAGS);
  return result;
}

/** Fails with a readable list when axe finds any violation in the window as it is. */
export async function expectNoViolations(state) {
  // Chinese text says it is Chinese (issue 17: the document is in English).
  expect({ state, untagged: await untaggedChinese() }).toEqual({ state, untagged: [] });
  const found = await violations();
  const text = found
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target}\n      ${String(n.summary).replace(/\n/g, "\n      ")}`).join("\n"),
    )
    .join("\n");
  if (found.length) console.log(`axe, ${state}:\n${text}`);
  expect(`${state}: ${found.length} violation(s)\n${text}`).toBe(`${state}: 0 violation(s)\n`);
}

/**
 * Chinese text that no element marks with a Chinese lang (the document is
 * in English): a text node with a Han character whose nearest `lang` is not
 * zh-…. A Chinese word inside an English sentence counts too: it must be an
 * element of its own (<span lang="zh-Hant">), or a screen reader speaks it
 * with the English voice. The drawings' labels (SVG text) are checked as
 * well; notes' bodies are not (data-user-text: the user's own Markdown, in
 * whatever languages they wrote it), nor what is hidden from assistive
 * technology.
 */
export async function untaggedChinese() {
  return browser.execute(() => {
    const out = [];
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      const t = n.data.trim();
      if (!t || !/\p{Script=Han}/u.test(t)) continue;
      const el = n.parentElement;
      if (!el || el.closest("[data-user-text], [aria-hidden=true], script, style, title, desc")) continue;
      const lang = el.closest("[lang]")?.getAttribute("lang") ?? "";
      if (!lang.startsWith("zh")) out.push(`${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} ‹${t.slice(0, 40)}›`);
    }
    return [...new Set(out)];
  });
}
