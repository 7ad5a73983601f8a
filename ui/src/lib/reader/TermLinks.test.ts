// The glossary's terms as links in the reader's text (issue 17, point 2):
// each term a link to its card, the marks of a search hit inside it; Tab
// reaches the terms of the passage the focus is in (each term once) and of
// the one before it, no others; Enter on a link opens the card in place,
// and Escape gives the focus back to the link; a click never navigates.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { PassageView } from "../bindings/PassageView";
import { resetCards } from "../cards/cards.svelte";
import { popups } from "../shell/popups.svelte";
import Reader from "./Reader.svelte";
import WithPopups from "../../test/WithPopups.svelte";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";
import { sampleCards } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  resetCards();
  popups.close();
  location.hash = "";
});

const JING = "司射適堂西，北面立于楅之南。司射命楅。";

function backend() {
  const three: PassageView[] = [1, 2, 3].map((n) => {
    const p = samplePassage({ id: `xiangshe.zhushu.000${n}`, ordinal: n, total: 3 });
    p.segments[0] = { ...p.segments[0], text: JING };
    return p;
  });
  setTransport(async (cmd) => {
    if (cmd === "passages") return three;
    if (cmd === "get_settings" || cmd === "set_settings") return SAMPLE_SETTINGS;
    if (cmd === "cards") return { ...sampleCards(), kinds: [] };
    if (cmd === "card") throw { kind: "not_found", message: "no" };
    if (cmd === "passage_notes") return [];
    throw new Error(cmd);
  });
}

const links = (passage: string) =>
  Array.from(document.querySelectorAll<HTMLAnchorElement>(`[data-passage="xiangshe.zhushu.${passage}"] [data-layer="jing"] a.term-link`));
const tabStops = (passage: string) => links(passage).filter((a) => a.tabIndex === 0);

describe("term links in the reader", () => {
  it("makes each term a link to its card, the text unchanged", async () => {
    backend();
    render(WithPopups, { props: { component: Reader, props: { id: "xiangshe.zhushu.0002", hit: { segment: 0, ranges: [[0, 1]] } } } });
    await waitFor(() => expect(links("0002").length).toBe(4));
    expect(links("0002").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["司射", "#/terms/sishe"],
      ["楅", "#/terms/bi"],
      ["司射", "#/terms/sishe"],
      ["楅", "#/terms/bi"],
    ]);
    const jing = document.querySelector('[data-passage="xiangshe.zhushu.0002"] [data-layer="jing"]')!;
    expect(jing.textContent).toBe(JING);
    // The hit's mark (司 of 司射) is inside the link, not the link cut in two.
    const mark = jing.querySelector("mark.hit")!;
    expect(mark.textContent).toBe("司");
    expect(mark.parentElement!.matches("a.term-link")).toBe(true);
    expect(mark.parentElement!.textContent).toBe("司射");
    // A link cannot be dragged away: a press on it selects text.
    expect(links("0002")[0].getAttribute("draggable")).toBe("false");
  });

  it("Tab reaches the terms of the focused passage once each, and of the one before it; no others", async () => {
    backend();
    render(WithPopups, { props: { component: Reader, props: { id: "xiangshe.zhushu.0002" } } });
    await waitFor(() => expect(tabStops("0002").length).toBe(2));
    // The first 司射 and the first 楅; their repeats are links Tab skips.
    expect(tabStops("0002").map((a) => a.textContent)).toEqual(["司射", "楅"]);
    expect(links("0002")[2].tabIndex).toBe(-1);
    expect(tabStops("0001").map((a) => a.textContent)).toEqual(["司射", "楅"]);
    expect(tabStops("0003")).toEqual([]);
    // The focus moves on (j): the stops follow it.
    document.getElementById("p-xiangshe.zhushu.0003")!.focus();
    await waitFor(() => expect(tabStops("0003").length).toBe(2));
    expect(tabStops("0002").length).toBe(2);
    expect(tabStops("0001")).toEqual([]);
  });

  it("Enter on a link opens the card with the focus; Escape gives it back to the link; nothing navigates", async () => {
    backend();
    render(WithPopups, { props: { component: Reader, props: { id: "xiangshe.zhushu.0002" } } });
    await waitFor(() => expect(tabStops("0002").length).toBe(2));
    const bi = tabStops("0002")[1];
    bi.focus();
    // Enter on a focused link is a click without a pointer (detail 0).
    const followed = await fireEvent.click(bi, { detail: 0 });
    expect(followed).toBe(false);
    const card = await screen.findByTestId("term-popover");
    expect(card.dataset.card).toBe("bi");
    await waitFor(() => expect(document.activeElement).toBe(card));
    await fireEvent.keyDown(card, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("term-popover")).toBeNull());
    expect(document.activeElement).toBe(bi);
    expect(location.hash).toBe("");
  });
});
