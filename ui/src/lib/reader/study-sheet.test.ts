import { describe, expect, it } from "vitest";

import { HeadwordIndex } from "../chars/headwords";
import { SHEET_MAX, cardsUsed, sheetDocument, sheetRange, typedOrdinal } from "./study-sheet";
import { sampleCards } from "../../test/reading-fixtures";

describe("the study sheet", () => {
  it("loads the range asked for, in either order, inside the edition and at most SHEET_MAX long", () => {
    expect(sheetRange(241, 260, 408)).toEqual({ start: 241, count: 20 });
    expect(sheetRange(260, 241, 408)).toEqual({ start: 241, count: 20 });
    expect(sheetRange(400, 420, 408)).toEqual({ start: 400, count: 9 });
    expect(sheetRange(0, 1, 408)).toEqual({ start: 1, count: 1 });
    expect(sheetRange(1, 408, 408)).toEqual({ start: 1, count: SHEET_MAX });
    expect(sheetRange(Number.NaN, 3, 408)).toEqual({ start: 1, count: 3 });
  });

  it("reads a passage number typed in full-width digits (an IME's １０), and none from no digit", () => {
    expect(typedOrdinal("１０")).toBe(10);
    expect(typedOrdinal(" 49 ")).toBe(49);
    expect(typedOrdinal("")).toBeNaN();
  });

  it("lists each glossary card the passages use once, in the order met", () => {
    const { cards, fold } = sampleCards();
    const ix = new HeadwordIndex(cards, fold);
    const used = cardsUsed(ix, ["主人坐取觶", "觶", "no terms"]);
    const ids = used.map((c) => c.id);
    expect(ids).toContain("zhi");
    expect(new Set(ids).size).toBe(ids.length);
    expect(cardsUsed(ix, ["", "abc"])).toEqual([]);
  });

  it("is one self-contained document: its styles inline, no script, the title escaped", () => {
    const doc = sheetDocument("鄉射禮 <241–260>", '<article class="study-sheet"></article>', "p{color:red}</style><script>", "en");
    expect(doc.startsWith("<!DOCTYPE html>\n<html lang=\"en\">")).toBe(true);
    expect(doc).toContain("<title>鄉射禮 &lt;241–260&gt;</title>");
    expect(doc).toContain('<meta charset="utf-8">');
    expect(doc).toContain("<style>p{color:red}<\\/style><script></style>");
    expect(doc.match(/<\/style>/g)?.length).toBe(1);
    expect(doc).toContain('<article class="study-sheet"></article>');
  });

  it("is in the interface's language", () => {
    const doc = sheetDocument("鄉射禮", "", "", "zh-Hant");
    expect(doc).toContain('<html lang="zh-Hant">');
  });
});
