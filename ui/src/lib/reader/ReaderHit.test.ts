import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { PassageView } from "../bindings/PassageView";
import { resetCards } from "../cards/cards.svelte";
import Reader from "./Reader.svelte";
import { popups } from "../shell/popups.svelte";
import WithPopups from "../../test/WithPopups.svelte";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";
import { sampleCards } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  resetCards();
  popups.close();
});

function backend(jing?: string) {
  const three: PassageView[] = [1, 2, 3].map((n) => {
    const p = samplePassage({ id: `xiangshe.zhushu.000${n}`, ordinal: n, total: 3 });
    if (jing) p.segments[0] = { ...p.segments[0], text: jing };
    return p;
  });
  setTransport(async (cmd) => {
    if (cmd === "passages") return three;
    if (cmd === "get_settings") return SAMPLE_SETTINGS;
    if (cmd === "set_settings") return SAMPLE_SETTINGS;
    if (cmd === "cards") return { ...sampleCards(), kinds: [] };
    if (cmd === "card") throw { kind: "not_found", message: "no" };
    if (cmd === "passage_notes") return [];
    throw new Error(cmd);
  });
}

describe("Reader: search hits and term pop-overs", () => {
  it("marks the hit in its segment only", async () => {
    backend();
    render(Reader, { id: "xiangshe.zhushu.0002", hit: { segment: 1, ranges: [[0, 2]] } });
    await screen.findByTestId("reader-title");
    const marks = document.querySelectorAll("mark.hit");
    expect(marks.length).toBe(1);
    expect(marks[0].textContent).toBe("主人");
    expect(marks[0].closest("[data-passage]")!.getAttribute("data-passage")).toBe("xiangshe.zhushu.0002");
    expect(marks[0].closest("[data-layer]")!.getAttribute("data-layer")).toBe("zhu");
  });

  it("marks a hit in the part of a 疏 on the 注", async () => {
    backend();
    // 「釋曰:自此。○注「主人」」: the part on the 注 starts at 6; 主人 is 9–11.
    render(Reader, { id: "xiangshe.zhushu.0001", hit: { segment: 2, ranges: [[9, 11]] } });
    await screen.findByTestId("reader-title");
    const mark = document.querySelector("mark.hit")!;
    expect(mark.textContent).toBe("主人");
    expect(mark.closest(".shu-on-zhu")).toBeTruthy();
  });

  it("offers the card of a selected term in the selection's menu, one pop-up at a time, in either script", async () => {
    backend("執觶興,司射作。");
    render(WithPopups, { props: { component: Reader, props: { id: "xiangshe.zhushu.0001" } } });
    await screen.findByTestId("reader-title");
    const jing = document.querySelector('[data-passage="xiangshe.zhushu.0001"] [data-layer="jing"]')!;
    const select = async (needle: string) => {
      const walker = document.createTreeWalker(jing, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = (n as Text).data.indexOf(needle);
        if (i < 0) continue;
        const range = document.createRange();
        range.setStart(n, i);
        range.setEnd(n, i + needle.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        await fireEvent.mouseUp(jing, { button: 0 });
        return;
      }
      throw new Error(needle);
    };
    const openTerm = async () => {
      const offer = await screen.findByTestId("sel-term");
      // Only the menu is open until the card is asked for.
      expect(screen.queryByTestId("term-popover")).toBeNull();
      await fireEvent.click(offer);
      const pop = await screen.findByTestId("term-popover");
      // The card replaces the menu.
      await waitFor(() => expect(screen.queryByTestId("selection-actions")).toBeNull());
      return pop;
    };
    await select("觶");
    const pop = await openTerm();
    expect(pop.dataset.card).toBe("zhi");
    expect(pop.textContent).toContain("觯");
    expect(pop.querySelector('[data-testid="term-popover-open"]')!.getAttribute("href")).toBe("#/terms/zhi");
    await fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("term-popover")).toBeNull());
    await select("司射");
    expect((await openTerm()).dataset.card).toBe("sishe");
    await fireEvent.keyDown(window, { key: "Escape" });
    // Not a term: the menu offers no card.
    await select("執");
    await screen.findByTestId("selection-actions");
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("sel-term")).toBeNull();
    expect(screen.queryByTestId("term-popover")).toBeNull();
  });
});
