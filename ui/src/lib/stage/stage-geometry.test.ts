import { describe, expect, it } from "vitest";

import {
  BREAK,
  GROUND_CHAR,
  LABEL_SIZE,
  ROW,
  UNIT,
  boxesOverlap,
  facingDegrees,
  facingVector,
  figureBoxes,
  frame,
  groundBox,
  labelScale,
  layoutFigures,
  nudgeLabels,
  type Box,
} from "./stage-geometry";
import { CROWDED, xiangshePlan } from "./stage-crowded";
import { samplePlan } from "./stage-fixtures";

describe("the plan's frame", () => {
  it("keeps the hall and court to scale and shortens the long empty stretches of the 侯道", () => {
    const f = frame(samplePlan());
    // Gaps: 3.5 → 18.8 and 18.8 → 28.8 (the 侯道's label is no thing on the ground).
    expect(f.breaks.map((b) => [b.from, b.to])).toEqual([
      [3.5, 18.8],
      [18.8, 28.8],
    ]);
    // To scale up to the court…
    expect(f.y(-3.5)).toBe(-3.5 * UNIT);
    expect(f.y(3.5) - f.y(0)).toBe(3.5 * UNIT);
    // …and each gap drawn as 2 × 0.6 丈 kept plus BREAK.
    expect(f.y(18.8) - f.y(3.5)).toBeCloseTo((1.2 + BREAK) * UNIT, 5);
    expect(f.y(28.8) - f.y(18.8)).toBeCloseTo((1.2 + BREAK) * UNIT, 5);
    // Beyond the breaks, to scale again.
    expect(f.y(33) - f.y(28.8)).toBeCloseTo(4.2 * UNIT, 5);
    // The box holds everything: x from the gate's −6 to 4, y from the hall's −3.5 to the gate's 33.
    const [x, y, w, h] = f.box;
    expect(x).toBeLessThan(-6 * UNIT);
    expect(x + w).toBeGreaterThan(2 * UNIT);
    expect(y).toBeLessThan(f.y(-3.5));
    expect(y + h).toBeGreaterThan(f.y(33));
    // The zigzags stand inside their gaps.
    for (const b of f.breaks) {
      expect(b.at).toBeGreaterThan(f.y(b.from));
      expect(b.at).toBeLessThan(f.y(b.to));
    }
  });

  it("draws a compact ground without breaks", () => {
    const p = samplePlan();
    p.places = p.places.filter((pl) => pl.y < 5);
    p.outlines = p.outlines.filter((o) => o.name === "堂");
    p.landmarks = [];
    const f = frame(p);
    expect(f.breaks).toEqual([]);
    expect(f.y(3.5)).toBe(3.5 * UNIT);
  });
});

describe("facing", () => {
  it("turns the text's facings into directions with north at the top (y grows southward)", () => {
    expect(facingVector("北面")).toEqual([0, -1]);
    expect(facingVector("東面")).toEqual([1, 0]);
    expect(facingVector("南面")).toEqual([0, 1]);
    expect(facingVector("西面")).toEqual([-1, 0]);
    const [x, y] = facingVector("東北面");
    expect(x).toBeCloseTo(Math.SQRT1_2);
    expect(y).toBeCloseTo(-Math.SQRT1_2);
    expect(facingDegrees("西北面")).toBe(315);
  });
});

describe("figures near one another", () => {
  it("are moved apart so none hides another; a lone figure stays on its spot; those that move keep theirs", () => {
    const at = (x: number, y: number, chars = 2, first = false) => ({ x: x * UNIT, y: y * UNIT, chars, first });
    const o = layoutFigures([at(-1.5, 31.8), at(1.9, -0.4), at(-1.5, 31.8), at(-1.5, 31.8, 2, true)]).offsets;
    expect(o[1]).toEqual([0, 0]);
    // The one that moves first, on its spot; the others a row below and above.
    expect(o[3]).toEqual([0, 0]);
    expect([o[0], o[2]]).toEqual([
      [0, ROW],
      [0, -ROW],
    ]);
    // Spots a little apart (觶南 0, 3.9 and 楅南 0, 4.0) are kept apart too.
    const near = layoutFigures([at(0, 3.9), at(0, 4.0)]).offsets;
    expect(Math.abs(near[0][1] + 3.9 * UNIT - (near[1][1] + 4.0 * UNIT))).toBeGreaterThanOrEqual(ROW / 1.1);
    // Many on one spot: every one somewhere else.
    const many = layoutFigures(Array.from({ length: 12 }, () => at(-4, -1.2))).offsets;
    expect(new Set(many.map(([x, y]) => `${x},${y}`)).size).toBe(12);
  });
});

describe("the ground's labels", () => {
  it("give way to the figures and to one another, so no two overlap (the tester's 眾賓 over 堂)", () => {
    // 眾賓 standing right on 堂's label, a second label under it, one far off
    const marks = [{ x: 100, y: 100, chars: 2 }, { x: 300, y: 300, chars: 3 }];
    const offsets = layoutFigures(marks).offsets;
    const figures = figureBoxes(marks, offsets);
    const labels = [
      { x: 118, y: 104, chars: 1 }, // 堂, under 眾賓's name
      { x: 118, y: 104, chars: 2 }, // another on the same spot
      { x: 600, y: 600, chars: 2 }, // free: stays
    ];
    expect(boxesOverlap(figures[0], groundBox(labels[0]))).toBe(true); // the fault, as drawn before
    const nudged = nudgeLabels(labels, figures);
    const boxes = labels.map((l, i) => groundBox(l, nudged[i][0], nudged[i][1]));
    for (const b of boxes) for (const fb of figures) expect(boxesOverlap(b, fb)).toBe(false);
    expect(boxesOverlap(boxes[0], boxes[1])).toBe(false);
    expect(nudged[2]).toEqual([0, 0]);
    // moved by a line or so, not across the plan
    expect(Math.abs(nudged[0][1])).toBeLessThanOrEqual(3 * 18);
  });
});

// The outside tester's 16: names 7 px high at 100 %, and at the crowded
// steps names printed over one another (賓/眾賓 at 門左 in 0019; 勝者之弟子,
// 三耦, 有司 at 司馬之西南). On the 鄉射禮's real ground, at the scales a
// column from wide to narrow draws it at.
describe("the names on the real ground's crowded steps", () => {
  const plan = xiangshePlan();
  const f = frame(plan);
  const bounds: Box = [f.box[0], f.box[1], f.box[0] + f.box[2], f.box[1] + f.box[3]];
  const marksOf = (step: string) =>
    CROWDED[step].map(([actor, x, y, moved]) => ({ actor, x: f.x(x), y: f.y(y), chars: Array.from(actor).length, first: moved }));

  for (const step of ["0019", "0258", "0285"])
    for (const k of [1, 1.5, 2, 3])
      it(`at ${step}, drawn ${k}× larger: no two figures' names overlap, nor a name of the ground`, () => {
        const marks = marksOf(step);
        const layout = layoutFigures(marks, k, bounds);
        const boxes = figureBoxes(marks, layout.offsets, k, layout.left);
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++)
            expect(boxesOverlap(boxes[i], boxes[j]), `${marks[i].actor} over ${marks[j].actor}`).toBe(false);
        const ground = [
          ...plan.outlines.flatMap((o) => (o.label ? [{ x: f.x(o.label[0]), y: f.y(o.label[1]), chars: Array.from(o.name).length }] : [])),
          ...plan.landmarks.map((l) => ({ x: f.x(l.x), y: f.y(l.y) + 18 * k, chars: Array.from(l.name).length })),
        ];
        const nudged = nudgeLabels(ground, boxes, k);
        const gboxes = ground.map((l, i) => groundBox(l, nudged[i][0], nudged[i][1], k));
        for (const g of gboxes) for (const b of boxes) expect(boxesOverlap(g, b)).toBe(false);
        for (let i = 0; i < gboxes.length; i++) for (let j = i + 1; j < gboxes.length; j++) expect(boxesOverlap(gboxes[i], gboxes[j])).toBe(false);
        // The crowded spots' figures stay near their spot: within four rows and a column.
        for (let i = 0; i < marks.length; i++) {
          expect(Math.abs(layout.offsets[i][1])).toBeLessThanOrEqual(4 * ROW * k);
        }
      });

  it("writes a name on the side clear of a landmark's square, without moving the figure off its spot", () => {
    // A name that would lie on a square goes to the other side.
    expect(layoutFigures([{ x: 0, y: 0, chars: 3 }], 1, undefined, [[40, -4, 48, 4]])).toEqual({ offsets: [[0, 0]], left: [true] });
    // Squares on both sides: it stays, its name right.
    expect(layoutFigures([{ x: 0, y: 0, chars: 3 }], 1, undefined, [[40, -4, 48, 4], [-48, -4, -40, 4]])).toEqual({ offsets: [[0, 0]], left: [false] });
    // No square: right.
    expect(layoutFigures([{ x: 0, y: 0, chars: 3 }], 1)).toEqual({ offsets: [[0, 0]], left: [false] });
  });

  it("at 0019 and 0258 keeps every figure and its name inside the drawing up to 2×", () => {
    for (const step of ["0019", "0258"])
      for (const k of [1, 1.5, 2]) {
        const marks = marksOf(step);
        const layout = layoutFigures(marks, k, bounds);
        for (const b of figureBoxes(marks, layout.offsets, k, layout.left)) {
          expect(b[0]).toBeGreaterThanOrEqual(bounds[0]);
          expect(b[2]).toBeLessThanOrEqual(bounds[2]);
          expect(b[1]).toBeGreaterThanOrEqual(bounds[1]);
          expect(b[3]).toBeLessThanOrEqual(bounds[3]);
        }
      }
  });

  it("are drawn large enough for a name to be 14 px on screen, never smaller than at scale 1", () => {
    const w = f.box[2];
    // The tester's column: the drawing 365 px wide.
    const k = labelScale(365, w, 14);
    expect(LABEL_SIZE * k * (365 / w)).toBeGreaterThanOrEqual(14);
    expect(GROUND_CHAR * k * (365 / w)).toBeGreaterThanOrEqual(12);
    // A wide column: as drawn; a narrower one (the zoom): larger.
    expect(labelScale(4000, w, 14)).toBe(1);
    expect(labelScale(250, w, 14)).toBeGreaterThan(k);
    // Not measured (no layout yet): as drawn.
    expect(labelScale(0, w, 14)).toBe(1);
  });
});
