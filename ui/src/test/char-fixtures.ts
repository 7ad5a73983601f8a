// A character entry in the shape of the `describe_char` reply.
import type { CharEntry } from "../lib/bindings/CharEntry";

export function sampleEntry(over: Partial<CharEntry> = {}): CharEntry {
  return {
    char: "觶",
    headword: "觶",
    relation: null,
    forms: [{ char: "觯", relation: "simplified" }],
    written: [],
    mandarin: ["zhì"],
    hanyu_readings: ["zhì"],
    tang: ["*jiè"],
    fanqie: [
      { fanqie: "章移", rhyme: "支", tone: "平", position: "章開三支平", gloss: "酒觶", xiaoyun: 1, source: "廣韻", points_above: false, see_above: null },
      { fanqie: "支義", rhyme: "寘", tone: "去", position: "章開三支去", gloss: "上同", xiaoyun: 2, source: "廣韻", points_above: false, see_above: null },
    ],
    shiwen: [
      {
        passage: "xiangshe.zhushu.0010",
        source: "xiangshe.zhushu",
        line: 120,
        character: "觶",
        reading: "之豉反",
        text: "觶之豉反",
      },
      {
        passage: "xiangshe.zhushu.0002",
        source: "xiangshe.zhushu",
        line: 40,
        character: "觶",
        reading: "音至",
        text: "觶音至",
      },
    ],
    definitions: [{ text: "wine goblet made from horn", source: "Unihan kDefinition" }],
    radical: { number: 148, radical: "角", residual_strokes: 12 },
    strokes: 19,
    occurrences: {
      total: 273,
      segments: 180,
      by_work: [
        { key: "鄉射禮", label: "鄉射禮", count: 120 },
        { key: "燕禮", label: "燕禮", count: 50 },
        { key: "大射儀", label: "大射儀", count: 103 },
      ],
      by_source: [],
      by_layer: [
        { key: "經", label: "經", count: 40 },
        { key: "注", label: "注", count: 30 },
        { key: "疏", label: "疏", count: 200 },
        { key: "按", label: "按", count: 0 },
      ],
    },
    kwic: [
      {
        id: "xiangshe.zhushu.0010/0",
        passage: "xiangshe.zhushu.0010",
        segment: 0,
        source: "xiangshe.zhushu",
        work: "鄉射禮",
        layer: "經",
        line: 118,
        snippet: "升,實觶,西階上坐奠觶",
        highlights: [
          [3, 4],
          [10, 11],
        ],
      },
    ],
    cards: [{ builtin_id: "zhi", glossary_id: null, glossary: null, card_id: null, headword: "觶" }],
    notes: [],
    ...over,
  };
}
