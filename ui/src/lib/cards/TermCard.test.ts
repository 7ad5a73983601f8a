import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { CardView } from "../bindings/CardView";
import type { SearchQuery } from "../bindings/SearchQuery";
import TermCard from "./TermCard.svelte";
import { setLocale } from "../i18n/i18n.svelte";
import { sampleSearch } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  location.hash = "";
  setLocale("en");
});

const BI: CardView = {
  id: "bi",
  headword: "楅",
  simplified: "楅",
  variants: [],
  pinyin: "bī",
  kind: "gear",
  kind_label: "射具",
  also_kinds: [],
  definition: { en: "The arrow rest.", zh: "楅,承矢之器。" },
  search: { query: "楅", also: ["設楅"], polysemy: null },
  readings: [],
  glosses: [
    {
      source: "xiangshe.zhushu",
      title: "鄉射禮",
      edition: "儀禮註疏",
      line: 763,
      column: null,
      text: "楅猶幅也,所以承笴矢者。",
      layer: "注",
      on: "命弟子設楅。",
      note: null,
      passage: "xiangshe.zhushu.0165",
    },
  ],
  shu: [],
  notes: [],
  related: [{ id: "shi", headword: "矢", simplified: "矢", pinyin: "shǐ" }],
  picture: "bi.svg",
};

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>楅</title><line x1="0" y1="0" x2="9" y2="9"/></svg>`;

describe("TermCard", () => {
  it("shows the card, its gloss linked to the passage, the drawing and a live concordance", async () => {
    const searches: SearchQuery[] = [];
    setTransport(async (cmd, args) => {
      if (cmd === "card") return BI;
      if (cmd === "picture") return SVG;
      if (cmd === "search") {
        searches.push(args.request as SearchQuery);
        return sampleSearch();
      }
      throw new Error(cmd);
    });
    render(TermCard, { id: "bi" });
    const glosses = await screen.findByTestId("term-glosses");
    expect(glosses.textContent).toContain("楅猶幅也,所以承笴矢者");
    const cite = glosses.querySelector('[data-testid="cite-link"]')!;
    expect(cite.getAttribute("href")).toBe("#/read/xiangshe.zhushu.0165");
    expect(screen.getByTestId("term-pinyin").textContent).toBe("bī");
    expect(screen.getByTestId("related-shi").getAttribute("href")).toBe("#/terms/shi");
    await waitFor(() => expect(document.querySelector('[data-testid="picture"] svg line')).toBeTruthy());
    const lines = await screen.findAllByTestId("concordance-hit");
    expect(lines.length).toBe(3);
    expect(searches[0]).toMatchObject({ query: "楅", limit: 25 });
    expect(lines[0].getAttribute("href")).toBe("#/read/xiangshe.zhushu.0072?seg=0&hl=3-4,10-11");
    expect(lines[0].querySelectorAll("mark.hit").length).toBe(2);
    await fireEvent.click(screen.getByTestId("conc-work-燕禮"));
    await waitFor(() => expect(searches.length).toBe(2));
    expect(searches[1].work).toBe("燕禮");
  });

  it("speaks 繁體中文 when the interface does, its English definition still marked English", async () => {
    setLocale("zh-Hant");
    setTransport(async (cmd) => {
      if (cmd === "card") return BI;
      if (cmd === "picture") return SVG;
      if (cmd === "search") return sampleSearch();
      throw new Error(cmd);
    });
    render(TermCard, { id: "bi" });
    const glosses = await screen.findByTestId("term-glosses");
    expect(glosses.querySelector("h2")!.textContent!.trim()).toBe("鄭玄注");
    expect(screen.getByTestId("term-add").textContent).toBe("加入詞表");
    expect(screen.getByText("· 弓矢用具")).toBeTruthy();
    expect(glosses.querySelector('[data-testid="cite-link"]')!.textContent).toContain("第 763 行");
    const en = document.querySelector(".def-en")!;
    expect(en.getAttribute("lang")).toBe("en");
    expect(en.textContent).toBe("The arrow rest.");
  });

  it("says so when the card does not exist", async () => {
    setTransport(() => Promise.reject({ kind: "not_found", message: "card `nope` does not exist" }));
    render(TermCard, { id: "nope" });
    expect((await screen.findByRole("alert")).textContent).toContain("does not exist");
  });
});
