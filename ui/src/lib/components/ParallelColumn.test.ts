import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { AlignedView } from "../bindings/AlignedView";
import ParallelColumn from "./ParallelColumn.svelte";
import { samplePassage } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

describe("ParallelColumn", () => {
  it("lists the aligned passages by kind, each linking to the reader", async () => {
    const calls: unknown[] = [];
    const aligned: AlignedView[] = [
      {
        kind: "edition",
        score: 0.93,
        passage: samplePassage({ id: "xiangshe.tongjie.0004", source: "xiangshe.tongjie", edition: "儀禮經傳通解", ordinal: 4 }),
      },
      {
        kind: "translation",
        score: 1,
        passage: samplePassage({
          id: "xiangshe.yiwen.0237",
          source: "xiangshe.yiwen",
          edition: "白話譯文",
          segments: [{ layer: "譯", text: "司射走到堂西。", ji: false, line: 242, column: 1, shu_on_zhu: null, readings: [] }],
        }),
      },
    ];
    setTransport(async (cmd, args) => {
      calls.push([cmd, args]);
      if (cmd === "aligned") return aligned;
      throw new Error(cmd);
    });
    render(ParallelColumn, { passage: samplePassage({ id: "xiangshe.zhushu.0353" }) });
    const edition = await screen.findByTestId("aligned-edition");
    expect(calls).toEqual([["aligned", { passageId: "xiangshe.zhushu.0353", script: "original" }]]);
    expect(edition.getAttribute("href")).toBe("#/read/xiangshe.tongjie.0004");
    expect(edition.textContent).toContain("鄉射之禮。主人戒賓。");
    expect(edition.textContent).toContain("93%");
    const translation = screen.getByTestId("aligned-translation");
    expect(translation.textContent).toContain("司射走到堂西。");
    const kinds = Array.from(document.querySelectorAll(".parallel-kind")).map((h) => h.textContent);
    expect(kinds).toEqual(["Other edition 異本", "Translation 譯文"]);
  });

  it("says when nothing is aligned", async () => {
    setTransport(async () => []);
    render(ParallelColumn, { passage: samplePassage() });
    expect((await screen.findByTestId("parallel-empty")).textContent).toContain("xiangshe.zhushu.0001");
  });
});
