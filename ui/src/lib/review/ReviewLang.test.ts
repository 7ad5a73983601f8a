// The lang of a card's headword in review (tester h6, finding 9): a user's
// own card 觯 (simplified, typed by the user) was marked zh-Hant in the
// history table and on the card's face. A user's headword is Chinese of a
// script unsaid ("zh"); a built-in card's is the texts' traditional.
import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import ReviewView from "./ReviewView.svelte";
import { sampleCard, sampleGlossary, sampleReviewCard, sampleSummary } from "../../test/user-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

function serve(card: ReturnType<typeof sampleCard>) {
  setTransport(async (cmd) => {
    switch (cmd) {
      case "my_glossaries":
        return [sampleGlossary()];
      case "review_next":
        return { summary: sampleSummary({ due: 1, new: 0, total: 2 }), card: { ...sampleReviewCard(card), front: card.headword } };
      case "review_history":
        return [{ card_id: 2, headword: "觯", grade: "good", reviewed: 1_700_000_000, elapsed_days: 0, interval_days: 3, due: 1_700_300_000 }];
      case "card":
        return { id: "bi", readings: [] };
      default:
        throw new Error(cmd);
    }
  });
}

describe("a headword's lang in review", () => {
  it("a user's own card: zh on its face and in the history, not zh-Hant", async () => {
    serve(sampleCard({ id: 2, builtin_id: null, headword: "觯" }));
    render(ReviewView, { id: 1 });
    const front = await screen.findByTestId("review-front");
    expect(front.getAttribute("lang")).toBe("zh");
    const hw = (await screen.findByTestId("review-history")).querySelector("td.hw")!;
    expect(hw.textContent).toBe("觯");
    expect(hw.getAttribute("lang")).toBe("zh");
  });

  it("a built-in card's face stays traditional", async () => {
    serve(sampleCard());
    render(ReviewView, { id: 1 });
    expect((await screen.findByTestId("review-front")).getAttribute("lang")).toBe("zh-Hant");
  });
});
