// The collocations panel is one tab stop with the arrow keys inside (a
// toolbar with a roving tabindex): the outside tester's Tab went through all
// 24 collocate buttons before reaching the reader.
import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { CollocationsView } from "../bindings/CollocationsView";
import { setLocale } from "../i18n/i18n.svelte";
import CollocationsPanel from "./CollocationsPanel.svelte";

afterEach(cleanup);

const word = (key: string, label = key, count = 2) => ({ key, label, count });
const COLLOCATIONS: CollocationsView = {
  occurrences: 9,
  left_words: [word("答再"), word("主人")],
  left_chars: [word("再", "再", 5)],
  right_chars: [word("觯", "觶"), word("受")],
  right_words: [word("于堂")],
};

const buttons = () => screen.getAllByTestId("collocate") as HTMLButtonElement[];

describe("CollocationsPanel", () => {
  // The outside tester's finding 4: after 主人 NEAR/3 賓, a click on 大
  // kept every segment holding 大 anywhere, while the button said "with the match".
  it("says when a click keeps the segments holding the collocate anywhere, not beside the match", () => {
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hant", around: ["主人 NEAR/3 賓"], onpick: () => {} });
    expect(screen.getByTestId("collocations-anywhere").textContent).toMatch(/not one phrase/);
    expect(buttons()[0].title).toMatch(/anywhere in them$/);
    cleanup();
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hant", around: ["再拜"], onpick: () => {} });
    expect(screen.queryByTestId("collocations-anywhere")).toBeNull();
    expect(buttons()[0].title).toMatch(/search for it with the match$/);
  });

  it("is one tab stop, told to screen readers as a toolbar moved through by arrows", () => {
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hant", onpick: () => {} });
    expect(buttons()).toHaveLength(6);
    expect(buttons().filter((b) => b.tabIndex === 0)).toEqual([buttons()[0]]);
    const bar = screen.getByRole("toolbar");
    expect(bar.getAttribute("aria-labelledby")).toBe("collocations-title");
    expect(document.getElementById(bar.getAttribute("aria-describedby")!)?.textContent).toMatch(/Arrow keys/);
  });

  it("moves with the arrows, Home and End, the tab stop following the focus", async () => {
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hant", onpick: () => {} });
    buttons()[0].focus();
    await fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(buttons()[1]);
    await fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(buttons()[2]); // into the next column
    await fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement).toBe(buttons()[5]);
    await fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(buttons()[5]); // stays at the last
    expect(buttons().filter((b) => b.tabIndex === 0)).toEqual([buttons()[5]]);
    await fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(document.activeElement).toBe(buttons()[0]);
    await fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(buttons()[0]);
  });

  it("shows the texts' form and still picks by the key", async () => {
    const onpick = vi.fn();
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hant", onpick });
    const zhi = buttons()[3];
    expect(zhi.querySelector("[lang]")?.textContent).toBe("觶");
    await fireEvent.click(zhi);
    expect(onpick).toHaveBeenCalledWith(COLLOCATIONS.right_chars[0], "right");
  });
});

// After a refinement the collocations are counted around the whole search
// (the query and its chips), not the query alone: the panel says which, and
// its accessible name carries it, in every language of the interface.
describe("the search the collocations were counted around", () => {
  const name = (el: Element) =>
    el
      .getAttribute("aria-labelledby")!
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent?.replace(/\s+/g, " ").trim())
      .join(" ");

  afterEach(() => setLocale("en"));

  it("names the query and each refinement, for the eye and in the panel's and the toolbar's names", () => {
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hant", around: ["拜", "主人", " "], onpick: () => {} });
    const parts = screen.getByTestId("collocations-around").querySelectorAll("code");
    expect(Array.from(parts, (c) => c.textContent)).toEqual(["拜", "主人"]);
    expect(parts[0].querySelector("[lang]")!.getAttribute("lang")).toBe("zh-Hant");
    const section = screen.getByTestId("collocations");
    // each language's own spacing around the parts (h5 tester: "賓and三让")
    expect(name(section)).toMatch(/ Counted around the search 拜 and 主人$/);
    expect(name(screen.getByRole("toolbar"))).toBe(name(section));
  });

  it("is said in 繁體 and 简体", () => {
    setLocale("zh-Hant");
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hant", around: ["拜", "主人"], onpick: () => {} });
    expect(name(screen.getByTestId("collocations"))).toMatch(/計數所據的檢索：拜及主人$/);
    cleanup();
    setLocale("zh-Hans");
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hans", around: ["拜"], onpick: () => {} });
    expect(name(screen.getByTestId("collocations"))).toMatch(/计数所据的检索：拜$/);
    expect(screen.getByTestId("collocations-around").textContent).not.toMatch(/[A-Za-z]/);
  });

  it("says nothing of it when not told the search", () => {
    render(CollocationsPanel, { collocations: COLLOCATIONS, lang: "zh-Hant", onpick: () => {} });
    expect(screen.queryByTestId("collocations-around")).toBeNull();
    expect(screen.getByTestId("collocations").getAttribute("aria-labelledby")).toBe("collocations-title");
  });
});
