// Tab out of a pop-up over the text (tester h6, finding 1): the term's card,
// a character's entry and a selection's menu stayed open when Tab left them,
// and the focus went to the skip link at the top of the page. Tab past the
// last control (Shift+Tab before the first) now closes each and gives the
// focus back to the passage it was opened from.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { tabStops } from "../common/focus";
import PopupHost from "./PopupHost.svelte";
import { popups } from "./popups.svelte";
import SelectionActions from "../reader/SelectionActions.svelte";
import { sampleCard } from "../../test/reading-fixtures";

let passage: HTMLElement;

function openedFromPassage(): HTMLElement {
  passage = document.createElement("div");
  passage.tabIndex = 0;
  passage.id = "p-xiangshe.zhushu.0001";
  passage.textContent = "乏";
  document.body.appendChild(passage);
  passage.focus();
  return passage;
}

afterEach(() => {
  popups.close();
  cleanup();
  passage?.remove();
  setTransport(null);
});

const anchor = { left: 0, top: 0, bottom: 0 };

async function openPopup(kind: "term" | "char"): Promise<HTMLElement> {
  setTransport(async () => {
    throw new Error("offline");
  });
  render(PopupHost);
  openedFromPassage();
  if (kind === "term") {
    popups.open({ kind: "term", cards: [sampleCard({ id: "fa", headword: "乏" })], anchor, spot: null }, { focus: true });
  } else {
    popups.open(
      { kind: "char", char: "乏", passage: null, selection: null, anchor, spot: null, since: 0 },
      { focus: true },
    );
  }
  const box = await waitFor(() => {
    const el = document.querySelector<HTMLElement>("[data-popup]");
    if (!el || !el.contains(document.activeElement)) throw new Error("the pop-up has not the focus yet");
    return el;
  });
  return box;
}

describe("Tab out of a pop-up", () => {
  for (const kind of ["term", "char"] as const) {
    it(`${kind}: Tab on its last control closes it, the focus back on the passage`, async () => {
      const box = await openPopup(kind);
      const stops = tabStops(box);
      expect(stops.length).toBeGreaterThan(0);
      stops[stops.length - 1].focus();
      await fireEvent.keyDown(document.activeElement!, { key: "Tab" });
      await waitFor(() => expect(document.querySelector("[data-popup]")).toBeNull());
      expect(popups.current).toBeNull();
      expect(document.activeElement).toBe(passage);
    });

    it(`${kind}: Tab inside it moves on as usual, and Shift+Tab on its first control closes it`, async () => {
      const box = await openPopup(kind);
      const stops = tabStops(box);
      stops[0].focus();
      if (stops.length > 1) {
        const inside = await fireEvent.keyDown(document.activeElement!, { key: "Tab" });
        expect(inside).toBe(true); // not prevented: the browser moves the focus
        expect(popups.current?.kind).toBe(kind);
      }
      await fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
      await waitFor(() => expect(document.querySelector("[data-popup]")).toBeNull());
      expect(document.activeElement).toBe(passage);
    });
  }

  it("selection menu: Tab on its last button closes it; Tab between its buttons does not", async () => {
    setTransport(async (cmd) => {
      if (cmd === "cards") return { cards: [], kinds: [], fold: {} };
      throw new Error("offline");
    });
    openedFromPassage();
    let closed = 0;
    render(SelectionActions, {
      props: {
        span: { passageId: "xiangshe.zhushu.0001", segment: 1, start: 0, end: 1, text: "乏" },
        rect: anchor,
        script: "original",
        onnote: () => {},
        onclose: () => closed++,
      },
    });
    const panel = screen.getByTestId("selection-actions");
    const stops = tabStops(panel);
    expect(stops.length).toBeGreaterThan(1);
    stops[0].focus();
    await fireEvent.keyDown(stops[0], { key: "Tab" });
    expect(closed).toBe(0);
    stops[stops.length - 1].focus();
    await fireEvent.keyDown(stops[stops.length - 1], { key: "Tab" });
    expect(closed).toBe(1);
    stops[0].focus();
    await fireEvent.keyDown(stops[0], { key: "Tab", shiftKey: true });
    expect(closed).toBe(2);
  });
});
