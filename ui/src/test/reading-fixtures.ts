// Sample search results and cards in the shapes of the generated bindings.
import type { CardSummary } from "../lib/bindings/CardSummary";
import type { HitView } from "../lib/bindings/HitView";
import type { SearchView } from "../lib/bindings/SearchView";

export function sampleHit(over: Partial<HitView> = {}): HitView {
  return {
    id: "xiangshe.zhushu.0072",
    source: "xiangshe.zhushu",
    work: "鄉射禮",
    title: "鄉射禮",
    edition: "儀禮註疏",
    layer: "經",
    segment: 0,
    ji: false,
    line: 328,
    snippet: "升,實觶,西階上坐奠觶",
    highlights: [
      [3, 4],
      [10, 11],
    ],
    segment_highlights: [
      [3, 4],
      [10, 11],
    ],
    occurrences: 2,
    pinyin: false,
    ...over,
  };
}

export function sampleSearch(over: Partial<SearchView> = {}): SearchView {
  return {
    query: "觯",
    exact: false,
    total_segments: 3,
    total_occurrences: 5,
    by_work: [
      { key: "鄉射禮", label: "鄉射禮", segments: 1, occurrences: 2, selected: false },
      { key: "燕禮", label: "燕禮", segments: 1, occurrences: 2, selected: false },
      { key: "大射儀", label: "大射儀", segments: 1, occurrences: 1, selected: false },
    ],
    by_layer: [
      { key: "經", label: "經", segments: 2, occurrences: 4, selected: false },
      { key: "注", label: "注", segments: 1, occurrences: 1, selected: false },
    ],
    pinyin: [],
    notes: [],
    offset: 0,
    results: [
      sampleHit(),
      sampleHit({ id: "yanli.zhushu.0003", source: "yanli.zhushu", work: "燕禮", title: "燕禮", snippet: "奠觶", highlights: [[1, 2]] }),
      sampleHit({
        id: "dashe.tongjie.0012",
        source: "dashe.tongjie",
        work: "大射儀",
        title: "大射儀",
        layer: "注",
        segment: 1,
        snippet: "公又举奠觯",
        highlights: [[4, 5]],
      }),
    ],
    took_ms: 0.3,
    ...over,
  };
}

export function sampleCard(over: Partial<CardSummary> = {}): CardSummary {
  return {
    id: "zhi",
    headword: "觶",
    simplified: "觯",
    variants: [],
    pinyin: "zhì",
    kind: "vessel",
    also_kinds: [],
    forms: ["觶", "觯"],
    folded: ["觯"],
    summary: "The three-sheng drinking cup.",
    summary_zh: "飲酒之器，容三升。",
    picture: "zhi.svg",
    ...over,
  };
}

/** Cards and a fold map like the backend's (folded = simplified forms). */
export function sampleCards(): { cards: CardSummary[]; fold: Record<string, string> } {
  return {
    cards: [
      sampleCard(),
      sampleCard({
        id: "hou",
        headword: "侯",
        simplified: "侯",
        variants: ["矦"],
        pinyin: "hóu",
        kind: "target",
        forms: ["侯", "矦"],
        folded: ["侯"],
        summary: "The target.",
        summary_zh: "射之的。",
        picture: "hou.svg",
      }),
      sampleCard({
        id: "shang-xia-she",
        headword: "上射/下射",
        simplified: "上射/下射",
        pinyin: "shàngshè/xiàshè",
        kind: "role",
        forms: ["上射/下射", "上射", "下射"],
        folded: ["上射下射", "上射", "下射"],
        summary: "The upper and lower archer of a pair.",
        summary_zh: "一耦之上射與下射。",
        picture: null,
      }),
      sampleCard({
        id: "sishe",
        headword: "司射",
        simplified: "司射",
        pinyin: "sīshè",
        kind: "official",
        forms: ["司射"],
        folded: ["司射"],
        summary: "The director of archery.",
        summary_zh: "掌射事者。",
        picture: null,
      }),
      sampleCard({
        id: "bi",
        headword: "楅",
        simplified: "楅",
        pinyin: "bī",
        kind: "gear",
        forms: ["楅"],
        folded: ["楅"],
        summary: "The arrow rest: a low wooden rack.",
        summary_zh: "射時置箭之器。",
        picture: "bi.svg",
      }),
    ],
    fold: { 觶: "觯", 矦: "侯" },
  };
}
