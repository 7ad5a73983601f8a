import { describe, expect, it } from "vitest";

import { charLength, codePointIndex, normalizeRanges, pieces, renderPieces } from "./highlight";

describe("highlights", () => {
  it("cut a text into plain and marked pieces", () => {
    expect(pieces("升,實觶,西階上坐奠觶", [[3, 4], [10, 11]])).toEqual([
      { text: "升,實", mark: false },
      { text: "觶", mark: true },
      { text: ",西階上坐奠", mark: false },
      { text: "觶", mark: true },
    ]);
    expect(pieces("觶", [])).toEqual([{ text: "觶", mark: false }]);
    expect(pieces("", [[0, 1]])).toEqual([{ text: "", mark: false }]);
  });

  it("count code points, not UTF-16 units", () => {
    // 𠀀 is one character (two UTF-16 units).
    expect(pieces("𠀀觶𠀀", [[1, 2]])).toEqual([
      { text: "𠀀", mark: false },
      { text: "觶", mark: true },
      { text: "𠀀", mark: false },
    ]);
    expect(charLength("𠀀觶")).toBe(2);
    expect(codePointIndex("𠀀觶", 2)).toBe(1);
  });

  it("clip, sort and merge ranges", () => {
    expect(normalizeRanges([[5, 9], [0, 2], [1, 3], [8, 20], [4, 4]], 10)).toEqual([
      [0, 3],
      [5, 10],
    ]);
    expect(pieces("abc", [[-3, 1], [2, 99]])).toEqual([
      { text: "a", mark: true },
      { text: "b", mark: false },
      { text: "c", mark: true },
    ]);
  });

  it("shift ranges for a part of a longer text", () => {
    // The part starting at character 6 of its segment: a range 7–8 is its second character.
    expect(pieces("○注「主人」", [[7, 8]], 6)).toEqual([
      { text: "○", mark: false },
      { text: "注", mark: true },
      { text: "「主人」", mark: false },
    ]);
  });

  it("render as text nodes and <mark>s, never as HTML", () => {
    const el = document.createElement("p");
    renderPieces(el, pieces("<b>觶</b><img src=x onerror=alert(1)>", [[3, 4]]));
    expect(el.querySelectorAll("b, img").length).toBe(0);
    expect(el.querySelectorAll("mark.hit").length).toBe(1);
    expect(el.querySelector("mark")!.textContent).toBe("觶");
    expect(el.textContent).toBe("<b>觶</b><img src=x onerror=alert(1)>");
  });
});
