// The search in 繁體中文: the box, its counts, the tools, the hit stepper and
// its announcements speak the interface's language, in the word order
// Chinese uses ("3 處，共出現 5 次", "第 2 處，共 1,450 處"), while the
// texts, the query and the work titles stay as they are.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { SearchQuery } from "../bindings/SearchQuery";
import { setLocale } from "../i18n/i18n.svelte";
import { router } from "../shell/router.svelte";
import { sampleSearch } from "../../test/reading-fixtures";
import HitStepper from "./HitStepper.svelte";
import SearchBox from "./SearchBox.svelte";
import SearchHelp from "./SearchHelp.svelte";
import { hitSteps } from "./hit-steps.svelte";
import { richPieces } from "./rich";

afterEach(() => {
  cleanup();
  setTransport(null);
  hitSteps.stop();
  setLocale("en");
  location.hash = "";
});

describe("the search in 繁體中文", () => {
  it("says the box, the counts and the tools in Chinese; the hits stay as written", async () => {
    setLocale("zh-Hant");
    setTransport(async (cmd) => {
      if (cmd !== "search") throw new Error(cmd);
      return sampleSearch();
    });
    render(SearchBox);
    const input = screen.getByTestId("search-input") as HTMLInputElement;
    expect(input.placeholder).toBe("檢索");
    expect(screen.getByLabelText("檢索文本")).toBe(input);
    await fireEvent.focus(input);
    input.value = "觯";
    await fireEvent.input(input);
    await screen.findByTestId("search-results");
    const summary = screen.getByTestId("search-summary");
    expect(summary.textContent).toContain("3 處，共出現 5 次");
    expect(Array.from(summary.querySelectorAll("b")).map((b) => b.textContent)).toEqual(["3", "5"]);
    expect(screen.getByTestId("search-announce").textContent).toBe("3 處，共出現 5 次。");
    expect(screen.getByTestId("search-within-button").textContent).toBe("在結果中檢索");
    expect(screen.getByTestId("search-sort-left").textContent).toBe("前文");
    expect(screen.getByTestId("search-showing").textContent).toBe("已顯示全部 3 處");
    expect(screen.getByRole("listbox", { name: "結果" })).toBeTruthy();
    expect(screen.getAllByTestId("search-hit").map((h) => h.dataset.work)).toEqual(["鄉射禮", "燕禮", "大射儀"]);

    // Switched without a reload: the panel follows, the layer's title too.
    setLocale("zh-Hans");
    await waitFor(() => expect(screen.getByTestId("search-within-button").textContent).toBe("在结果中检索"));
    expect(screen.getByTestId("search-summary").textContent).toContain("3 处，共出现 5 次");
    const jing = screen.getAllByTestId("search-hit").find((h) => h.dataset.layer === "jing")!;
    expect(jing.querySelector<HTMLElement>(".chip")!.title).toBe("经文");
  });

  it("steps from hit to hit in Chinese, the count and the live region", async () => {
    setLocale("zh-Hant");
    const hit = (i: number) => ({ id: `xiangshe.zhushu.${String(i).padStart(4, "0")}`, source: "xiangshe.zhushu", segment: 0, ranges: [[1, 3]] as [number, number][] });
    setTransport(async (cmd, args) => {
      if (cmd !== "search_hits") throw new Error(cmd);
      const offset = args.offset as number;
      const items = Array.from({ length: Math.min(1000, 1450 - offset) }, (_, k) => hit(offset + k));
      return { items, truncated: offset + items.length < 1450, offset, total: 1450 };
    });
    router.go({ view: "reader", id: hit(0).id });
    render(HitStepper);
    hitSteps.start({ query: "主人 NEAR/3 賓", exact: false, limit: 20, offset: 0 } as SearchQuery, 0, 1450, hit(0));
    const count = await screen.findByTestId("hit-count");
    expect(count.textContent).toBe("第 1 處，共 1,450 處");
    expect(screen.getByTestId("hit-stepper").textContent).toContain("「主人 NEAR/3 賓」的命中處");
    await fireEvent.click(screen.getByRole("button", { name: "下一個命中處" }));
    await waitFor(() => expect(count.textContent).toBe("第 2 處，共 1,450 處"));
    expect(screen.getByTestId("hit-announce").textContent).toBe("第 2 處，共 1,450 處，段 xiangshe.zhushu.0001。");
    await fireEvent.click(screen.getByRole("button", { name: "上一個命中處" }));
    await waitFor(() => expect(count.textContent).toBe("第 1 處，共 1,450 處"));
    await fireEvent.click(screen.getByRole("button", { name: "上一個命中處" }));
    await waitFor(() => expect(screen.getByTestId("hit-announce").textContent).toBe("這已是第一個命中處（第 1 處，共 1,450 處）。"));
  });

  it("explains the query language in Chinese around the example queries, which stay", () => {
    setLocale("zh-Hans");
    render(SearchHelp, { onpick: () => {} });
    expect(screen.getByRole("heading").textContent?.trim()).toBe("检索文本");
    const examples = screen.getAllByTestId("search-example");
    expect(examples.map((e) => e.textContent)).toContain("主人 NEAR/3 賓");
    expect(examples[3].nextElementSibling?.textContent).toBe("两者之一（OR 不分大小写、全半角，如 ｏｒ）");
    const refine = document.querySelector(".search-help-refine")!;
    expect(refine.querySelector("b")?.textContent).toBe("在结果中检索");
    expect(refine.querySelector("kbd")?.textContent).toBe("Backspace");
  });
});

describe("rich messages", () => {
  it("cuts **bold** and `keys` out of a message, in the message's order", () => {
    expect(richPieces("**3** 處，共出現 **5** 次")).toEqual([
      { text: "3", kind: "b" },
      { text: " 處，共出現 ", kind: "text" },
      { text: "5", kind: "b" },
      { text: " 次", kind: "text" },
    ]);
    expect(richPieces("`Esc` close")).toEqual([
      { text: "Esc", kind: "kbd" },
      { text: " close", kind: "text" },
    ]);
    expect(richPieces("plain")).toEqual([{ text: "plain", kind: "text" }]);
  });
});
