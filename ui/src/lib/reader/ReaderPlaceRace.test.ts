// A restart opens the passage last read alone, scrolls to the point inside
// it the reader was at (keep-place.ts), and puts the passages around it in
// once that is painted. A reader who scrolls in between must keep the place
// they scrolled to: the point kept from the last run is for the start only,
// and applying it again when the neighbours arrive threw the reader back
// (seen as a race in the nav e2e spec).
import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { PassageView } from "../bindings/PassageView";
import Reader from "./Reader.svelte";
import { reloadStartWithin } from "./keep-place";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";

const TOTAL = 9;
const ID = "xiangshe.zhushu.0005";
const passage = (n: number): PassageView =>
  samplePassage({ id: `xiangshe.zhushu.000${n}`, ordinal: n, total: TOTAL });

// Layout jsdom lacks: the reading area's top at 100 px, each passage 300 px
// tall, stacked in document order, moved up by the area's scrollTop.
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeEach(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const area = document.querySelector<HTMLElement>('[data-testid="reader"]');
    const box = (top: number, height: number) =>
      ({ top, height, bottom: top + height, left: 0, right: 800, width: 800, x: 0, y: top }) as DOMRect;
    if (this === area) return box(100, 600);
    if (this.dataset.passage && area) {
      const i = [...area.querySelectorAll("[data-passage]")].indexOf(this);
      return box(100 + i * 300 - area.scrollTop, 300);
    }
    return box(0, 0);
  };
  localStorage.setItem("sheli.placeWithin", JSON.stringify({ id: ID, fraction: 0.5 }));
  reloadStartWithin();
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
  localStorage.clear();
  cleanup();
  setTransport(null);
});

/** The passage alone at once; the window around it when `release` is called. */
function backend() {
  let release = () => {};
  const windowAsked = new Promise<void>((asked) => {
    setTransport(async (cmd, args) => {
      if (cmd === "passages") {
        const start = args.start as number;
        const count = args.count as number;
        if (count === 1) return [passage(start)];
        asked();
        await new Promise<void>((go) => (release = go));
        return Array.from({ length: Math.min(count, TOTAL - start + 1) }, (_, i) => passage(start + i));
      }
      if (cmd === "set_settings") return args.settings;
      if (cmd === "get_settings") return SAMPLE_SETTINGS;
      return [];
    });
  });
  return { windowAsked, release: () => release() };
}

const settle = () => new Promise((r) => setTimeout(r, 30));

describe("Reader, a restart inside a passage", () => {
  it("keeps the point kept from the last run when the reader does not scroll", async () => {
    const b = backend();
    render(Reader, { id: ID });
    await screen.findByTestId("reader-title");
    await b.windowAsked;
    const area = screen.getByTestId("reader");
    expect(area.scrollTop).toBe(150); // half of the passage alone above the top
    b.release();
    await settle();
    // Four passages came in above it: the same point of 0005 is at the top.
    expect(area.scrollTop).toBe(4 * 300 + 150);
  });

  it("leaves the reader where they scrolled to before the neighbours came in", async () => {
    const b = backend();
    render(Reader, { id: ID });
    await screen.findByTestId("reader-title");
    await b.windowAsked;
    const area = screen.getByTestId("reader");
    area.scrollTop = 260; // the reader reads on, 110 px further down
    b.release();
    await settle();
    // The passages above push the same point down by 4 × 300: followed, and
    // not thrown back to the point of the last run (4 × 300 + 150).
    expect(area.scrollTop).toBe(4 * 300 + 260);
  });
});
