import { describe, expect, it } from "vitest";

import { codePointAt, isHan, nextHan } from "./han";

describe("han", () => {
  it("knows ideographs from punctuation, Latin and private use", () => {
    expect(isHan("觶")).toBe(true);
    expect(isHan("𠀀")).toBe(true);
    expect(isHan("。")).toBe(false);
    expect(isHan("a")).toBe(false);
    expect(isHan("\ue000")).toBe(false);
    expect(isHan("")).toBe(false);
  });

  it("reads whole code points", () => {
    expect(codePointAt("a𠀀b", 1)).toBe("𠀀");
    expect(codePointAt("ab", 5)).toBe("");
  });

  it("finds the next and previous ideograph, skipping punctuation and surrogate pairs", () => {
    const t = "射,𠀀。觶";
    expect(nextHan(t, 0, 1)).toBe(2); // 𠀀
    expect(nextHan(t, 2, 1)).toBe(5); // 觶 (after the pair and 。)
    expect(nextHan(t, 5, 1)).toBeNull();
    expect(nextHan(t, 5, -1)).toBe(2);
    expect(nextHan(t, 2, -1)).toBe(0);
    expect(nextHan(t, 0, -1)).toBeNull();
    expect(nextHan(",。觶", 0, 1, true)).toBe(2);
    expect(nextHan("觶", 0, 1, true)).toBe(0);
  });
});
