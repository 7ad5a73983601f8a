// "Add to glossary" for a built-in term: on its page (the Terms view) and in
// its pop-over in the reader, the same form adds the built-in card.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { CardView } from "../bindings/CardView";
import { popups } from "../shell/popups.svelte";
import TermCard from "../cards/TermCard.svelte";
import WithPopups from "../../test/WithPopups.svelte";
import { sampleCard as sampleSummary, sampleSearch } from "../../test/reading-fixtures";
import { sampleCard, sampleGlossary } from "../../test/user-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  popups.close();
});

const ZHI = {
  id: "zhi",
  headword: "觶",
  simplified: "觯",
  variants: [],
  pinyin: "zhì",
  kind: "vessel",
  kind_label: "器",
  also_kinds: [],
  definition: { en: "The three-sheng cup.", zh: "觶,飲酒器。" },
  search: { query: "觶", also: [], polysemy: null },
  readings: [],
  glosses: [],
  shu: [],
  notes: [],
  related: [],
  picture: null,
} as CardView;

function backend() {
  const calls: [string, Record<string, unknown>][] = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    switch (cmd) {
      case "card":
        return ZHI;
      case "search":
        return sampleSearch();
      case "my_glossaries":
        return [sampleGlossary({ id: 1, name: "射器" }), sampleGlossary({ id: 2, name: "酒器" })];
      case "add_builtin_card":
        return sampleCard({ id: 5, glossary_id: args.glossaryId as number, builtin_id: "zhi", headword: "觶" });
      default:
        throw new Error(cmd);
    }
  });
  return calls;
}

describe("Add to glossary for a built-in term", () => {
  it("on the term's page: pick a list, the built-in card is added", async () => {
    const calls = backend();
    render(TermCard, { id: "zhi" });
    await fireEvent.click(await screen.findByTestId("term-add"));
    const select = (await screen.findByTestId("add-glossary-select")) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(["射器", "酒器", "New glossary…"]);
    expect(document.activeElement).toBe(select);
    await fireEvent.change(select, { target: { value: "2" } });
    await fireEvent.click(screen.getByTestId("add-card-save"));
    const done = await screen.findByTestId("add-card-done");
    expect(done.textContent).toMatch(/Added\s*觶\s*to\s*酒器/);
    expect(calls.find(([c]) => c === "add_builtin_card")?.[1]).toEqual({ glossaryId: 2, builtinId: "zhi" });
  });

  it("in the term's pop-over", async () => {
    const calls = backend();
    render(WithPopups, { props: { component: TermCard, props: { id: "zhi" } } });
    await screen.findByTestId("term-add");
    popups.open({ kind: "term", cards: [sampleSummary()], anchor: { left: 0, top: 0, bottom: 0 }, spot: null }, { focus: true });
    const pop = await screen.findByTestId("term-popover");
    await fireEvent.click(within(pop).getByTestId("term-popover-add"));
    await within(pop).findByTestId("add-glossary-select");
    await fireEvent.click(within(pop).getByTestId("add-card-save"));
    await within(pop).findByTestId("add-card-done");
    expect(calls.find(([c]) => c === "add_builtin_card")?.[1]).toEqual({ glossaryId: 1, builtinId: "zhi" });
  });
});
