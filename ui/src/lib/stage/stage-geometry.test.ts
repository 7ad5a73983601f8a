import { describe, expect, it } from "vitest";

import { BREAK, ROW, UNIT, boxesOverlap, facingDegrees, facingVector, figureBoxes, frame, groundBox, nudgeLabels, spread } from "./stage-geometry";
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
    const o = spread([at(-1.5, 31.8), at(1.9, -0.4), at(-1.5, 31.8), at(-1.5, 31.8, 2, true)]);
    expect(o[1]).toEqual([0, 0]);
    // The one that moves first, on its spot; the others a row below and above.
    expect(o[3]).toEqual([0, 0]);
    expect([o[0], o[2]]).toEqual([
      [0, ROW],
      [0, -ROW],
    ]);
    // Spots a little apart (觶南 0, 3.9 and 楅南 0, 4.0) are kept apart too.
    const near = spread([at(0, 3.9), at(0, 4.0)]);
    expect(Math.abs(near[0][1] + 3.9 * UNIT - (near[1][1] + 4.0 * UNIT))).toBeGreaterThanOrEqual(ROW / 1.1);
    // Many on one spot: every one somewhere else.
    const many = spread(Array.from({ length: 12 }, () => at(-4, -1.2)));
    expect(new Set(many.map(([x, y]) => `${x},${y}`)).size).toBe(12);
  });
});

describe("the ground's labels", () => {
  it("give way to the figures and to one another, so no two overlap (the tester's 眾賓 over 堂)", () => {
    // 眾賓 standing right on 堂's label, a second label under it, one far off
    const marks = [{ x: 100, y: 100, chars: 2 }, { x: 300, y: 300, chars: 3 }];
    const offsets = spread(marks);
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
