// The hash → view mapping: a broken link is said, not silently turned into
// the library (the outside tester's finding 17), and a passage with a
// highlight that cannot be read still opens.
import { describe, expect, it } from "vitest";
import { parseHash } from "./router.svelte";

describe("parseHash", () => {
  it("opens the library for no hash or its own, without a word", () => {
    for (const h of ["", "#", "#/", "#/library"]) expect(parseHash(h)).toEqual({ view: "library" });
  });

  it("names what it could not read", () => {
    expect(parseHash("#/read/../../etc/passwd")).toEqual({ view: "library", unknown: "#/read/../../etc/passwd" });
    expect(parseHash("#/nothing")).toEqual({ view: "library", unknown: "#/nothing" });
  });

  it("shortens a very long address it names", () => {
    const r = parseHash(`#/read/${"a".repeat(5000)}`);
    expect(r.view === "library" && r.unknown?.length).toBe(81);
  });

  it("opens a passage whose highlight cannot be read, unmarked", () => {
    expect(parseHash("#/read/xiangshe.zhushu.0010?seg=-1&hl=abc")).toEqual({ view: "reader", id: "xiangshe.zhushu.0010" });
    expect(parseHash("#/read/xiangshe.zhushu.0010?seg=2&hl=3-5")).toEqual({
      view: "reader",
      id: "xiangshe.zhushu.0010",
      hit: { segment: 2, ranges: [[3, 5]] },
    });
  });
});
