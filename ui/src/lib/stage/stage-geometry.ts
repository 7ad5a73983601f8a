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

/** A figure's mark and label, for keeping figures apart (drawing units, at scale 1). */
export const ROW = 0.6 * UNIT;
const MARK = 8;
const LABEL_X = 20;
const CHAR = 16;
const HALF = 12;
/** A figure's name's type size at scale 1 (drawing units, as StagePlanDrawing's CSS). */
export const LABEL_SIZE = CHAR;

/**
 * How much larger than at scale 1 the figures (mark, tick, name) and the
 * ground's names are drawn, so that a figure's name is `px` CSS pixels high
 * on screen: the drawing scales with its column, and a column 365 px wide
 * drew the names 7 px high (the outside tester's 16). Never smaller than at
 * scale 1, at most 4; in steps of 0.05, so that a column resized by a pixel
 * does not lay the figures out anew.
 */
export function labelScale(renderedWidth: number, boxWidth: number, px: number): number {
  if (!(renderedWidth > 0) || !(boxWidth > 0) || !(px > 0)) return 1;
  const k = (px * boxWidth) / renderedWidth / LABEL_SIZE;
  return Math.min(4, Math.max(1, Math.ceil(k * 20) / 20));
}

export interface Mark {
  x: number;
  y: number;
  /** Characters in its label. */
  chars: number;
  /** Placed first, on its own spot where it can be (the figures that move). */
  first?: boolean;
}

type Box = [number, number, number, number];

/** A mark with its name written right of it, or (`left`) left of it, at scale `k`. */
function boxOf(m: Mark, dx: number, dy: number, k = 1, left = false): Box {
  const x = m.x + dx;
  const y = m.y + dy;
  const name = (LABEL_X + m.chars * CHAR) * k;
  return left ? [x - name, y - HALF * k, x + MARK * k, y + HALF * k] : [x - MARK * k, y - HALF * k, x + name, y + HALF * k];
}

/** The name's part of a mark's box (what should not lie on a landmark's square). */
function nameOf(m: Mark, dx: number, dy: number, k: number, left: boolean): Box {
  const b = boxOf(m, dx, dy, k, left);
  const x = m.x + dx;
  return left ? [b[0], b[1], x - (LABEL_X - 4) * k, b[3]] : [x + (LABEL_X - 4) * k, b[1], b[2], b[3]];
}

function overlaps(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

function inside(a: Box, bounds: Box | undefined): boolean {
  return !bounds || (a[0] >= bounds[0] && a[1] >= bounds[1] && a[2] <= bounds[2] && a[3] <= bounds[3]);
}

/** Rows tried in turn: on the spot, below, above, two below… */
const ROWS = [0, 1, -1, 2, -2, 3, -3, 4, -4];

export interface Layout {
  /** Each mark's offset from its spot (drawing units), in the marks' order. */
  offsets: [number, number][];
  /** Whether its name is written left of the mark (at the drawing's east edge, or where the right is taken). */
  left: boolean[];
}

/**
 * Where each figure goes so that none hides another: each mark with its
 * name is placed on its spot if free (its name right of it, else left of
 * it), else a row below or above (the figures of one spot stack up), else
 * in a column beside; inside `bounds` (the drawing) where it can be. Of
 * the two sides, the one whose name lies on none of `squares` (the
 * landmarks': the tester saw 釋獲者 written over the 中) is tried first; a
 * figure is not moved off its spot for a square. The figures that move are
 * placed first. `k`: the scale they are drawn at (labelScale), rows and
 * names growing with it.
 */
export function layoutFigures(marks: readonly Mark[], k = 1, bounds?: Box, squares: readonly Box[] = []): Layout {
  const placed: Box[] = [];
  const offsets: [number, number][] = marks.map(() => [0, 0]);
  const left = marks.map(() => false);
  const order = marks.map((_, i) => i).sort((a, b) => Number(!!marks[b].first) - Number(!!marks[a].first));
  for (const i of order) {
    const m = marks[i];
    const width = (LABEL_X + MARK + m.chars * CHAR + 6) * k;
    let found: { d: [number, number]; left: boolean } | null = null;
    // Inside the drawing first; if nowhere is free there, anywhere free.
    search: for (const within of bounds ? [bounds, undefined] : [undefined]) {
      for (const col of [0, 1, -1, 2, -2]) {
        for (const row of ROWS) {
          const d: [number, number] = [col * width, row * ROW * k];
          const onSquare = (l: boolean) => squares.some((q) => overlaps(q, nameOf(m, d[0], d[1], k, l)));
          for (const l of onSquare(false) && !onSquare(true) ? [true, false] : [false, true]) {
            const b = boxOf(m, d[0], d[1], k, l);
            if (inside(b, within) && !placed.some((p) => overlaps(p, b))) {
              found = { d, left: l };
              break search;
            }
          }
        }
      }
    }
    offsets[i] = found?.d ?? [0, 0];
    left[i] = found?.left ?? false;
    placed.push(boxOf(m, offsets[i][0], offsets[i][1], k, left[i]));
  }
  return { offsets, left };
}

/** A label of the ground (an outline's or a landmark's name): centred on x, its baseline at y (drawing units). */
export interface GroundLabel {
  x: number;
  y: number;
  chars: number;
}

/** The ground labels' type size at scale 1 (drawing units). */
export const GROUND_CHAR = 14;

export function groundBox(l: GroundLabel, dx = 0, dy = 0, k = 1): Box {
  const half = ((l.chars * GROUND_CHAR) / 2 + 2) * k;
  return [l.x + dx - half, l.y + dy - GROUND_CHAR * k, l.x + dx + half, l.y + dy + 4 * k];
}

/** Each figure's mark and name as drawn at its offset (from `layoutFigures`). */
export function figureBoxes(marks: readonly Mark[], offsets: readonly [number, number][], k = 1, left: readonly boolean[] = []): Box[] {
  return marks.map((m, i) => boxOf(m, offsets[i]?.[0] ?? 0, offsets[i]?.[1] ?? 0, k, left[i] ?? false));
}

export { overlaps as boxesOverlap };
export type { Box };

/**
 * Offsets that keep the ground's labels clear of the figures and of one
 * another: a label stays on its spot if free, else moves a line down or up,
 * then to a side. The figures stand where the text puts them, so the
 * ground's names are the ones that give way (the outside tester saw 眾賓
 * written over 堂). Offsets in the labels' order; `k` as layoutFigures'.
 */
export function nudgeLabels(labels: readonly GroundLabel[], taken: readonly Box[], k = 1): [number, number][] {
  const placed: Box[] = [...taken];
  const line = (GROUND_CHAR + 4) * k;
  return labels.map((l) => {
    const width = (l.chars * GROUND_CHAR + 8) * k;
    let found: [number, number] = [0, 0];
    search: for (const col of [0, 1, -1, 2, -2, 3, -3]) {
      for (const row of [...ROWS, 5, -5, 6, -6]) {
        const d: [number, number] = [col * width, row * line];
        if (!placed.some((p) => overlaps(p, groundBox(l, d[0], d[1], k)))) {
          found = d;
          break search;
        }
      }
    }
    placed.push(groundBox(l, found[0], found[1], k));
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
