import { describe, expect, it } from "vitest";

import { HeadwordIndex } from "../chars/headwords";
import { groupCards, matchesCard, plainPinyin, termsIn } from "./terms";
import { sampleCards } from "../../test/reading-fixtures";

const { cards, fold } = sampleCards();
const ix = new HeadwordIndex(cards, fold);
const card = (id: string) => cards.find((c) => c.id === id)!;

describe("the glossary filter", () => {
  it("reads pinyin with or without tones", () => {
    expect(plainPinyin("zhì")).toBe("zhi");
    expect(plainPinyin("zhi4")).toBe("zhi");
    expect(plainPinyin("Lǜ")).toBe("lu");
  });

  it("matches headwords in any script, pinyin and English", () => {
    expect(matchesCard(card("zhi"), "觯", ix)).toBe(true);
    expect(matchesCard(card("zhi"), "觶", ix)).toBe(true);
    expect(matchesCard(card("hou"), "矦", ix)).toBe(true);
    expect(matchesCard(card("zhi"), "zhi", ix)).toBe(true);
    expect(matchesCard(card("zhi"), "zhì", ix)).toBe(true);
    expect(matchesCard(card("bi"), "arrow rest", ix)).toBe(true);
    expect(matchesCard(card("bi"), "觶", ix)).toBe(false);
    expect(matchesCard(card("bi"), "", ix)).toBe(true);
  });

  it("groups by kind, in the given order, and filters by kind", () => {
    const kinds = ["vessel", "gear", "target", "scoring", "field", "official", "role", "action"] as const;
    const all = groupCards(cards, kinds, "", null, ix);
    expect(all.map((g) => g.kind)).toEqual(["vessel", "gear", "target", "official", "role"]);
    expect(groupCards(cards, kinds, "", "gear", ix).map((g) => g.cards.map((c) => c.id))).toEqual([["bi"]]);
    expect(groupCards(cards, kinds, "射", null, ix).flatMap((g) => g.cards.map((c) => c.id))).toEqual([
      "sishe",
      "shang-xia-she",
    ]);
  });
});

describe("the terms of a text (the reader's term links)", () => {
  const found = (text: string) =>
    termsIn(ix, text).map((t) => [Array.from(text).slice(t.start, t.end).join(""), t.cards.map((c) => c.id).join(" ")]);

  it("finds each term once, the longest form first, in any script and variant", () => {
    expect(found("司射適堂西，取弓于階西。觯在楅南，矦道")).toEqual([
      ["司射", "sishe"],
      ["觯", "zhi"],
      ["楅", "bi"],
      ["矦", "hou"],
    ]);
    // 上射下射 is a form, but not across the comma: each half is its own term.
    expect(found("上射，下射")).toEqual([
      ["上射", "shang-xia-she"],
      ["下射", "shang-xia-she"],
    ]);
    expect(found("上射下射")).toEqual([["上射下射", "shang-xia-she"]]);
  });

  it("gives code point ranges (characters outside the BMP count once)", () => {
    const text = "𠀀楅";
    expect(termsIn(ix, text).map((t) => [t.start, t.end])).toEqual([[1, 2]]);
    expect(termsIn(ix, "")).toEqual([]);
    expect(termsIn(ix, "no terms here")).toEqual([]);
  });
});
