// The reader's other views in the interface's language: the parallel
// column, Go-to, the passage's Copy menu, the study sheet and the 經 alone
// read in 繁體中文 or 简体中文, the texts and ids unchanged.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { AlignedView } from "../bindings/AlignedView";
import { setLocale } from "../i18n/i18n.svelte";
import GoTo from "./GoTo.svelte";
import JingView from "./JingView.svelte";
import ParallelColumn from "./ParallelColumn.svelte";
import PassageCopy from "./PassageCopy.svelte";
import StudySheet from "./StudySheet.svelte";
import { samplePassage } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, " ").trim();

describe("the reader's other views in Chinese", () => {
  it("the parallel column names its kinds and says why a passage has no line, in 繁體中文", async () => {
    const aligned: AlignedView[] = [
      {
        kind: "edition",
        score: 0.93,
        passage: samplePassage({ id: "xiangshe.tongjie.0004", source: "xiangshe.tongjie", edition: "儀禮經傳通解", ordinal: 4 }),
      },
    ];
    setTransport(async (cmd) => {
      if (cmd === "aligned") return aligned;
      if (cmd === "passage_aids")
        return [
          {
            passage_id: "xiangshe.zhushu.0250",
            citation: "",
            translation_gap: { kind: "outside", translation: "xiangshe.yiwen", first: "xiangshe.zhushu.0210", last: "xiangshe.zhushu.0408", before: null, after: null },
            faults: [],
          },
        ];
      return [];
    });
    setLocale("zh-Hant");
    render(ParallelColumn, { passage: samplePassage({ id: "xiangshe.zhushu.0250", ordinal: 250 }) });
    const item = await screen.findByTestId("aligned-edition");
    expect(screen.getByTestId("parallel").getAttribute("aria-label")).toBe("對讀欄");
    expect(text(document.querySelector(".parallel-title"))).toBe("對讀");
    // The kind is named in Chinese, without the English label's gloss.
    expect(text(document.querySelector(".parallel-kind"))).toBe("異本");
    expect(document.querySelector(".parallel-kind")?.getAttribute("title")).toBe("同一篇在另一版本中的同一段");
    expect(text(document.querySelector(".parallel-for"))).toBe("xiangshe.zhushu.0250 的對應段落");
    expect(item.textContent).toContain("93%");
    const why = await screen.findByTestId("parallel-no-translation");
    expect(text(why)).toBe("此段沒有譯文：譯文只譯出本版本第 210 至 408 段。");
  });

  it("Go-to and the Copy menu speak 繁體中文", async () => {
    setTransport(async (cmd) => {
      if (cmd === "passage_aids") return [{ citation: "《儀禮註疏·鄉射禮》" }];
      if (cmd === "aligned") return [];
      throw new Error(cmd);
    });
    setLocale("zh-Hant");
    render(GoTo);
    expect(screen.getByTestId("goto").getAttribute("aria-label")).toBe("跳至指定位置");
    expect(screen.getByLabelText("跳至")).toBe(screen.getByTestId("goto-input"));
    expect(screen.getByTestId("goto-input").getAttribute("placeholder")).toBe("段落編號、出處，或 底本:行號");
    expect(screen.getByRole("button", { name: "前往" })).toBeTruthy();

    render(PassageCopy, { passage: samplePassage(), script: "original", shown: ["經"], oncopied: () => {}, onsheet: () => {} });
    const button = screen.getByTestId("copy-citation");
    expect(button.textContent).toBe("複製…");
    await fireEvent.click(button);
    const menu = await screen.findByTestId("copy-menu");
    expect(menu.getAttribute("aria-label")).toBe("複製第 1 段");
    await waitFor(() => expect(screen.getByTestId("passage-copy").hasAttribute("disabled")).toBe(false));
    expect(screen.getByTestId("passage-copy").textContent).toBe("連同出處複製");
    expect(screen.getByTestId("open-sheet").textContent).toBe("講義…");
  });

  it("the study sheet is in 简体中文, its document too, the English gloss of a fault marked as English", async () => {
    const p = samplePassage({ id: "xiangshe.zhushu.0250", ordinal: 250, total: 408 });
    setTransport(async (cmd) => {
      switch (cmd) {
        case "passages":
          return [p];
        case "passage_aids":
          return [
            {
              passage_id: p.id,
              citation: "《仪礼注疏·乡射礼》",
              translation_gap: { kind: "unmatched", translation: "xiangshe.yiwen", first: null, last: null, before: null, after: null },
              faults: [{ segment: 0, start: 0, end: 1, kind: "typo", text: "鄉", reading: "卿", note: "a slip of the carver", line: 5 }],
            },
          ];
        case "passage_notes":
        case "aligned":
          return [];
        default:
          throw new Error(cmd);
      }
    });
    setLocale("zh-Hans");
    render(StudySheet, { from: p, script: "original", shown: ["經"], onclose: () => {} });
    const sheet = await screen.findByTestId("sheet");
    expect(sheet.getAttribute("lang")).toBe("zh-Hans");
    expect(text(document.getElementById("sheet-title"))).toBe("讲义");
    expect(text(sheet.querySelector(".sheet-sub"))).toBe("第 250 段，共 408 段（xiangshe.zhushu.0250）");
    expect(text(sheet.querySelector(".sheet-passage h2"))).toBe("第 250 段");
    await waitFor(() => expect(screen.getByTestId("sheet-gap")).toBeTruthy());
    expect(text(screen.getByTestId("sheet-gap"))).toContain("此段没有自己的译文");
    const fault = sheet.querySelector(".sheet-fault")!;
    expect(text(fault)).toBe("底本讹误（错字）：鄉；他本作 卿：a slip of the carver");
    expect(fault.querySelector('[lang="en"]')?.textContent).toBe("a slip of the carver");
    // The range's inputs sit where the language puts them.
    expect(text(screen.getByTestId("sheet-from").closest("label"))).toBe("自第 段");
    expect(screen.getByTestId("sheet-print").textContent).toBe("打印…");
  });

  it("the 經 alone names the 經 in the interface's script", async () => {
    setTransport(async (cmd) => {
      if (cmd === "passages") return [samplePassage({ ordinal: 1, total: 1 })];
      if (cmd === "contents") return [];
      throw new Error(cmd);
    });
    setLocale("zh-Hans");
    render(JingView, { source: "xiangshe.zhushu" });
    await screen.findByTestId("jing-run");
    const about = document.querySelector(".jing-about")!;
    expect(text(about)).toBe("只读经：全部 1 段连成一篇。选一段（点击，或用 Tab 移到该段再按 Enter），即连同注疏阅读。");
    expect(about.querySelector('[lang="zh-Hans"]')?.textContent).toBe("经");
  });
});
