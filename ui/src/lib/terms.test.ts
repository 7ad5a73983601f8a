import { describe, expect, it } from "vitest";

import { HeadwordIndex } from "./headwords";
import { groupCards, matchesCard, plainPinyin } from "./terms";
import { sampleCards } from "../test/reading-fixtures";

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
