// A character's entry in the interface's language: the labels, counts and
// links in 繁體中文 or 简体中文, the data as it is (the 廣韻's own terms, the
// 釋文 quotations), Unihan's English definition marked as English.
import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setLocale } from "../i18n/i18n.svelte";
import { sampleEntry } from "../../test/char-fixtures";
import CharEntryView from "./CharEntryView.svelte";

afterEach(() => {
  cleanup();
  setLocale("en");
});

function show(passage: string | null = "xiangshe.zhushu.0002") {
  render(CharEntryView, { entry: sampleEntry(), passage, onform: () => {}, ongo: () => {} });
}

describe("CharEntryView", () => {
  it("says a folded variant's 見上注 and how each source writes the word (矦 and 侯)", () => {
    const entry = sampleEntry({
      char: "侯",
      headword: "侯",
      forms: [{ char: "矦", relation: "fold" }],
      written: [
        { char: "矦", source: "xiangshe.zhushu", label: "鄉射禮 · 儀禮註疏", lang: "zh-Hant", count: 292 },
        { char: "侯", source: "xiangshe.tongjie", label: "鄉射禮 · 儀禮經傳通解", lang: "zh-Hans", count: 120 },
      ],
      fanqie: [
        {
          fanqie: "戶鉤", rhyme: "侯", tone: "平", position: "匣一侯平", gloss: "見上注", xiaoyun: 1017, source: "廣韻 小韻 1017",
          points_above: true, see_above: { char: "侯", gloss: "候也何也" },
        },
      ],
    });
    render(CharEntryView, { entry, passage: null, onform: () => {}, ongo: () => {} });
    expect(screen.getByTestId("char-forms").textContent!.replace(/\s+/g, " ")).toContain("矦 searched as one: a variant");
    const written = screen.getByTestId("char-written");
    expect(written.textContent!.replace(/\s+/g, " ")).toMatch(/矦 · 鄉射禮 · 儀禮註疏 292.*侯 · 鄉射禮 · 儀禮經傳通解 120/);
    expect(Array.from(written.querySelectorAll("[lang]")).map((e) => e.getAttribute("lang"))).toContain("zh-Hans");
    expect(screen.getByTestId("char-see-above").textContent).toBe("see above (侯): 候也何也");
    // The character quoted in the interface's sentence carries its lang too.
    expect(Array.from(screen.getByTestId("char-see-above").querySelectorAll("[lang]"), (e) => [e.textContent, e.getAttribute("lang")])).toEqual([
      ["侯", "zh-Hant"],
      ["候也何也", "zh-Hant"],
    ]);
  });

  it("speaks English by default", () => {
    show();
    expect(screen.getByTestId("char-counts").textContent!.replace(/\s+/g, " ")).toContain("273 occurrences in 180 segments:");
    expect(screen.getByTestId("char-forms").textContent!.replace(/\s+/g, " ")).toContain("觯 simplified form");
    expect(screen.getByTestId("char-forms").textContent).toContain("Radical 148 角 + 12 · 19 strokes");
    expect(screen.getByTestId("char-shiwen").textContent).toContain("this passage");
  });

  it("speaks 繁體中文: labels and counts translated, data as it is, English marked", () => {
    setLocale("zh-Hant");
    show();
    const fanqie = screen.getAllByTestId("char-fanqie-item")[0];
    expect(fanqie.textContent).toContain("章移切");
    expect(fanqie.querySelector('[title="韻與聲調"]')?.textContent).toBe("支韻 平");
    expect(fanqie.querySelector(".char-pos")?.getAttribute("title")).toMatch(/^音韻地位/);
    expect(screen.getByTestId("char-shiwen").textContent).toContain("本段");
    expect(screen.getByTestId("char-shiwen").querySelector("a")?.textContent).toBe("0010 · 第 120 行");
    expect(screen.getByTestId("char-counts").textContent!.replace(/\s+/g, " ")).toContain("273 次，見於 180 個文段：");
    const forms = screen.getByTestId("char-forms");
    expect(forms.querySelector("button")?.textContent!.replace(/\s+/g, " ").trim()).toBe("觯 簡體字");
    expect(forms.querySelector("button")?.getAttribute("title")).toBe("開啟「觯」");
    expect(forms.textContent).toContain("部首 148 角，部外 12 畫 · 共 19 畫");
    const def = screen.getByTestId("char-definition");
    expect(def.querySelector('[lang="en"]')?.textContent).toBe("wine goblet made from horn");
  });

  it("speaks 简体中文 in the mainland's words", () => {
    setLocale("zh-Hans");
    show();
    expect(screen.getByTestId("char-forms").querySelector("button")?.textContent!.replace(/\s+/g, " ").trim()).toBe("觯 简体字");
    expect(screen.getByTestId("char-counts").textContent!.replace(/\s+/g, " ")).toContain("273 次，见于 180 个文段：");
  });
});
