// A card from a reader selection: the form shows the card the backend
// drafts from the text before it is added (issue 9: a card made from a
// selection no longer has an empty back).
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { resetCards } from "../cards/cards.svelte";
import Reader from "./Reader.svelte";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";
import { sampleCard, sampleGlossary } from "../../test/user-fixtures";

const P1 = "xiangshe.zhushu.0001";

afterEach(() => {
  cleanup();
  setTransport(null);
  resetCards();
  window.getSelection()?.removeAllRanges();
});

describe("a card from a selection", () => {
  it("shows the drafted card, then adds it", async () => {
    const calls: [string, Record<string, unknown>][] = [];
    setTransport(async (cmd, args) => {
      calls.push([cmd, args]);
      switch (cmd) {
        case "passages":
          return [samplePassage()];
        case "get_settings":
          return SAMPLE_SETTINGS;
        case "passage_notes":
          return [];
        case "cards":
          return { cards: [], kinds: [], fold: {} };
        case "my_glossaries":
          return [sampleGlossary()];
        case "draft_card":
          return {
            headword: "州長",
            reading: "zhōu zhǎng",
            definition: "head of a district\n\n「主人,州長也。」\n— 《儀禮註疏·鄉射禮》鄭注，xiangshe.zhushu.0001，000_fc068ac90b3961d7.txt 第7行",
            tags: [],
            passages: [P1],
          };
        case "add_card_from_selection":
          return sampleCard({ id: 3, builtin_id: null, headword: "州長" });
        default:
          throw new Error(cmd);
      }
    });
    render(Reader, { id: P1 });
    await screen.findByTestId("reader-title");
    const zhu = document.querySelector(`[data-passage="${P1}"] [data-layer="zhu"] .seg-text`)!;
    const node = Array.from(zhu.childNodes).find((n) => n.textContent?.includes("州長")) as Text;
    const at = node.data.indexOf("州長");
    const r = document.createRange();
    r.setStart(node, at);
    r.setEnd(node, at + 2);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(r);
    await fireEvent.mouseUp(zhu);
    await fireEvent.click(await screen.findByTestId("sel-add-card"));
    const preview = await screen.findByTestId("add-card-preview");
    expect(preview.textContent).toContain("zhōu zhǎng");
    expect(preview.textContent).toContain("「主人,州長也。」");
    const selection = { passage_id: P1, segment: 1, start: 3, end: 5, script: "original" };
    expect(calls.find(([c]) => c === "draft_card")?.[1]).toEqual({ selection, locale: "en" });
    await fireEvent.click(screen.getByTestId("sel-card-save"));
    await waitFor(() => expect(screen.getByTestId("card-added").textContent).toMatch(/Added\s*州長/));
    expect(calls.find(([c]) => c === "add_card_from_selection")?.[1]).toEqual({ glossaryId: 1, selection, locale: "en" });
  });
});
