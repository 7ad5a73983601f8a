// Where things go on the plan beside the reader: the work's coordinates (丈,
// x east, y south, so north is at the top) mapped to the drawing. The drawing
// is to scale except across long empty stretches north–south (the 鄉射禮's
// 侯道: the court ends at y 4, the 乏 is at 18.8, the 侯 at 28.8), which are
// drawn short behind a zigzag break, so that the hall and court stay readable.

import type { Facing } from "../bindings/Facing";
import type { Plan } from "../bindings/Plan";

/** A stretch of y longer than this with nothing in it is drawn short. */
export const GAP = 4;
/** How long (丈) a shortened stretch is drawn. */
export const BREAK = 1.2;
/** What stays to scale at either end of a shortened stretch (丈). */
const KEEP = 0.6;

/** A stretch shortened: the real y from `from` to `to` (both ends of what is in the plan). */
export interface Break {
  from: number;
  to: number;
  /** The drawing's y of the middle of the shortened stretch (where the zigzag goes). */
  at: number;
}

/** Drawing units to the 丈 (so that text and strokes are sized in whole units). */
export const UNIT = 40;

export interface Frame {
  /** The drawing's x and y (drawing units) of a plan's x and y (丈). */
  x: (x: number) => number;
  y: (y: number) => number;
  breaks: Break[];
  /** viewBox: x, y, width, height. */
  box: [number, number, number, number];
}

const PAD = 0.9;
/** Room on the east for the names written right of the figures (丈). */
const NAMES = 2.2;

/** Every y the plan draws something at. */
function ys(plan: Plan): number[] {
  return [
    ...plan.places.map((p) => p.y),
    ...plan.landmarks.map((l) => l.y),
    ...plan.outlines.flatMap((o) => o.points.map((p) => p[1])),
  ];
}

function xs(plan: Plan): number[] {
  return [
    ...plan.places.map((p) => p.x),
    ...plan.landmarks.map((l) => l.x),
    ...plan.outlines.flatMap((o) => o.points.map((p) => p[0])),
  ];
}

/** The drawing's frame for a plan: its breaks and its viewBox. */
export function frame(plan: Plan): Frame {
  // Outline points at the ends of a long line (the 侯道) do not fill a gap.
  const sorted = [...new Set(ys(plan))].sort((a, b) => a - b);
  const gaps: [number, number][] = [];
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] - sorted[i - 1] > GAP) gaps.push([sorted[i - 1], sorted[i]]);
  }
  // Each gap: [a + KEEP, b - KEEP] drawn BREAK long.
  const cuts = gaps.map(([a, b]) => ({ from: a, to: b, lo: a + KEEP, hi: b - KEEP }));
  const x = (v: number): number => round2(v * UNIT);
  const shortened = (v: number): number => {
    let out = v;
    for (const c of cuts) {
      const len = c.hi - c.lo;
      if (v >= c.hi) out -= len - BREAK;
      else if (v > c.lo) out -= (v - c.lo) * (1 - BREAK / len);
    }
    return out;
  };
  const y = (v: number): number => round2(shortened(v) * UNIT);
  const breaks = cuts.map((c) => ({ from: c.from, to: c.to, at: round2((shortened(c.lo) + BREAK / 2) * UNIT) }));
  const allX = xs(plan);
  const allY = sorted;
  const pad = PAD * UNIT;
  if (!allX.length || !allY.length) return { x, y, breaks, box: [-5 * UNIT, -5 * UNIT, 10 * UNIT, 10 * UNIT] };
  const minX = x(Math.min(...allX)) - pad;
  const maxX = x(Math.max(...allX)) + NAMES * UNIT;
  const minY = y(allY[0]) - pad;
  const maxY = y(allY[allY.length - 1]) + pad;
  return { x, y, breaks, box: [minX, minY, round2(maxX - minX), round2(maxY - minY)] };
}

const DEGREES: Record<Facing, number> = {
  北面: 0,
  東北面: 45,
  東面: 90,
  東南面: 135,
  南面: 180,
  西南面: 225,
  西面: 270,
  西北面: 315,
};

/** Degrees clockwise from north (as corpus::stage::Facing::degrees). */
export function facingDegrees(f: Facing): number {
  return DEGREES[f];
}

/** The unit vector of a facing on a plan with north at the top (y grows southward). */
export function facingVector(f: Facing): [number, number] {
  const r = (DEGREES[f] * Math.PI) / 180;
  // (+ 0: no −0.)
  const round = (n: number) => Math.round(n * 1e6) / 1e6 + 0;
  return [round(Math.sin(r)), round(-Math.cos(r))];
}

/** A figure's mark and label, for keeping figures apart (drawing units). */
export const ROW = 0.5 * UNIT;
const MARK = 8;
const LABEL_X = 20;
const CHAR = 16;
const HALF = 10;

export interface Mark {
  x: number;
  y: number;
  /** Characters in its label. */
  chars: number;
  /** Placed first, on its own spot where it can be (the figures that move). */
  first?: boolean;
}

type Box = [number, number, number, number];

function boxOf(m: Mark, dx: number, dy: number): Box {
  return [m.x + dx - MARK, m.y + dy - HALF, m.x + dx + LABEL_X + m.chars * CHAR, m.y + dy + HALF];
}

function overlaps(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** Rows tried in turn: on the spot, below, above, two below… */
const ROWS = [0, 1, -1, 2, -2, 3, -3, 4, -4];

/**
 * Offsets that keep figures from hiding one another: each mark with its
 * label is placed on its spot if free, else a row below or above (the
 * figures of one spot stack up), else in a column beside. The figures that
 * move are placed first. Offsets in the marks' order.
 */
export function spread(marks: readonly Mark[]): [number, number][] {
  const placed: Box[] = [];
  const out: [number, number][] = marks.map(() => [0, 0]);
  const order = marks.map((_, i) => i).sort((a, b) => Number(!!marks[b].first) - Number(!!marks[a].first));
  for (const i of order) {
    const m = marks[i];
    const width = LABEL_X + MARK + m.chars * CHAR + 6;
    let found: [number, number] | null = null;
    for (const col of [0, 1, -1, 2]) {
      for (const row of ROWS) {
        const d: [number, number] = [col * width, row * ROW];
        if (!placed.some((p) => overlaps(p, boxOf(m, d[0], d[1])))) {
          found = d;
          break;
        }
      }
      if (found) break;
    }
    out[i] = found ?? [0, 0];
    placed.push(boxOf(m, out[i][0], out[i][1]));
  }
  return out;
}

/** A label of the ground (an outline's or a landmark's name): centred on x, its baseline at y (drawing units). */
export interface GroundLabel {
  x: number;
  y: number;
  chars: number;
}

/** The ground labels' type size (drawing units, as StagePlanDrawing's CSS). */
const GROUND_CHAR = 14;

export function groundBox(l: GroundLabel, dx = 0, dy = 0): Box {
  const half = (l.chars * GROUND_CHAR) / 2 + 2;
  return [l.x + dx - half, l.y + dy - GROUND_CHAR, l.x + dx + half, l.y + dy + 4];
}

/** Each figure's mark and label as drawn at its offset (from `spread`). */
export function figureBoxes(marks: readonly Mark[], offsets: readonly [number, number][]): Box[] {
  return marks.map((m, i) => boxOf(m, offsets[i]?.[0] ?? 0, offsets[i]?.[1] ?? 0));
}

export { overlaps as boxesOverlap };
export type { Box };

/**
 * Offsets that keep the ground's labels clear of the figures and of one
 * another: a label stays on its spot if free, else moves a line down or up,
 * then to a side. The figures stand where the text puts them, so the
 * ground's names are the ones that give way (the outside tester saw 眾賓
 * written over 堂). Offsets in the labels' order.
 */
export function nudgeLabels(labels: readonly GroundLabel[], taken: readonly Box[]): [number, number][] {
  const placed: Box[] = [...taken];
  const line = GROUND_CHAR + 4;
  return labels.map((l) => {
    const width = l.chars * GROUND_CHAR + 8;
    let found: [number, number] = [0, 0];
    search: for (const col of [0, 1, -1, 2, -2]) {
      for (const row of ROWS) {
        const d: [number, number] = [col * width, row * line];
        if (!placed.some((p) => overlaps(p, groundBox(l, d[0], d[1])))) {
          found = d;
          break search;
        }
      }
    }
    placed.push(groundBox(l, found[0], found[1]));
    return found;
  });
}

/** A zigzag across the drawing at y (the mark of a shortened stretch), in drawing units. */
export function zigzag(x0: number, x1: number, y: number, h = 0.18 * UNIT, step = 0.4 * UNIT): string {
  const pts: string[] = [];
  let up = true;
  for (let x = x0; x <= x1 + 1e-6; x += step) {
    pts.push(`${round2(x)},${round2(y + (up ? -h : h))}`);
    up = !up;
  }
  return pts.join(" ");
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
