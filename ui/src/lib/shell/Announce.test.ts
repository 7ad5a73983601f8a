// Live regions that exist before their first message, and the focus handed
// on when a control is replaced: search (counts, nothing found, Escape) and
// review (the answer, the outcome, the next card).
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import ReviewView from "../review/ReviewView.svelte";
import SearchBox from "../search/SearchBox.svelte";
import { sampleCard, sampleGlossary, sampleReviewCard, sampleSummary } from "../../test/user-fixtures";
import { sampleSearch } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  document.body.innerHTML = "";
});

describe("search: what is announced, where the focus stays", () => {
  it("has its live region before the first search, then says the counts and when nothing matches", async () => {
    let empty = false;
    setTransport(async (cmd) => {
      if (cmd !== "search") return null;
      return empty ? sampleSearch({ total_segments: 0, total_occurrences: 0, results: [] }) : sampleSearch();
    });
    render(SearchBox);
    const live = screen.getByTestId("search-announce");
    expect(live.getAttribute("role")).toBe("status");
    expect(live.textContent).toBe("");
    const input = screen.getByTestId("search-input") as HTMLInputElement;
    input.focus();
    await fireEvent.focus(input);
    await fireEvent.input(input, { target: { value: "觶" } });
    await waitFor(() => expect(live.textContent).toMatch(/^[\d,]+ segments?, [\d,]+ occurrences?\.$/));
    empty = true;
    await fireEvent.input(input, { target: { value: "觶觶觶" } });
    await waitFor(() => expect(live.textContent).toBe("No passage matches 觶觶觶."));
    // The query, Chinese inside the English sentence, says its language.
    expect(live.querySelector("[lang]")?.textContent).toBe("觶觶觶");
  });

  it("keeps the focus in the box on Escape", async () => {
    setTransport(async () => sampleSearch());
    render(SearchBox);
    const input = screen.getByTestId("search-input") as HTMLInputElement;
    input.focus();
    await fireEvent.focus(input);
    await fireEvent.input(input, { target: { value: "觶" } });
    await screen.findByTestId("search-panel");
    await fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByTestId("search-panel")).toBeNull();
    expect(document.activeElement).toBe(input);
    await fireEvent.keyDown(input, { key: "Escape" });
    expect(input.value).toBe("");
    expect(document.activeElement).toBe(input);
  });
});

describe("review: what is announced, where the focus goes", () => {
  it("announces the answer and the outcome; the focus goes to Good, then to the next Show answer", async () => {
    const card = sampleCard({ reading: "bī", definition: "The arrow rest." });
    setTransport(async (cmd) => {
      switch (cmd) {
        case "my_glossaries":
          return [sampleGlossary()];
        case "review_next":
          return { summary: sampleSummary(), card: sampleReviewCard(card) };
        case "review_grade":
          return {
            summary: sampleSummary(),
            card: sampleReviewCard(card),
            outcome: { card_id: card.id, grade: "good", reviewed: 0, due: 86400 * 3 },
          };
        case "review_history":
        case "card":
          return [];
        default:
          throw new Error(cmd);
      }
    });
    render(ReviewView, { id: 1 });
    const live = screen.getByTestId("review-announce");
    expect(live.textContent).toBe("");
    await fireEvent.click(await screen.findByTestId("review-reveal"));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("grade-good")));
    expect(live.textContent).toContain("Answer: bī");
    expect(live.textContent).toContain("The arrow rest.");
    await fireEvent.click(screen.getByTestId("grade-good"));
    await waitFor(() => expect(live.textContent).toMatch(/^Good: next review .*Next: /));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("review-reveal")));
  });
});
