import { describe, expect, it } from "vitest";

import { escapeHtml, passagePayload, selectionPayload } from "./citation";

// As corpus/src/locate.rs writes it (the `cite` command).
const CITE = "《儀禮註疏·鄉射禮》鄭注，xiangshe.zhushu.0250，000_fc068ac90b3961d7.txt 第1168行";

describe("copying with a citation", () => {
  it("puts a selection and its citation on two lines, and as a quote with its <cite>", () => {
    const p = selectionPayload(" 皆已揖左還 ", CITE, "zh-Hant");
    expect(p.plain).toBe(`皆已揖左還\n${CITE}`);
    expect(p.html).toBe(`<blockquote lang="zh-Hant">皆已揖左還</blockquote><p><cite lang="zh-Hant">${CITE}</cite></p>`);
  });

  it("keeps the text in the script shown, and marks its language", () => {
    const p = selectionPayload("皆已揖左还", CITE, "zh-Hans");
    expect(p.html).toContain('<blockquote lang="zh-Hans">皆已揖左还</blockquote>');
    expect(p.plain.endsWith(CITE)).toBe(true);
  });

  it("never lets the text become markup", () => {
    const p = selectionPayload("<b>&x</b>", CITE, "zh-Hant");
    expect(p.html).toContain("&lt;b&gt;&amp;x&lt;/b&gt;");
    expect(p.html).not.toContain("<b>");
    expect(escapeHtml(`"'`)).toBe("&quot;&#39;");
  });

  it("copies a passage's chosen layers, labelled but for the 經, then the passage's citation", () => {
    const cite = "《儀禮註疏·鄉射禮》，xiangshe.zhushu.0250，000_fc068ac90b3961d7.txt 第1166行";
    const p = passagePayload(
      [
        { layer: "經", label: "經", text: "揖退。", lang: "zh-Hant" },
        { layer: "注", label: "注", text: "皆已揖左還,各由其塗反位。", lang: "zh-Hant" },
        { layer: "疏", label: "疏", text: "  ", lang: "zh-Hant" },
        { layer: "譯", label: "译", text: "作揖后退下。", lang: "zh-Hans" },
      ],
      cite,
    );
    expect(p.plain).toBe(`揖退。\n【注】皆已揖左還,各由其塗反位。\n【译】作揖后退下。\n${cite}`);
    expect(p.html).toBe(
      '<p lang="zh-Hant">揖退。</p><p lang="zh-Hant"><b>【注】</b>皆已揖左還,各由其塗反位。</p>' +
        `<p lang="zh-Hans"><b>【译】</b>作揖后退下。</p><p><cite lang="zh-Hant">${cite}</cite></p>`,
    );
  });
});
