// Characters open their entry outside the reader too: in a search result
// (which is not opened, and whose panel stays), in a concordance line (a
// link not followed); and never from the layer tag or a button.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";
import { caretAtPoint } from "../../test/caret";

import { setTransport } from "../api";
import { forgetEntries } from "./char-cache";
import { resetCards } from "../cards/cards.svelte";
import { popups } from "../shell/popups.svelte";
import Concordance from "../search/Concordance.svelte";
import SearchBox from "../search/SearchBox.svelte";
import WithPopups from "../../test/WithPopups.svelte";
import { sampleEntry } from "../../test/char-fixtures";
import { sampleSearch } from "../../test/reading-fixtures";


afterEach(() => {
  cleanup();
  setTransport(null);
  resetCards();
  forgetEntries();
  popups.close();
  caretAtPoint(null);
  location.hash = "";
});

function backend() {
  const asked: string[] = [];
  setTransport(async (cmd, args) => {
    if (cmd === "search") return sampleSearch();
    if (cmd === "cards") return { cards: [], kinds: [], fold: {} };
    if (cmd === "describe_char") {
      asked.push(args.char as string);
      return sampleEntry({ char: args.char as string, headword: args.char as string });
    }
    throw new Error(cmd);
  });
  return asked;
}

/** Clicks the first `needle` inside `el`; resolves to whether the click's default went ahead. */
async function clickOn(el: Element, needle: string): Promise<boolean> {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const i = (n as Text).data.indexOf(needle);
    if (i < 0) continue;
    caretAtPoint({ node: n as Text, offset: i });
    await fireEvent.mouseDown(n.parentElement!, { button: 0, clientX: 5, clientY: 5 });
    return fireEvent.click(n.parentElement!, { button: 0, clientX: 5, clientY: 5 });
  }
  throw new Error(needle);
}

describe("characters outside the reader", () => {
  it("in a search result: the entry opens with the hit's passage, the result is not opened, the panel stays", async () => {
    const asked = backend();
    render(WithPopups, { props: { component: SearchBox } });
    const input = screen.getByTestId("search-input") as HTMLInputElement;
    input.focus();
    input.value = "觯";
    await fireEvent.input(input);
    const hit = (await screen.findAllByTestId("search-hit"))[0];
    await clickOn(hit.querySelector(".kwic")!, "實");
    const pop = await screen.findByTestId("char-popover");
    expect(pop.dataset.char).toBe("實");
    expect(asked).toEqual(["實"]);
    expect(location.hash).toBe("");
    await waitFor(() => expect(document.activeElement).toBe(pop));
    expect(screen.getByTestId("search-panel")).toBeTruthy();
    // Escape closes the pop-over only, and the focus is back in the box.
    await fireEvent.keyDown(pop, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("char-popover")).toBeNull());
    expect(document.activeElement).toBe(input);
    expect(screen.getByTestId("search-panel")).toBeTruthy();
  });

  it("in a concordance line: the link is not followed; its heading still opens the reader", async () => {
    backend();
    render(WithPopups, { props: { component: Concordance, props: { query: "觶" } } });
    const line = (await screen.findAllByTestId("concordance-hit"))[0];
    const followed = await clickOn(line.querySelector(".kwic")!, "實");
    expect(followed).toBe(false);
    await screen.findByTestId("char-popover");
    // Punctuation, the heading: nothing opens.
    popups.close();
    await clickOn(line.querySelector(".kwic")!, ",");
    await clickOn(line.querySelector(".conc-meta")!, "鄉");
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("char-popover")).toBeNull();
    expect(location.hash).toMatch(/^#\/read\/xiangshe\.zhushu\.\d{4}\?seg=/);
  });
});
