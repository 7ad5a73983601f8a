// One pop-up at a time (issue 12, point 4): a term's card, a character's
// entry and the menus over the text (a selection's actions, the copy menu,
// the keys list) close one another.
import { afterEach, describe, expect, it } from "vitest";
import { popups } from "./popups.svelte";

const term = () => ({ kind: "term" as const, cards: [], anchor: { left: 0, top: 0, bottom: 0 }, spot: null });

afterEach(() => popups.close());

describe("one pop-up at a time", () => {
  it("a menu opening closes the term's card", () => {
    popups.open(term(), { focus: false });
    popups.openMenu(() => {});
    expect(popups.current).toBeNull();
  });

  it("a term's card opening closes the menu that was open", () => {
    let menuOpen = true;
    popups.openMenu(() => (menuOpen = false));
    popups.open(term(), { focus: false });
    expect(menuOpen).toBe(false);
    expect(popups.current?.kind).toBe("term");
  });

  it("a second menu closes the first, and not itself", () => {
    let first = true;
    let second = true;
    const closeSecond = () => (second = false);
    popups.openMenu(() => (first = false));
    popups.openMenu(closeSecond);
    expect(first).toBe(false);
    expect(second).toBe(true);
    popups.menuClosed(closeSecond);
  });

  it("a menu that closed itself is not closed again by the next one", () => {
    let closings = 0;
    const close = () => closings++;
    popups.openMenu(close);
    popups.menuClosed(close);
    popups.openMenu(() => {});
    expect(closings).toBe(0);
  });
});
