// Review in 繁體中文: the grades, the due count, the intervals and the
// answer's link in the interface's language, the card's English definition
// still marked English for a screen reader.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { formatInterval } from "../common/format";
import { setLocale } from "../i18n/i18n.svelte";
import ReviewView from "./ReviewView.svelte";
import { sampleCard, sampleGlossary, sampleReviewCard, sampleSummary } from "../../test/user-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

describe("review in Chinese", () => {
  it("labels the grades, the due count and the answer in 繁體中文", async () => {
    setLocale("zh-Hant");
    setTransport(async (cmd) => {
      switch (cmd) {
        case "my_glossaries":
          return [sampleGlossary()];
        case "review_next":
          return { summary: sampleSummary({ due: 2, new: 1, total: 5 }), card: sampleReviewCard(sampleCard()) };
        case "review_history":
          return [];
        case "card":
          return { id: "bi", readings: [] };
        default:
          throw new Error(cmd);
      }
    });
    render(ReviewView, { id: 1 });
    const due = await screen.findByTestId("due-count");
    expect(due.textContent!.replace(/\s+/g, " ").trim()).toBe("到期 2 張（新卡 1 張），共 5 張");
    expect(due.querySelector("b")!.textContent).toBe("2");
    await fireEvent.click(await screen.findByTestId("review-reveal"));
    await waitFor(() => expect(screen.getByTestId("grade-good").textContent).toContain("良好"));
    expect(screen.getByTestId("grade-good").textContent).toContain("3 天");
    expect(screen.getByTestId("grade-again").textContent).toContain("重來10 分鐘");
    expect(screen.getByRole("group", { name: "記得多少？" })).toBeTruthy();
    expect(screen.getByTestId("review-full-card").textContent).toBe("卡片 →");
    const def = screen.getByTestId("review-back").querySelector(".flash-definition")!;
    expect(def.getAttribute("lang")).toBe("en");
    expect(screen.getByRole("status", { hidden: true }).textContent).toBe("答案：bī。The arrow rest.");
  });

  it("says intervals in each language", () => {
    expect(formatInterval(600)).toBe("10 min");
    expect(formatInterval(1.5 * 365 * 86_400)).toBe("1.5 y");
    setLocale("zh-Hant");
    expect(formatInterval(2 * 3600)).toBe("2 小時");
    expect(formatInterval(60 * 86_400)).toBe("2 個月");
    setLocale("zh-Hans");
    expect(formatInterval(2 * 3600)).toBe("2 小时");
    expect(formatInterval(60 * 86_400)).toBe("2 个月");
  });
});
