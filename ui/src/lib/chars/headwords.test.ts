import { describe, expect, it } from "vitest";

import { HeadwordIndex } from "./headwords";
import { sampleCards } from "../../test/reading-fixtures";

function index() {
  const { cards, fold } = sampleCards();
  return new HeadwordIndex(cards, fold);
}

describe("headword matching", () => {
  it("finds a card from a selection in any script or variant", () => {
    const ix = index();
    expect(ix.lookup("觶").map((c) => c.id)).toEqual(["zhi"]);
    expect(ix.lookup("觯").map((c) => c.id)).toEqual(["zhi"]);
    expect(ix.lookup(" 矦 ").map((c) => c.id)).toEqual(["hou"]);
    expect(ix.lookup("侯。").map((c) => c.id)).toEqual(["hou"]);
    expect(ix.lookup("上射").map((c) => c.id)).toEqual(["shang-xia-she"]);
    expect(ix.lookup("司射").map((c) => c.id)).toEqual(["sishe"]);
    expect(ix.lookup("司")).toEqual([]);
    expect(ix.lookup("觶豐")).toEqual([]);
    expect(ix.lookup("。,")).toEqual([]);
    expect(ix.lookup("")).toEqual([]);
  });

  it("folds as search does: ideographs only", () => {
    const ix = index();
    expect(ix.fold("執觶, 興。")).toBe("執觯興");
    expect(ix.foldChar("。")).toBeNull();
    expect(ix.maxLength).toBe(4);
  });

  it("finds the longest term under a click", () => {
    const ix = index();
    const text = "司射適堂西,袒決遂";
    // 司 and 射 are both inside 司射.
    expect(ix.at(text, 0)).toMatchObject({ form: "司射", start: 0, end: 2 });
    expect(ix.at(text, 1)!.cards[0].id).toBe("sishe");
    expect(ix.at(text, 2)).toBeNull(); // 適
    expect(ix.at(text, 5)).toBeNull(); // a comma
    expect(ix.at(text, 99)).toBeNull();
    // Across punctuation, as search matches.
    expect(ix.at("上,射", 2)).toMatchObject({ form: "上射", start: 0, end: 3 });
    // A variant in the text.
    expect(ix.at("乃張矦", 2)).toMatchObject({ form: "侯", start: 2, end: 3 });
    expect(ix.at("奠觶", 1)!.cards[0].id).toBe("zhi");
  });
});
