import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { setLocale } from "../i18n/i18n.svelte";
import type { ReviewStep } from "../bindings/ReviewStep";
import { ReviewFlow } from "./review.svelte";
import { sampleCard, sampleReviewCard, sampleSummary } from "../../test/user-fixtures";

afterEach(() => setTransport(null));

/** A backend with two new cards: grading moves to the next, then none. */
function backend() {
  const calls: [string, Record<string, unknown>][] = [];
  const cards = [sampleReviewCard(sampleCard({ id: 1 })), sampleReviewCard(sampleCard({ id: 2, headword: "觶" }))];
  let at = 0;
  const step = (outcome: ReviewStep["outcome"]): ReviewStep => ({
    summary: sampleSummary({ due: cards.length - at, new: cards.length - at, next_due: at ? 1_700_086_400 : null }),
    card: cards[at] ?? null,
    outcome,
  });
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    if (cmd === "review_next") return step(null);
    if (cmd === "review_grade") {
      at += 1;
      return step({
        card_id: args.cardId as number,
        grade: args.grade as "good",
        reviewed: 1_700_000_000,
        due: 1_700_259_200,
        interval_days: 3,
        stability: 3,
        difficulty: 5,
      });
    }
    if (cmd === "review_history") return [];
    throw new Error(cmd);
  });
  return calls;
}

describe("ReviewFlow", () => {
  it("shows the front, then the back, then grades and moves on", async () => {
    const calls = backend();
    const f = new ReviewFlow();
    await f.start(1);
    expect(f.phase).toBe("front");
    expect(f.summary?.due).toBe(2);
    expect(f.card?.front).toBe("楅");

    // Grading before the back is shown does nothing.
    await f.grade("good");
    expect(calls.filter(([c]) => c === "review_grade")).toEqual([]);

    f.reveal();
    expect(f.phase).toBe("back");
    await f.grade("good");
    expect(calls.find(([c]) => c === "review_grade")?.[1]).toEqual({ glossaryId: 1, cardId: 1, grade: "good" });
    expect(f.last?.due).toBe(1_700_259_200);
    expect(f.reviewed).toBe(1);
    expect(f.phase).toBe("front");
    expect(f.card?.front).toBe("觶");
    expect(f.summary?.due).toBe(1);

    f.reveal();
    await f.grade("again");
    expect(f.phase).toBe("done");
    expect(f.card).toBeNull();
    expect(f.summary?.next_due).toBe(1_700_086_400);
  });

  it("says why when the backend refuses", async () => {
    setTransport(async () => {
      throw { kind: "not_found", message: "there is no glossary 9" };
    });
    const f = new ReviewFlow();
    await f.start(9);
    expect(f.phase).toBe("error");
    expect(f.error?.()).toBe("there is no glossary 9");
  });

  it("says it in the language chosen after the refusal (the outside tester's finding 20)", async () => {
    setTransport(async () => {
      throw { kind: "not_found", code: "store.unknown_glossary", params: { name: "9" }, message: "There is no glossary 9." };
    });
    const f = new ReviewFlow();
    await f.start(9);
    expect(f.error?.()).toBe("There is no glossary 9.");
    setLocale("zh-Hant");
    try {
      expect(f.error?.()).toBe("沒有詞表 9。");
    } finally {
      setLocale("en");
    }
  });
});
