// The study sheet's cards (the outside tester's fault 11): they gave only the
// English gloss in a Chinese interface although the card has a Chinese 釋義.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { resetCards } from "../cards/cards.svelte";
import { setLocale } from "../i18n/i18n.svelte";
import StudySheet from "./StudySheet.svelte";
import { samplePassage } from "../../test/fixtures";
import { sampleCard } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  resetCards();
  setLocale("en");
});

function backend() {
  const p = samplePassage({ segments: [{ layer: "經", text: "司射適堂西，取弓於楅。", ji: false, line: 5, column: 1, shu_on_zhu: null, readings: [] }] });
  const bi = sampleCard({ id: "bi", headword: "楅", simplified: "楅", forms: ["楅"], folded: ["楅"], summary: "The arrow rest.", summary_zh: "射時置箭之器。" });
  setTransport(async (cmd) => {
    switch (cmd) {
      case "passages":
        return [p];
      case "passage_aids":
        return [{ passage_id: p.id, citation: "《儀禮註疏·鄉射禮》", translation_gap: null, faults: [] }];
      case "passage_notes":
      case "aligned":
        return [];
      case "cards":
        return { cards: [bi], fold: {} };
      default:
        throw new Error(cmd);
    }
  });
  return p;
}

const glosses = () => screen.getAllByTestId("sheet-card-gloss").map((d) => [d.getAttribute("lang"), d.textContent!.trim()]);

describe("the study sheet's cards", () => {
  it("give the Chinese 釋義 first in a Chinese interface, then the English", async () => {
    setLocale("zh-Hant");
    const p = backend();
    render(StudySheet, { from: p, script: "original", shown: ["經"], onclose: () => {} });
    await waitFor(() => expect(screen.getByTestId("sheet-cards")).toBeTruthy());
    expect(glosses()).toEqual([
      ["zh-Hant", "射時置箭之器。"],
      ["en", "The arrow rest."],
    ]);
  });

  it("give the English first in English, the Chinese beside it", async () => {
    const p = backend();
    render(StudySheet, { from: p, script: "original", shown: ["經"], onclose: () => {} });
    await waitFor(() => expect(screen.getByTestId("sheet-cards")).toBeTruthy());
    expect(glosses()).toEqual([
      ["en", "The arrow rest."],
      ["zh-Hant", "射時置箭之器。"],
    ]);
  });
});

describe("the study sheet's range boxes (the outside tester's finding 20)", () => {
  it("take full-width digits, and say the range the sheet shows once typed", async () => {
    const p = backend();
    render(StudySheet, { from: { ...p, total: 408 }, script: "original", shown: ["經"], onclose: () => {} });
    const from = screen.getByTestId("sheet-from") as HTMLInputElement;
    const to = screen.getByTestId("sheet-to") as HTMLInputElement;
    await fireEvent.input(from, { target: { value: "１０" } });
    await fireEvent.input(to, { target: { value: "408" } });
    await fireEvent.change(to);
    // At most 40 passages: 10 to 49, and the boxes say so.
    expect([from.value, to.value]).toEqual(["10", "49"]);
  });
});
