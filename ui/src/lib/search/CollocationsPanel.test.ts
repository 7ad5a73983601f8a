// The collocations panel is one tab stop with the arrow keys inside (a
// toolbar with a roving tabindex): the outside tester's Tab went through all
// 24 collocate buttons before reaching the reader.
import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { CollocationsView } from "../bindings/CollocationsView";
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
