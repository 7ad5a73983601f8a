// Each related form carries the lang of its own script (tester h6, finding
// 14: 乡, the simplified form of 鄉, was marked zh-Hant like its headword).
import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { sampleEntry } from "../../test/char-fixtures";
import CharEntryView from "./CharEntryView.svelte";

afterEach(() => cleanup());

describe("a character's related forms", () => {
  it("simplified zh-Hans, variants zh-Hant, a form the search folds together zh", () => {
    const entry = sampleEntry({
      char: "鄉",
      headword: "鄉",
      forms: [
        { char: "乡", relation: "simplified" },
        { char: "郷", relation: "semantic" },
        { char: "还", relation: "fold" },
      ],
    });
    render(CharEntryView, { entry, passage: null, onform: () => {}, ongo: () => {} });
    const langs = Array.from(screen.getByTestId("char-forms").querySelectorAll("button.char-form > span")).map((s) => [
      s.textContent,
      s.getAttribute("lang"),
    ]);
    expect(langs).toEqual([
      ["乡", "zh-Hans"],
      ["郷", "zh-Hant"],
      ["还", "zh"],
    ]);
  });
});
