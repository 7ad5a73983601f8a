import { describe, expect, it } from "vitest";

import { parsePassageId } from "../common/ids";
import { isRouteHash, parseHash, routeHash } from "../shell/router.svelte";
import { chooseEdition, headingBefore, mergePassages, splitShu, windowAround } from "./view";
import { sampleLibrary, samplePassage } from "../../test/fixtures";

describe("view helpers", () => {
  it("parses passage ids", () => {
    expect(parsePassageId("xiangshe.zhushu.0012")).toEqual({ source: "xiangshe.zhushu", ordinal: 12 });
    expect(parsePassageId("xiangshe.zhushu")).toBeNull();
    expect(parsePassageId("x.0000")).toBeNull();
    expect(parsePassageId("../x.0001")).toBeNull();
  });

  it("routes through the hash", () => {
    expect(parseHash("#/read/xiangshe.zhushu.0001")).toEqual({ view: "reader", id: "xiangshe.zhushu.0001" });
    expect(parseHash("#/read/<script>")).toEqual({ view: "library", unknown: "#/read/<script>" });
    expect(parseHash("")).toEqual({ view: "library" });
    expect(routeHash({ view: "reader", id: "a.0001" })).toBe("#/read/a.0001");
  });

  it("reads only #/… as a view: the skip link's #main is a place in the page", () => {
    expect(isRouteHash("#/read/xiangshe.zhushu.0001")).toBe(true);
    expect(isRouteHash("")).toBe(true);
    expect(isRouteHash("#main")).toBe(false);
  });

  it("routes a concordance of any query, escaped in the hash", () => {
    const hash = routeHash({ view: "concordance", query: "觶 -酬" });
    expect(hash).toBe("#/concordance/%E8%A7%B6%20-%E9%85%AC");
    expect(parseHash(hash)).toEqual({ view: "concordance", query: "觶 -酬" });
    expect(parseHash("#/concordance/觶")).toEqual({ view: "concordance", query: "觶" });
    expect(parseHash("#/concordance/%E0%A4%A")).toEqual({ view: "library", unknown: "#/concordance/%E0%A4%A" });
    expect(parseHash("#/concordance/%20")).toEqual({ view: "library", unknown: "#/concordance/%20" });
  });

  it("chooses the first edition with passages, or keeps the previous choice", () => {
    const lib = sampleLibrary();
    expect(chooseEdition(lib, null)).toBe("xiangshe.zhushu");
    expect(chooseEdition(lib, "yanli.zhushu")).toBe("yanli.zhushu");
    expect(chooseEdition(lib, "gone.source")).toBe("xiangshe.zhushu");
    expect(chooseEdition({ works: [], left_out: [] }, null)).toBeNull();
  });

  it("puts headings where a section or the 記 begins", () => {
    const a = samplePassage({ id: "a.0001", section: "張侯" });
    const b = samplePassage({ id: "a.0002", section: "張侯" });
    const c = samplePassage({ id: "a.0003", section: "速賓" });
    const d = samplePassage({ id: "a.0004", section: "速賓", ji: true });
    const list = [a, b, c, d];
    expect(list.map((_, i) => headingBefore(list, i))).toEqual([
      { section: "張侯", ji: false },
      null,
      { section: "速賓", ji: false },
      { section: null, ji: true },
    ]);
  });

  it("loads a window around a passage", () => {
    expect(windowAround(1, 408)).toEqual({ start: 1, count: 40 });
    expect(windowAround(100, 408)).toEqual({ start: 95, count: 40 });
    expect(windowAround(406, 408)).toEqual({ start: 401, count: 8 });
  });

  it("splits a 疏 where it turns to the 注", () => {
    expect(splitShu("釋曰:自此。○注「主人」", 6)).toEqual(["釋曰:自此。", "○注「主人」"]);
    expect(splitShu("釋曰", null)).toEqual(["釋曰", ""]);
  });

  it("merges passages that came back over one another, in order, each once, the shown ones kept", () => {
    const at = (n: number) => samplePassage({ id: `xiangshe.zhushu.${String(n).padStart(4, "0")}`, ordinal: n, total: 100 });
    const shown = [at(3), at(4), at(5)];
    const merged = mergePassages(shown, [at(1), at(2), at(3), at(4), at(6)]);
    expect(merged.map((p) => p.ordinal)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(merged[2]).toBe(shown[0]);
  });
});
