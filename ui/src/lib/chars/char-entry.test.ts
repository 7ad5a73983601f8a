import { afterEach, describe, expect, it } from "vitest";

import {
  cardFromEntry,
  clip,
  codePoint,
  fanqieText,
  leadsTo,
  orderShiwen,
  radicalText,
  readingLine,
  topCounts,
} from "./char-entry";
import { interfaceZh, setLocale } from "../i18n/i18n.svelte";
import { sampleEntry } from "../../test/char-fixtures";

afterEach(() => setLocale("en"));

describe("char-entry", () => {
  it("says how a form asked leads to the texts' form", () => {
    expect(leadsTo(sampleEntry())).toBeNull();
    expect(leadsTo(sampleEntry({ char: "觯", headword: "觶", relation: "simplified" }))).toBe("觯 → 觶, simplified form");
    expect(leadsTo(sampleEntry({ char: "觗", headword: "觶", relation: null }))).toBe("觗 → 觶");
  });

  it("names a character by its code point, beyond the Basic Plane too (README: Ext B shows as a box)", () => {
    expect(codePoint("觶")).toBe("U+89F6");
    expect(codePoint("𪚥")).toBe("U+2A6A5");
    expect(codePoint("𠀀")).toBe("U+20000");
    expect(codePoint("A")).toBe("U+0041");
  });

  it("writes 反切 as the rhyme book does", () => {
    const f = sampleEntry().fanqie[0];
    expect(fanqieText(f)).toBe("章移切");
    expect(fanqieText({ ...f, fanqie: "丁仲反" })).toBe("丁仲反");
  });

  it("puts the 釋文 readings of the passage being read first, marked", () => {
    const e = sampleEntry();
    expect(orderShiwen(e.shiwen, "xiangshe.zhushu.0002").map((r) => [r.reading.passage, r.current])).toEqual([
      ["xiangshe.zhushu.0002", true],
      ["xiangshe.zhushu.0010", false],
    ]);
    expect(orderShiwen(e.shiwen, null).every((r) => !r.current)).toBe(true);
    expect(orderShiwen(e.shiwen, null)[0].reading.passage).toBe("xiangshe.zhushu.0010");
  });

  it("describes radical and strokes, either alone", () => {
    expect(radicalText(sampleEntry().radical, 19)).toBe("Radical 148 角 + 12 · 19 strokes");
    expect(radicalText(null, 1)).toBe("1 stroke");
    expect(radicalText(null, null)).toBeNull();
  });

  it("keeps the largest non-zero counts", () => {
    const layers = sampleEntry().occurrences.by_layer;
    expect(topCounts(layers, 2).map((c) => c.key)).toEqual(["疏", "經"]);
    expect(topCounts(layers).some((c) => c.count === 0)).toBe(false);
  });

  it("clips text at a clause when it can, never past the limit", () => {
    expect(clip("short", 10)).toBe("short");
    const long = "A cup of horn for wine, holding three sheng; used at the banquet and in the archery contest alike.";
    const c = clip(long, 50);
    expect(Array.from(c).length).toBeLessThanOrEqual(50);
    expect(c).toBe("A cup of horn for wine, holding three sheng;…");
    expect(Array.from(clip("觶".repeat(300), 200)).length).toBe(200);
  });

  it("makes a card from an entry: readings with 反切, a short definition, this passage's 釋文 reading", () => {
    const e = sampleEntry();
    expect(readingLine(e)).toBe("zhì · 章移切 支平; 支義切 寘去");
    expect(cardFromEntry(e, "xiangshe.zhushu.0002")).toEqual({
      headword: "觶",
      reading: "zhì · 章移切 支平; 支義切 寘去",
      definition: "wine goblet made from horn\n釋文: 觶音至",
      tags: [],
      passages: ["xiangshe.zhushu.0002"],
    });
    // Elsewhere, no 釋文 reading of another passage, and no passage linked.
    expect(cardFromEntry(e, null)).toMatchObject({ definition: "wine goblet made from horn", passages: [] });
  });

  it("says relations, radical and strokes in the interface's language; the card keeps the tables' words", () => {
    expect(interfaceZh()).toBe("zh-Hant");
    setLocale("zh-Hant");
    expect(leadsTo(sampleEntry({ char: "觯", headword: "觶", relation: "simplified" }))).toBe("觯 → 觶，簡體字");
    expect(radicalText(sampleEntry().radical, 19)).toBe("部首 148 角，部外 12 畫 · 共 19 畫");
    expect(cardFromEntry(sampleEntry(), "xiangshe.zhushu.0002").definition).toBe("wine goblet made from horn\n釋文: 觶音至");
    setLocale("zh-Hans");
    expect(interfaceZh()).toBe("zh-Hans");
    expect(radicalText(null, 1)).toBe("共 1 画");
  });
});
