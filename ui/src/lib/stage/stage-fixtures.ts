// Sample stage data in the shapes of the generated bindings, for the plan's
// unit tests: a small 鄉射禮 ground (hall, court, the long 侯道 to the 侯 and
// the gate) and two steps, 0019 (the guests come in at the gate) and 0020.

import type { Figure } from "../bindings/Figure";
import type { Move } from "../bindings/Move";
import type { Plan } from "../bindings/Plan";
import type { StageView } from "../bindings/StageView";

export function samplePlan(): Plan {
  const place = (name: string, x: number, y: number) => ({ name, x, y, schematic: true, basis: "test" });
  return {
    work: "鄉射禮",
    unit: "丈",
    places: [
      place("阼階上", 1.9, -0.4),
      place("西階上", -1.9, -0.4),
      place("西階西", -2.7, 0.6),
      place("堂西", -4.0, -1.2),
      place("中庭", 0, 3.5),
      place("乏", -3.0, 18.8),
      place("侯", 0, 28.8),
      place("門左", -1.5, 31.8),
      place("門外", 0, 33.0),
    ],
    outlines: [
      { name: "堂", points: [[-3, -3.5], [3, -3.5], [3, 0], [-3, 0]], closed: true, dashed: false, label: [0, -2.5] },
      { name: "侯道", points: [[0, -1.05], [0, 28.8]], closed: false, dashed: true, label: [0.6, 14] },
      { name: "門", points: [[-6, 32.4], [-0.8, 32.4]], closed: false, dashed: true },
    ],
    landmarks: [
      { name: "楅", x: 0, y: 3.5 },
      { name: "乏", x: -3, y: 18.8 },
    ],
  };
}

export function sampleMove(over: Partial<Move> = {}): Move {
  return {
    actor: "眾賓",
    action: "入",
    place: "門左",
    facing: "東面",
    quote: "眾賓皆入門左,東面北上",
    layer: "經",
    basis: "經",
    alternatives: [],
    ...over,
  };
}

function figure(over: Partial<Figure> & { actor: string }): Figure {
  return {
    at: { place: "門左", x: -1.5, y: 31.8 },
    moved: false,
    passage: "xiangshe.zhushu.0019",
    move: sampleMove({ actor: over.actor }),
    gloss: over.actor === "司射" ? "the director of archery, the host's officer" : "",
    ...over,
  };
}

/** After 0019: the 主人 at the top of the east steps, the 賓 and 眾賓 in at the gate, 門左 facing east. */
export function sampleStage0019(): StageView {
  const bin = sampleMove({
    actor: "賓",
    action: "厭",
    quote: "賓厭眾賓",
    basis: "注",
    basis_passage: "xiangshe.zhushu.0079",
    basis_quote: "初位,門內東面",
  });
  return {
    work: "鄉射禮",
    asked: "xiangshe.zhushu.0019",
    passage: "xiangshe.zhushu.0019",
    index: 18,
    count: 408,
    previous: "xiangshe.zhushu.0018",
    next: "xiangshe.zhushu.0020",
    step: { passage: "xiangshe.zhushu.0019", moves: [bin, sampleMove()] },
    ji: false,
    figures: [
      figure({
        actor: "主人",
        at: { place: "阼階上", x: 1.9, y: -0.4 },
        facing: "北面",
        passage: "xiangshe.zhushu.0012",
        move: sampleMove({ actor: "主人", action: "拜", place: "阼階上", facing: "北面", quote: "主人阼階上當楣北面再拜" }),
      }),
      figure({ actor: "賓", facing: "東面", moved: true, came_from: { place: "門外", x: 0, y: 33 }, move: bin }),
      figure({ actor: "眾賓", facing: "東面", moved: true, came_from: { place: "門外", x: 0, y: 33 } }),
      figure({
        actor: "司射",
        at: { place: "西階西", x: -2.7, y: 0.6 },
        card: "sishe",
        passage: "xiangshe.zhushu.0010",
        move: sampleMove({
          actor: "司射",
          action: "立",
          place: "西階西",
          facing: undefined,
          quote: "司射立于西階西",
          basis: "carried",
          from: "xiangshe.zhushu.0008",
          alternatives: [{ place: "堂西", facing: "東面", by: "疏", quote: "司射在堂西" }],
        }),
      }),
    ],
  };
}

/** After 0020: the 賓 has gone up to the top of the west steps. */
export function sampleStage0020(): StageView {
  const v = sampleStage0019();
  const up = sampleMove({ actor: "賓", action: "升", place: "西階上", facing: "北面", quote: "賓升西階上北面" });
  return {
    ...v,
    asked: "xiangshe.zhushu.0020",
    passage: "xiangshe.zhushu.0020",
    index: 19,
    previous: "xiangshe.zhushu.0019",
    next: "xiangshe.zhushu.0021",
    step: { passage: "xiangshe.zhushu.0020", moves: [up] },
    figures: v.figures.map((f) =>
      f.actor === "賓"
        ? { ...f, at: { place: "西階上", x: -1.9, y: -0.4 }, facing: "北面", came_from: { place: "門左", x: -1.5, y: 31.8 }, passage: "xiangshe.zhushu.0020", move: up }
        : { ...f, moved: false, came_from: undefined },
    ),
  };
}
