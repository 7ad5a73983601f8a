import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { DisplayScript } from "../bindings/DisplayScript";
import type { PassageView } from "../bindings/PassageView";
import Reader from "../reader/Reader.svelte";
import Toolbar from "../shell/Toolbar.svelte";
import { editionScripts, passageLang, sourceLang, textLang, userTextLang, zhRuns } from "./lang.svelte";
import Mixed from "./Mixed.svelte";
import { settings } from "../shell/settings.svelte";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  editionScripts.set({});
});

describe("the language of Chinese text", () => {
  it("a text is in its edition's script, or in the one it was converted to", () => {
    expect(textLang("original", "traditional")).toBe("zh-Hant");
    expect(textLang("original", "simplified")).toBe("zh-Hans");
    expect(textLang("traditional", "simplified")).toBe("zh-Hant");
    expect(textLang("simplified", "traditional")).toBe("zh-Hans");
    expect(textLang("original")).toBe("zh-Hant");
  });

  it("knows each source's script from the backend's list; unknown sources count as traditional", async () => {
    setTransport(async (cmd) => {
      if (cmd !== "sources") throw new Error(cmd);
      return [
        { id: "xiangshe.zhushu", script: "traditional" },
        { id: "xiangshe.tongjie", script: "simplified" },
      ];
    });
    await editionScripts.load(true);
    expect(sourceLang("original", "xiangshe.tongjie")).toBe("zh-Hans");
    expect(passageLang("original", "xiangshe.tongjie.0008")).toBe("zh-Hans");
    expect(passageLang("original", "xiangshe.zhushu.0008")).toBe("zh-Hant");
    expect(passageLang("traditional", "xiangshe.tongjie.0008")).toBe("zh-Hant");
    expect(sourceLang("original", "user.mine")).toBe("zh-Hant");
  });

  // The reader in each script mode: every element showing the text carries the right lang.
  const cases: [DisplayScript, string, string][] = [
    ["original", "xiangshe.zhushu", "zh-Hant"],
    ["original", "xiangshe.tongjie", "zh-Hans"],
    ["traditional", "xiangshe.tongjie", "zh-Hant"],
    ["simplified", "xiangshe.zhushu", "zh-Hans"],
  ];
  for (const [script, source, expected] of cases) {
    it(`reader, ${source} shown ${script}: the text's lang is ${expected}`, async () => {
      editionScripts.set({ "xiangshe.zhushu": "traditional", "xiangshe.tongjie": "simplified" });
      settings.value = { ...SAMPLE_SETTINGS, script };
      const list: PassageView[] = [1, 2].map((n) =>
        samplePassage({ id: `${source}.000${n}`, source, ordinal: n, total: 2, script }),
      );
      setTransport(async (cmd) => {
        if (cmd === "passages") return list;
        if (cmd === "passage_notes") return [];
        throw new Error(cmd);
      });
      render(Reader, { id: `${source}.0001` });
      await screen.findByTestId("reader-title");
      const texts = document.querySelectorAll<HTMLElement>("[data-passage] [data-layer]");
      expect(texts.length).toBeGreaterThan(2);
      for (const t of texts) expect(t.lang).toBe(expected);
      // Sheli's own labels: traditional unless converted to simplified.
      const label = script === "simplified" ? "zh-Hans" : "zh-Hant";
      expect(screen.getByTestId("reader-title").lang).toBe(label);
      // (A layer's toggle: its label, not the button, whose title is in the interface's language.)
      expect((screen.getByTestId("toggle-zhu").firstElementChild as HTMLElement).lang).toBe(label);
    });
  }

  it("a name the user gave is Chinese when it is Han characters without Latin letters", () => {
    expect(userTextLang("射器")).toBe("zh");
    expect(userTextLang("射器 (2)")).toBe("zh");
    expect(userTextLang("My 射器")).toBeUndefined();
    expect(userTextLang("keyboard list")).toBeUndefined();
  });

  it("the script buttons' own labels carry their lang", () => {
    render(Toolbar);
    expect(screen.getByTestId("script-original").lang).toBe("zh-Hant");
    expect(screen.getByTestId("script-traditional").lang).toBe("zh-Hant");
    expect(screen.getByTestId("script-simplified").lang).toBe("zh-Hans");
  });
});

describe("Chinese words inside English text", () => {
  const zh = (text: string) => zhRuns(text).filter((r) => r.zh).map((r) => r.text);

  it("finds each Chinese run, quotes and CJK punctuation inside it, English around it", () => {
    expect(zh("The arrow rest of the 記 (line 1706: 楅,長如笴,博三寸) with 鄭玄's 注 (「兩端為龍首。」)")).toEqual([
      "記",
      "楅,長如笴,博三寸",
      "鄭玄",
      "注",
      "「兩端為龍首。」",
    ]);
    expect(zh("the 經, the 注 and the 疏")).toEqual(["經", "注", "疏"]);
    expect(zh("layers 經 注 疏")).toEqual(["經 注 疏"]);
    expect(zh("no Chinese here")).toEqual([]);
    // Nothing is lost or reordered.
    const text = "Drawn from the 記 and 鄭玄's 注 (one unit is one 尺).";
    expect(zhRuns(text).map((r) => r.text).join("")).toBe(text);
  });

  it("Mixed gives every Chinese run its own lang; the English stays the interface's", () => {
    const { container } = render(Mixed, { text: "the 司射 (director of archery) and 簡 in simplified", lang: "zh-Hans" });
    expect(container.textContent).toBe("the 司射 (director of archery) and 簡 in simplified");
    expect(Array.from(container.querySelectorAll("[lang]")).map((e) => [e.textContent, e.getAttribute("lang")])).toEqual([
      ["司射", "zh-Hans"],
      ["簡", "zh-Hans"],
    ]);
    // No text node with a Han character is left outside a span with a lang.
    const w = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (/\p{Script=Han}/u.test((n as Text).data)) expect(n.parentElement!.closest("[lang]")).not.toBeNull();
    }
  });
});
