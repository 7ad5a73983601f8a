// The character pop-over as a reader meets it in the reader: a click on a
// character of the 疏 that is no glossary term opens its entry, 廣韻 first,
// the 釋文 reading of the passage being read marked; Escape closes it and
// gives the focus back; one pop-up at a time; a drag selects and opens
// nothing; Enter opens the character at the caret; Add to glossary.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";
import { caretAtPoint } from "../../test/caret";

import { setTransport } from "../api";
import type { PassageView } from "../bindings/PassageView";
import { resetCards } from "../cards/cards.svelte";
import { forgetEntries } from "./char-cache";
import { popups } from "../shell/popups.svelte";
import { onSearchRequest } from "../search/search-bus";
import Reader from "../reader/Reader.svelte";
import WithPopups from "../../test/WithPopups.svelte";
import { sampleEntry } from "../../test/char-fixtures";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";
import { sampleCards } from "../../test/reading-fixtures";
import { sampleCard, sampleGlossary } from "../../test/user-fixtures";

const P2 = "xiangshe.zhushu.0002";

afterEach(() => {
  cleanup();
  setTransport(null);
  resetCards();
  forgetEntries();
  popups.close();
  caretAtPoint(null);
  window.getSelection()?.removeAllRanges();
  location.hash = "";
});

function backend() {
  const calls: [string, Record<string, unknown>][] = [];
  const passages: PassageView[] = [1, 2, 3].map((n) => {
    const p = samplePassage({ id: `xiangshe.zhushu.000${n}`, ordinal: n, total: 3 });
    p.segments[0] = { ...p.segments[0], text: "執觶興,司射作。" };
    return p;
  });
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    switch (cmd) {
      case "passages":
        return passages;
      case "get_settings":
      case "set_settings":
        return SAMPLE_SETTINGS;
      case "cards":
        return { ...sampleCards(), kinds: [] };
      case "card":
        throw { kind: "not_found", message: "no" };
      case "passage_notes":
        return [];
      case "describe_char": {
        const c = args.char as string;
        return sampleEntry({ char: c, headword: c });
      }
      case "draft_card":
        return { headword: "釋", reading: "shì · 施隻切", definition: "explain\n「釋曰:自此。」 鄉射禮 L8", tags: [], passages: [P2] };
      case "my_glossaries":
        return [];
      case "create_glossary":
        return sampleGlossary({ id: 7, name: args.name as string, cards: 0 });
      case "add_new_card":
        return sampleCard({ id: 9, glossary_id: 7, builtin_id: null, headword: "釋" });
      default:
        throw new Error(cmd);
    }
  });
  return calls;
}

async function openReader() {
  const calls = backend();
  render(WithPopups, { props: { component: Reader, props: { id: P2 } } });
  await screen.findByTestId("reader-title");
  return calls;
}

function segment(layer: string): HTMLElement {
  return document.querySelector(`[data-passage="${P2}"] [data-layer="${layer}"]`)!;
}

/** The text node and offset of the first `needle` in `el`. */
function find(el: Element, needle: string): { node: Text; offset: number } {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const i = (n as Text).data.indexOf(needle);
    if (i >= 0 && !n.parentElement?.closest(".layer-tag")) return { node: n as Text, offset: i };
  }
  throw new Error(needle);
}

/** A click on `needle` as a mouse makes it (the caret API answers where). */
async function clickOn(el: Element, needle: string) {
  const at = find(el, needle);
  caretAtPoint(at);
  window.getSelection()!.collapse(at.node, at.offset);
  const target = at.node.parentElement!;
  await fireEvent.mouseDown(target, { button: 0, clientX: 10, clientY: 10 });
  await fireEvent.mouseUp(target, { button: 0, clientX: 10, clientY: 10 });
  await fireEvent.click(target, { button: 0, clientX: 10, clientY: 10, detail: 1 });
}

describe("the character pop-over", () => {
  it("opens on a 疏 character: 廣韻 first, the 釋文 reading of this passage marked, then the rest", async () => {
    const calls = await openReader();
    await clickOn(segment("shu"), "釋");
    const pop = await screen.findByTestId("char-popover");
    expect(pop.dataset.char).toBe("釋");
    expect(calls.find(([c]) => c === "describe_char")?.[1]).toEqual({ char: "釋" });
    const fanqie = await within(pop).findByTestId("char-fanqie");
    const items = within(fanqie).getAllByTestId("char-fanqie-item");
    expect(items[0].textContent).toMatch(/章移切\s*支韻 平\s*章開三支平/);
    expect(items[1].textContent).toContain("支義切");

    // In this order: 廣韻, 釋文, definition, forms, counts.
    const order = ["char-fanqie", "char-shiwen", "char-definition", "char-forms", "char-counts"].map((id) =>
      within(pop).getByTestId(id),
    );
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }

    const shiwen = within(pop).getAllByTestId("char-shiwen-item");
    expect(shiwen[0].dataset.passageId).toBe(P2);
    expect(shiwen[0].classList.contains("current")).toBe(true);
    expect(shiwen[0].getAttribute("aria-current")).toBe("location");
    expect(shiwen[0].textContent).toContain("this passage");
    expect(shiwen[1].classList.contains("current")).toBe(false);
    expect(shiwen[1].querySelector("a")!.getAttribute("href")).toBe("#/read/xiangshe.zhushu.0010");

    expect(within(pop).getByTestId("char-mandarin").textContent).toBe("zhì");
    expect(within(pop).getByTestId("char-definition").textContent).toContain("wine goblet");
    expect(within(pop).getByTestId("char-forms").textContent).toMatch(/觯 simplified form/);
    expect(within(pop).getByTestId("char-counts").textContent).toMatch(/273\s*occurrences in 180 segments/);
    expect(pop.querySelectorAll("[lang=zh-Hant]").length).toBeGreaterThan(5);
  });

  it("says where a simplified form leads", async () => {
    await openReader();
    setTransport(async (cmd) => {
      if (cmd === "describe_char") return sampleEntry({ char: "觯", headword: "觶", relation: "simplified" });
      if (cmd === "cards") return { cards: [], kinds: [], fold: {} };
      throw new Error(cmd);
    });
    await clickOn(segment("shu"), "釋");
    expect((await screen.findByTestId("char-leads")).textContent).toBe("觯 → 觶, simplified form");
    expect(screen.getByTestId("char-headword").textContent).toBe("觶");
    // Named by its code point too: an Ext B character no font covers is a box.
    expect(screen.getByTestId("char-codepoint").textContent).toBe("U+89F6");
  });

  it("takes the focus; Escape closes it and gives the focus back", async () => {
    await openReader();
    const passage = document.getElementById(`p-${P2}`)!;
    passage.focus();
    await clickOn(segment("shu"), "釋");
    const pop = await screen.findByTestId("char-popover");
    await waitFor(() => expect(document.activeElement).toBe(pop));
    await fireEvent.keyDown(pop, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("char-popover")).toBeNull());
    expect(document.activeElement).toBe(passage);
  });

  it("is the only pop-up: a term's card replaces it, and the card's character brings it back", async () => {
    await openReader();
    await clickOn(segment("shu"), "釋");
    await screen.findByTestId("char-popover");
    await clickOn(segment("jing"), "觶");
    const term = await screen.findByTestId("term-popover");
    expect(term.dataset.card).toBe("zhi");
    expect(screen.queryByTestId("char-popover")).toBeNull();
    await fireEvent.click(within(term).getByTestId("term-popover-char"));
    expect((await screen.findByTestId("char-popover")).dataset.char).toBe("觶");
    expect(screen.queryByTestId("term-popover")).toBeNull();
    expect(document.querySelectorAll("[data-popup]").length).toBe(1);
  });

  it("opens nothing for a drag, which selects as ever, nor for the click that clears a selection", async () => {
    await openReader();
    const shu = segment("shu");
    const at = find(shu, "釋曰");
    caretAtPoint(at);
    await fireEvent.mouseDown(at.node.parentElement!, { button: 0, clientX: 10, clientY: 10 });
    const r = document.createRange();
    r.setStart(at.node, at.offset);
    r.setEnd(at.node, at.offset + 2);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(r);
    await fireEvent.mouseUp(at.node.parentElement!, { button: 0, clientX: 60, clientY: 10 });
    await fireEvent.click(at.node.parentElement!, { button: 0, clientX: 60, clientY: 10 });
    await new Promise((res) => setTimeout(res, 20));
    expect(screen.queryByTestId("char-popover")).toBeNull();
    expect(window.getSelection()!.toString()).toBe("釋曰");
    // The selection's own actions are offered instead.
    expect(await screen.findByTestId("selection-actions")).toBeTruthy();

    // A click that only dismisses the selection opens nothing either.
    await fireEvent.mouseDown(at.node.parentElement!, { button: 0, clientX: 10, clientY: 10 });
    window.getSelection()!.collapse(at.node, at.offset);
    await fireEvent.click(at.node.parentElement!, { button: 0, clientX: 10, clientY: 10 });
    await new Promise((res) => setTimeout(res, 20));
    expect(screen.queryByTestId("char-popover")).toBeNull();
  });

  it("opens with Enter for the character at the caret, and steps on with → and ←", async () => {
    await openReader();
    const passage = document.getElementById(`p-${P2}`)!;
    const at = find(segment("zhu"), "州");
    window.getSelection()!.collapse(at.node, at.offset);
    passage.focus();
    await fireEvent.keyDown(passage, { key: "Enter" });
    const pop = await screen.findByTestId("char-popover");
    expect(pop.dataset.char).toBe("州");
    await fireEvent.keyDown(pop, { key: "ArrowRight" });
    await waitFor(() => expect(screen.getByTestId("char-popover").dataset.char).toBe("長"));
    await fireEvent.keyDown(screen.getByTestId("char-popover"), { key: "ArrowLeft" });
    await waitFor(() => expect(screen.getByTestId("char-popover").dataset.char).toBe("州"));
  });

  it("Enter without a caret opens the passage's first character", async () => {
    await openReader();
    const passage = document.getElementById(`p-${P2}`)!;
    window.getSelection()!.removeAllRanges();
    passage.focus();
    await fireEvent.keyDown(passage, { key: "Enter" });
    expect((await screen.findByTestId("char-popover")).dataset.char).toBe("執");
  });

  it("adds the character to a new glossary, the card drafted from its sentence", async () => {
    const calls = await openReader();
    await clickOn(segment("shu"), "釋");
    const pop = await screen.findByTestId("char-popover");
    await fireEvent.click(await within(pop).findByTestId("char-add"));
    const preview = await within(pop).findByTestId("add-card-preview");
    expect(preview.textContent).toContain("施隻切");
    expect(calls.find(([c]) => c === "draft_card")?.[1]).toEqual({
      selection: { passage_id: P2, segment: 2, start: 0, end: 1, script: "original" },
      locale: "en",
    });
    expect((within(pop).getByTestId("add-glossary-select") as HTMLSelectElement).value).toBe("new");
    await fireEvent.input(within(pop).getByTestId("add-glossary-name"), { target: { value: "疏字" } });
    await fireEvent.click(within(pop).getByTestId("add-card-save"));
    const done = await within(pop).findByTestId("add-card-done");
    expect(done.textContent).toMatch(/Added\s*釋\s*to\s*疏字/);
    expect(within(done).getByRole("link").getAttribute("href")).toBe("#/glossaries/7");
    expect(calls.find(([c]) => c === "create_glossary")?.[1]).toEqual({ name: "疏字", description: "" });
    expect(calls.find(([c]) => c === "add_new_card")?.[1]).toMatchObject({
      glossaryId: 7,
      card: { headword: "釋", reading: "shì · 施隻切", passages: [P2] },
    });
    // Following the link to the glossary leaves the pop-over behind.
    await fireEvent.click(within(done).getByRole("link"));
    await waitFor(() => expect(screen.queryByTestId("char-popover")).toBeNull());
    expect(location.hash).toBe("#/glossaries/7");
  });

  it("searches the character, or opens its concordance", async () => {
    await openReader();
    const asked: string[] = [];
    const stop = onSearchRequest((q) => asked.push(q));
    await clickOn(segment("shu"), "釋");
    await fireEvent.click(await screen.findByTestId("char-search"));
    expect(asked).toEqual(["釋"]);
    expect(screen.queryByTestId("char-popover")).toBeNull();
    stop();
    await clickOn(segment("shu"), "釋");
    await fireEvent.click(await screen.findByTestId("char-concordance"));
    expect(decodeURIComponent(location.hash)).toBe("#/concordance/釋");
  });
});
