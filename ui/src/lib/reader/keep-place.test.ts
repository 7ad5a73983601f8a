import { describe, expect, it } from "vitest";

import { notePlace, reloadStartWithin, rememberWithin, restorePlace, scrollWithin, takeStartWithin } from "./keep-place";

// A reading area 100 px below the window's top, 600 px tall, over ten
// passages of 300 px each at size 1; `scale` is the zoom, scrollTop the area's.
function page() {
  const state = { scale: 1 };
  const scroller = document.createElement("div");
  document.body.append(scroller);
  const rect = (top: number, height: number) => ({ top, bottom: top + height, height }) as DOMRect;
  scroller.getBoundingClientRect = () => rect(100, 600);
  const passages: HTMLElement[] = [];
  for (let i = 0; i < 10; i++) {
    const el = document.createElement("section");
    el.dataset.passage = `p${i}`;
    scroller.append(el);
    el.getBoundingClientRect = () => rect(100 + i * 300 * state.scale - scroller.scrollTop, 300 * state.scale);
    passages.push(el);
  }
  return { state, scroller, passages };
}

describe("keeping the reader's place over a zoom (outside tester's finding 10)", () => {
  it("keeps the same point of the passage read at the top of the area", () => {
    const { state, scroller, passages } = page();
    scroller.scrollTop = 4 * 300 + 75; // a quarter into passage 4
    const place = notePlace(scroller, passages);
    expect(place?.el).toBe(passages[4]);
    expect(place?.fraction).toBeCloseTo(0.25);
    state.scale = 2; // Ctrl+= to 200 %
    restorePlace(scroller, place);
    // Without it, passage 4 would begin 1,275 px above the area's top, far off.
    expect(scroller.scrollTop).toBe(4 * 600 + 150);
    expect(passages[4].getBoundingClientRect().top).toBe(100 - 150);
    // and back (Ctrl+0): the same point again
    const again = notePlace(scroller, passages);
    state.scale = 1;
    restorePlace(scroller, again);
    expect(scroller.scrollTop).toBe(4 * 300 + 75);
  });

  it("keeps the passage being read (the focus's) where it was, not the one above it at the top", () => {
    const { state, scroller, passages } = page();
    scroller.scrollTop = 4 * 300 + 150; // half of passage 4 above; passage 5 begins 150 px down
    const place = notePlace(scroller, passages, passages[5]);
    expect(place?.el).toBe(passages[5]);
    state.scale = 2;
    restorePlace(scroller, place);
    // Passage 5 still begins 150 px below the area's top (by the top passage
    // it would be 300 px down: passage 4's half doubled).
    expect(passages[5].getBoundingClientRect().top).toBe(100 + 150);
  });

  it("keeps a passage that begins below the area's top at the same height", () => {
    const { state, scroller, passages } = page();
    scroller.scrollTop = 0;
    const place = notePlace(scroller, passages);
    expect(place?.el).toBe(passages[0]);
    state.scale = 0.5;
    restorePlace(scroller, place);
    expect(scroller.scrollTop).toBe(0);
  });
});

describe("the point inside the passage last read, for the next start (outside tester's finding 11)", () => {
  it("is kept with the passage and given once, to that passage, at the next start", () => {
    const { scroller, passages } = page();
    scroller.scrollTop = 4 * 300 + 240; // 80 % into passage 4
    const p = notePlace(scroller, passages)!;
    rememberWithin(p.el.dataset.passage!, p.fraction);
    reloadStartWithin(); // a restart
    expect(takeStartWithin("p3")).toBeNull(); // another passage opened first: not used
    reloadStartWithin();
    const f = takeStartWithin("p4");
    expect(f?.fraction).toBeCloseTo(0.8);
    expect(takeStartWithin("p4")).toBeNull(); // once only
    // The restart shows passage 4 at the area's top; the point is brought back there.
    scroller.scrollTop = 4 * 300;
    scrollWithin(scroller, passages[4], f!);
    expect(scroller.scrollTop).toBe(4 * 300 + 240);
  });

  it("leaves an older start (no point kept) and a passage's top as they were", () => {
    localStorage.removeItem("sheli.placeWithin");
    reloadStartWithin();
    expect(takeStartWithin("p4")).toBeNull();
    rememberWithin("p4", 0); // at the passage's top: nothing kept
    reloadStartWithin();
    expect(takeStartWithin("p4")).toBeNull();
    localStorage.setItem("sheli.placeWithin", "not json");
    reloadStartWithin();
    expect(takeStartWithin("p4")).toBeNull();
  });
});
