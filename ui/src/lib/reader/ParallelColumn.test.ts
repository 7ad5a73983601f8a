import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { setLocale } from "../i18n/i18n.svelte";
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
    expect(calls.filter((c) => (c as [string])[0] === "aligned")).toEqual([
      ["aligned", { passageId: "xiangshe.zhushu.0353", script: "original" }],
    ]);
    expect(edition.getAttribute("href")).toBe("#/read/xiangshe.tongjie.0004");
    expect(edition.textContent).toContain("鄉射之禮。主人戒賓。");
    expect(edition.textContent).toContain("93%");
    const translation = screen.getByTestId("aligned-translation");
    expect(translation.textContent).toContain("司射走到堂西。");
    const kinds = Array.from(document.querySelectorAll(".parallel-kind")).map((h) => h.textContent);
    expect(kinds).toEqual(["Other edition 異本", "Translation 譯文"]);
  });

  it("says when nothing is aligned, and how much of the work the other editions cover", async () => {
    const source = (id: string, edition: string, coverage: string, work = "鄉射禮") => ({
      id, work, edition, edition_note: "", script: "traditional", coverage, passages: 1, layers: {},
    });
    setTransport(async (cmd) => {
      if (cmd === "sources")
        return [
          source("xiangshe.zhushu", "儀禮註疏", "complete"),
          source("xiangshe.yiwen", "白話譯文", "second half only"),
          source("yanli.zhushu", "儀禮註疏", "final part", "燕禮"),
        ];
      return [];
    });
    render(ParallelColumn, { passage: samplePassage() });
    const empty = await screen.findByTestId("parallel-empty");
    expect(empty.textContent).toContain("xiangshe.zhushu.0001");
    // Only the other editions of the same work, each with its coverage.
    await screen.findByText(/second half only/);
    const listed = Array.from(empty.querySelectorAll("li")).map((li) => li.textContent?.replace(/\s+/g, " ").trim());
    // A built-in edition's note is the interface's own (no internal file numbers).
    expect(listed).toEqual(["白話譯文 second half only: from counting the left-side tallies (passage 211 of the 註疏) to the end of 記"]);
  });

  it("gives the editions' coverage in the interface's language (the outside tester's finding 12)", async () => {
    const source = (id: string, edition: string, coverage: string) => ({
      id, work: "鄉射禮", edition, edition_note: "", script: "traditional", coverage, passages: 1, layers: {},
    });
    setTransport(async (cmd) => {
      if (cmd === "sources") return [source("xiangshe.zhushu", "儀禮註疏", "complete"), source("xiangshe.yiwen", "白話譯文", "second half only")];
      return [];
    });
    setLocale("zh-Hant");
    try {
      render(ParallelColumn, { passage: samplePassage() });
      const note = await screen.findByText("只有後半：自數左獲（註疏本第 211 段）至記末");
      expect(note.getAttribute("lang")).toBe("zh-Hant");
      expect(screen.getByTestId("parallel-empty").textContent).not.toMatch(/second half/);
    } finally {
      setLocale("en");
    }
  });

  it("says why when the work has no other edition and no translation (燕禮)", async () => {
    setTransport(async (cmd) => {
      if (cmd === "sources")
        return [
          { id: "yanli.zhushu", work: "燕禮", edition: "儀禮註疏", edition_note: "", script: "traditional", coverage: "final part", passages: 1, layers: {} },
        ];
      return [];
    });
    render(ParallelColumn, { passage: samplePassage({ id: "yanli.zhushu.0001", source: "yanli.zhushu", work: "燕禮", title: "燕禮" }) });
    const alone = await screen.findByTestId("parallel-alone");
    expect(alone.textContent).toBe("燕禮 has no other edition and no translation among Sheli’s texts.");
  });

  it("says why a passage inside the translated stretch has no translation line, not the coverage", async () => {
    setTransport(async (cmd) => {
      if (cmd === "passage_aids")
        return [
          {
            passage_id: "xiangshe.zhushu.0250",
            citation: "《儀禮註疏·鄉射禮》，xiangshe.zhushu.0250，000_fc068ac90b3961d7.txt 第1166行",
            translation_gap: {
              kind: "unmatched",
              translation: "xiangshe.yiwen",
              first: null,
              last: null,
              before: "xiangshe.zhushu.0248",
              after: "xiangshe.zhushu.0251",
            },
            faults: [],
          },
        ];
      if (cmd === "sources")
        return [
          {
            id: "xiangshe.yiwen", work: "鄉射禮", edition: "白話譯文", edition_note: "", script: "traditional",
            coverage: "second half only", passages: 1, layers: {},
          },
        ];
      return [];
    });
    render(ParallelColumn, { passage: samplePassage({ id: "xiangshe.zhushu.0250", ordinal: 250 }) });
    const why = await screen.findByTestId("parallel-no-translation");
    expect(why.textContent).toContain("No translation line for this passage");
    expect(why.textContent?.replace(/\s+/g, " ")).toContain("(by order and length) gave this one no line of its own");
    expect(screen.getByTestId("gap-before").textContent).toBe("248");
    expect(screen.getByTestId("gap-after").getAttribute("href")).toBe("#/read/xiangshe.zhushu.0251");
    // The coverage note would say the passage is not covered: not shown.
    expect(screen.getByTestId("parallel-empty").querySelector("li")).toBeNull();
  });

  it("says that only the 經 is aligned when the passage has none", async () => {
    setTransport(async () => []);
    const heading = samplePassage({
      segments: [{ layer: "題", text: "鄉射禮第五", ji: false, line: 3, column: 1, shu_on_zhu: null, readings: [] }],
    });
    render(ParallelColumn, { passage: heading });
    expect((await screen.findByTestId("parallel-empty")).textContent).toContain("only passages of the 經 are aligned");
  });
});
