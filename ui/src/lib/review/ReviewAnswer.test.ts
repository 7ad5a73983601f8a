// The answer side of a flashcard in the review: short, with a 反切 and a
// link to the whole card, not a built-in term's whole essay.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import ReviewView from "./ReviewView.svelte";
import { sampleCard, sampleGlossary, sampleReviewCard, sampleSummary } from "../../test/user-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

const ESSAY = "The arrow rest: a low wooden rack on which the arrows shot are laid. ".repeat(12);

describe("review: the answer side", () => {
  it("shows the reading, a 反切 and a definition of about 200 characters, linked to the whole card", async () => {
    const card = sampleCard({ definition: ESSAY });
    setTransport(async (cmd) => {
      switch (cmd) {
        case "my_glossaries":
          return [sampleGlossary()];
        case "review_next":
          return { summary: sampleSummary(), card: { ...sampleReviewCard(card), back: `bī\n${ESSAY}` } };
        case "review_history":
          return [];
        case "card":
          return { id: "bi", readings: [{ character: "楅", reading: "彼力反", fanqie: true }] };
        default:
          throw new Error(cmd);
      }
    });
    render(ReviewView, { id: 1 });
    await fireEvent.click(await screen.findByTestId("review-reveal"));
    const back = await screen.findByTestId("review-back");
    await waitFor(() => expect(screen.getByTestId("review-fanqie").textContent).toBe("楅彼力反"));
    expect(back.textContent).toContain("bī");
    const def = back.querySelector(".flash-definition")!.textContent!;
    expect(def.startsWith("The arrow rest")).toBe(true);
    expect(Array.from(def).length).toBeLessThanOrEqual(200);
    expect(ESSAY.length).toBeGreaterThan(600);
    const link = screen.getByTestId("review-full-card");
    expect(link.getAttribute("href")).toBe("#/terms/bi");
    expect(link.textContent).toContain("whole card");
  });
});
