import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { SearchQuery } from "../bindings/SearchQuery";
import type { SearchView } from "../bindings/SearchView";
import { sampleHit, sampleSearch } from "../../test/reading-fixtures";
import { hitSteps } from "./hit-steps.svelte";
import { KeysAhead, sameSearch } from "./keys-ahead";
import SearchBox from "./SearchBox.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
  hitSteps.stop();
  location.hash = "";
});

const req = (query: string, over: Partial<SearchQuery> = {}): SearchQuery => ({ query, exact: false, limit: 20, offset: 0, ...over });

describe("sameSearch", () => {
  it("is the same search whatever the page or the collocations, not for another query, form, scope or order", () => {
    expect(sameSearch(req("再拜"), req("再拜", { limit: 50, offset: 20, collocations: true }))).toBe(true);
    expect(sameSearch(req("再拜", { sort: "relevance" }), req("再拜"))).toBe(true);
    expect(sameSearch(req("再"), req("再拜"))).toBe(false);
    expect(sameSearch(req("再拜", { exact: true }), req("再拜"))).toBe(false);
    expect(sameSearch(req("再拜", { work: "燕禮" }), req("再拜"))).toBe(false);
    expect(sameSearch(req("再拜", { layer: "注" }), req("再拜"))).toBe(false);
    expect(sameSearch(req("再拜", { source: "yanli.zhushu" }), req("再拜"))).toBe(false);
    expect(sameSearch(req("再拜", { sort: "right" }), req("再拜"))).toBe(false);
    expect(sameSearch(null, req("再拜"))).toBe(false);
  });
});

describe("KeysAhead", () => {
  it("lands the held moves within the rows, one at a time, and opens only with Enter and a row", () => {
    const k = new KeysAhead();
    expect(k.waiting).toBe(false);
    k.move(1);
    k.move(1);
    k.move(1); // past the last of 3: stays on it
    k.move(-1);
    expect(k.waiting).toBe(true);
    expect(k.take(3)).toEqual({ active: 1, open: false });
    expect(k.waiting).toBe(false);

    k.move(-1); // above the first: stays on it
    k.move(1);
    k.enter();
    k.move(1); // after Enter: not a move of the row opened
    expect(k.take(5)).toEqual({ active: 1, open: true });

    k.move(1);
    k.enter();
    expect(k.take(0)).toEqual({ active: 0, open: false });
    k.enter();
    k.clear();
    expect(k.waiting).toBe(false);
  });
});

/** An answer for `query` with `n` rows, each in its own passage (…0001, …0002). */
function answer(query: string, n: number, total: number): SearchView {
  const results = Array.from({ length: n }, (_, i) =>
    sampleHit({
      id: `xiangshe.zhushu.${String(i + 1).padStart(4, "0")}`,
      snippet: query,
      highlights: [[0, Array.from(query).length]],
      segment_highlights: [[0, Array.from(query).length]],
    }),
  );
  return sampleSearch({ query, total_segments: total, total_occurrences: total, results });
}

describe("keys pressed before the box's query is answered", () => {
  it("↓ Enter right after the last character open the row of the query in the box, not the previous prefix's", async () => {
    // 再 answers at once; 再拜's answer waits until the test lets it go
    const asked: SearchQuery[] = [];
    const gate: { release: (() => void) | null } = { release: null };
    setTransport(async (cmd, args) => {
      if (cmd !== "search") throw new Error(cmd);
      const r = args.request as SearchQuery;
      asked.push(r);
      if (r.query === "再") return answer("再", 3, 49);
      await new Promise<void>((go) => (gate.release = go));
      return answer("再拜", 3, 35);
    });
    render(SearchBox);
    const input = screen.getByTestId("search-input") as HTMLInputElement;
    await fireEvent.focus(input);
    input.value = "再";
    await fireEvent.input(input);
    await waitFor(() => expect(screen.getByTestId("search-summary").textContent).toMatch(/49/));

    // 拜 typed within the pause after 再: 再拜 waits out the debounce…
    input.value = "再拜";
    await fireEvent.input(input);
    expect(asked.map((r) => r.query)).toEqual(["再"]);
    // …and ↓ Enter at once: held, and 再拜 asked for now
    await fireEvent.keyDown(input, { key: "ArrowDown" });
    await fireEvent.keyDown(input, { key: "Enter" });
    expect(asked.map((r) => r.query)).toEqual(["再", "再拜"]);
    expect(location.hash).toBe(""); // nothing of 再's opened
    expect(hitSteps.request).toBeNull();

    await waitFor(() => expect(gate.release).not.toBeNull());
    gate.release?.();
    // the second row of 再拜's answer, stepped through as 再拜's 35 hits
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0002?seg=0&hl=0-2"));
    expect(hitSteps.request?.query).toBe("再拜");
    expect(hitSteps.total).toBe(35);
    expect(hitSteps.index).toBe(1);
    expect(asked.length).toBe(2); // 再拜 asked once, not again when the pause ran out
  });

  it("a row clicked while the next query's answer is on its way steps through the search it answers", async () => {
    const gate: { release: (() => void) | null } = { release: null };
    setTransport(async (cmd, args) => {
      const r = args.request as SearchQuery;
      if (cmd !== "search") throw new Error(cmd);
      if (r.query === "再") return answer("再", 3, 49);
      await new Promise<void>((go) => (gate.release = go));
      return answer("再拜", 3, 35);
    });
    render(SearchBox);
    const input = screen.getByTestId("search-input") as HTMLInputElement;
    await fireEvent.focus(input);
    input.value = "再";
    await fireEvent.input(input);
    await waitFor(() => expect(screen.getByTestId("search-summary").textContent).toMatch(/49/));
    input.value = "再拜";
    await fireEvent.input(input);
    await fireEvent.click(screen.getAllByTestId("search-hit")[2]);
    expect(hitSteps.request?.query).toBe("再");
    expect(hitSteps.total).toBe(49);
    gate.release?.();
  });
});
