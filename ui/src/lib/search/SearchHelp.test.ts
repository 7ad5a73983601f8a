import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";

import SearchHelp from "./SearchHelp.svelte";

afterEach(cleanup);

// The outside tester's finding 18: the thirteen examples were thirteen tab
// stops between the search box and the rest of the top bar.
describe("the search box's examples", () => {
  it("are one tab stop, named as a group; the arrows, Home and End move among them", async () => {
    const onpick = vi.fn();
    render(SearchHelp, { onpick });
    const group = screen.getByRole("group", { name: /Search the texts/ });
    expect(group.getAttribute("aria-describedby")).toBe("search-help-keys");
    expect(document.getElementById("search-help-keys")?.textContent).toContain("Arrow keys");
    const buttons = screen.getAllByTestId("search-example");
    expect(buttons.length).toBe(13);
    const stops = () => buttons.filter((b) => b.tabIndex === 0);
    expect(stops()).toEqual([buttons[0]]);
    buttons[0].focus();
    await fireEvent.keyDown(buttons[0], { key: "ArrowDown" });
    expect(document.activeElement).toBe(buttons[1]);
    expect(stops()).toEqual([buttons[1]]);
    await fireEvent.keyDown(buttons[1], { key: "End" });
    expect(document.activeElement).toBe(buttons[12]);
    await fireEvent.keyDown(buttons[12], { key: "ArrowRight" });
    expect(document.activeElement).toBe(buttons[12]);
    await fireEvent.keyDown(buttons[12], { key: "Home" });
    expect(document.activeElement).toBe(buttons[0]);
    await fireEvent.keyDown(buttons[0], { key: "ArrowUp" });
    expect(document.activeElement).toBe(buttons[0]);
    await fireEvent.keyDown(buttons[0], { key: "ArrowRight" });
    await fireEvent.click(document.activeElement as HTMLElement);
    expect(onpick).toHaveBeenCalledWith("觯");
  });

  // The h4 tester: the descriptions' Chinese had no lang (the example
  // buttons did); "bi1" was marked as Chinese.
  it("marks every Chinese character in the panel with a Chinese lang, and no English word", () => {
    render(SearchHelp, { onpick: vi.fn() });
    const panel = screen.getByTestId("search-help");
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    let han = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const lang = n.parentElement?.closest("[lang]")?.getAttribute("lang") ?? "";
      const zh = /[\u3400-\u9fff]/u.test(n.textContent ?? "");
      if (zh) han++;
      // Chinese in a Chinese lang; English words (bi1, the sentences) not.
      const latin = /[A-Za-z]/.test(n.textContent ?? "");
      if (zh || latin) expect(lang.startsWith("zh"), `${JSON.stringify(n.textContent)} lang=${lang}`).toBe(zh);
    }
    expect(han).toBeGreaterThan(20);
  });
});
