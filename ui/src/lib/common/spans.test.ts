import { afterEach, describe, expect, it } from "vitest";

import { cpLength, cpSlice, cpToUtf16, locateInSegment, markedRuns, spanOfRange, splitMarks, utf16ToCp } from "./spans";

// 𠀀 (U+20000) is one code point, two UTF-16 units.
const ASTRAL = "\u{20000}";

describe("code points and UTF-16 units", () => {
  it("counts a character outside the BMP once", () => {
    expect(cpLength("射禮")).toBe(2);
    expect(cpLength(`射${ASTRAL}禮`)).toBe(3);
    expect(`射${ASTRAL}禮`.length).toBe(4);
    expect(cpLength("")).toBe(0);
  });

  it("converts offsets both ways", () => {
    const s = `a${ASTRAL}b${ASTRAL}c`;
    // code points: a 0, 𠀀 1, b 2, 𠀀 3, c 4
    expect([0, 1, 3, 4, 6, 7].map((u) => utf16ToCp(s, u))).toEqual([0, 1, 2, 3, 4, 5]);
    expect([0, 1, 2, 3, 4, 5].map((c) => cpToUtf16(s, c))).toEqual([0, 1, 3, 4, 6, 7]);
    expect(cpToUtf16(s, 99)).toBe(s.length);
    expect(cpSlice(s, 1, 4)).toBe(`${ASTRAL}b${ASTRAL}`);
  });

  it("round-trips every position", () => {
    const s = `鄉${ASTRAL}射之${ASTRAL}${ASTRAL}禮`;
    for (let cp = 0; cp <= cpLength(s); cp++) expect(utf16ToCp(s, cpToUtf16(s, cp))).toBe(cp);
  });
});

describe("splitMarks", () => {
  it("cuts a text at mark boundaries, overlapping marks together", () => {
    const ps = splitMarks("楅猶幅也所以承", [
      { start: 0, end: 2, kind: "note", id: 1 },
      { start: 1, end: 4, kind: "note", id: 2 },
    ]);
    expect(ps.map((p) => [p.text, p.marks.map((m) => m.id)])).toEqual([
      ["楅", [1]],
      ["猶", [1, 2]],
      ["幅也", [2]],
      ["所以承", []],
    ]);
  });

  it("places marks in a part of a segment by its offset, in code points", () => {
    const part = `${ASTRAL}注「主人」`;
    const ps = splitMarks(part, [{ start: 11, end: 13, kind: "note", id: 7 }], 10);
    expect(ps.map((p) => p.text)).toEqual([ASTRAL, "注「", "主人」"]);
    expect(ps[1].marks.length).toBe(1);
    expect(splitMarks("abc", [{ start: 5, end: 9, kind: "note", id: 1 }])).toEqual([
      { text: "abc", start: 0, end: 3, marks: [] },
    ]);
  });
});

describe("locateInSegment", () => {
  it("is exact when the reader shows the segment's text", () => {
    expect(locateInSegment("主人,州長也。", "主人,州長也。", "主人,", "州長")).toEqual({ start: 3, end: 5 });
  });

  it("looks the words up when the rendering differs (音義 readings)", () => {
    expect(locateInSegment("射食亦反　肱古横反", "射食亦反肱古横反", "射食亦反", "肱古")).toEqual({ start: 5, end: 7 });
    expect(locateInSegment("abc", "xyz", "", "q")).toBeNull();
  });
});

describe("spanOfRange", () => {
  afterEach(() => (document.body.innerHTML = ""));

  function reader(html: string) {
    document.body.innerHTML = `<section data-passage="x.0001">${html}</section>`;
  }

  it("reads a selection in a 注 without its layer tag, in code points", () => {
    reader(
      `<div data-segment="1"><span class="layer-tag">注</span><span class="seg-text">${ASTRAL}主人,<mark class="note-mark">州長</mark>也。</span></div>`,
    );
    const text = `${ASTRAL}主人,州長也。`;
    const mark = document.querySelector("mark")!;
    const tail = mark.nextSibling!; // "也。"
    const r = document.createRange();
    r.setStart(mark.firstChild!, 1); // after 州
    r.setEnd(tail, 1); // after 也
    const span = spanOfRange(r, (p, s) => (p === "x.0001" && s === 1 ? text : null));
    expect(span).toEqual({ passageId: "x.0001", segment: 1, start: 5, end: 7, text: "長也" });
  });

  it("refuses a selection across segments or outside the text", () => {
    reader(`<p data-segment="0">鄉射之禮</p><p data-segment="1">主人戒賓</p><p>outside</p>`);
    const [a, b, c] = Array.from(document.querySelectorAll("p"));
    const across = document.createRange();
    across.setStart(a.firstChild!, 1);
    across.setEnd(b.firstChild!, 2);
    expect(spanOfRange(across, () => "x")).toBeNull();
    const out = document.createRange();
    out.selectNodeContents(c);
    expect(spanOfRange(out, () => "x")).toBeNull();
    const empty = document.createRange();
    empty.setStart(a.firstChild!, 1);
    expect(spanOfRange(empty, () => "鄉射之禮")).toBeNull();
  });
});

// Search hits: plain and marked runs (what highlight.ts did apart).
describe("marked runs", () => {
  it("cut a text into plain and marked runs", () => {
    expect(markedRuns("升,實觶,西階上坐奠觶", [[3, 4], [10, 11]])).toEqual([
      { text: "升,實", mark: false },
      { text: "觶", mark: true },
      { text: ",西階上坐奠", mark: false },
      { text: "觶", mark: true },
    ]);
    expect(markedRuns("觶", [])).toEqual([{ text: "觶", mark: false }]);
    expect(markedRuns("", [[0, 1]])).toEqual([{ text: "", mark: false }]);
  });

  it("count code points, not UTF-16 units", () => {
    // 𠀀 is one character (two UTF-16 units).
    expect(markedRuns("𠀀觶𠀀", [[1, 2]])).toEqual([
      { text: "𠀀", mark: false },
      { text: "觶", mark: true },
      { text: "𠀀", mark: false },
    ]);
  });

  it("clip ranges and merge overlapping or touching ones", () => {
    expect(markedRuns("abc", [[-3, 1], [2, 99]])).toEqual([
      { text: "a", mark: true },
      { text: "b", mark: false },
      { text: "c", mark: true },
    ]);
    expect(markedRuns("abcdef", [[1, 3], [2, 4], [4, 5]])).toEqual([
      { text: "a", mark: false },
      { text: "bcde", mark: true },
      { text: "f", mark: false },
    ]);
  });

  it("shift ranges for a part of a longer text", () => {
    // The part starting at character 6 of its segment: a range 7–8 is its second character.
    expect(markedRuns("○注「主人」", [[7, 8]], 6)).toEqual([
      { text: "○", mark: false },
      { text: "注", mark: true },
      { text: "「主人」", mark: false },
    ]);
  });
});
