// The concordance of a character or term: its lines sort like the search
// panel's (issue 11, point 4), and Load more keeps the order.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { SearchQuery } from "../bindings/SearchQuery";
import Concordance from "./Concordance.svelte";
import ConcordanceView from "./ConcordanceView.svelte";
import { router } from "../shell/router.svelte";
import { sampleHit, sampleSearch } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

describe("Concordance", () => {
  it("sorts its lines by the order chosen, and loads more in that order", async () => {
    const requests: SearchQuery[] = [];
    setTransport(async (cmd, args) => {
      if (cmd !== "search") throw new Error(cmd);
      const req = args.request as SearchQuery;
      requests.push(req);
      return sampleSearch({
        total_segments: 4,
        sort: req.sort ?? "relevance",
        results: req.offset ? [sampleHit({ id: "xiangshe.zhushu.0100" })] : sampleSearch().results,
      });
    });
    render(Concordance, { props: { query: "觶" } });
    await screen.findAllByTestId("concordance-hit");
    expect(requests[0].sort).toBeUndefined();
    expect(screen.getByTestId("concordance-summary").textContent).toMatch(/5\s+occurrences in\s+4\s+segments/);
    const left = screen.getByRole("button", { name: "Left context" });
    await fireEvent.click(left);
    expect(left.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ query: "觶", sort: "left", offset: 0 }));
    await waitFor(() => expect(document.querySelector(".conc-lines")!.getAttribute("data-sort")).toBe("left"));
    await fireEvent.click(screen.getByRole("button", { name: /Load more/ }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort: "left", offset: 3 }));
    await waitFor(() => expect(screen.getAllByTestId("concordance-hit")).toHaveLength(4));
  });
});

describe("Concordance view's tools", () => {
  it("counts by source, shows the collocations, narrows on a click and exports every line", async () => {
    const requests: SearchQuery[] = [];
    const exports: { request: SearchQuery; format: string }[] = [];
    setTransport(async (cmd, args) => {
      if (cmd === "save_search_export") {
        exports.push({ request: args.request as SearchQuery, format: args.format as string });
        return { file_name: "sheli-search-觶.csv", path: "/tmp/x/sheli-search-觶.csv" };
      }
      if (cmd !== "search") throw new Error(cmd);
      const req = args.request as SearchQuery;
      requests.push(req);
      return sampleSearch({
        by_source: [
          { key: "xiangshe.tongjie", label: "儀禮經傳通解·鄉射禮", segments: 2, occurrences: 3, selected: req.source === "xiangshe.tongjie" },
        ],
        collocations: req.collocations
          ? {
              occurrences: 5,
              // listed as the texts write it, searched by its folded key
              left_chars: [{ key: "尔", label: "爾", count: 3 }],
              left_words: [],
              right_chars: [{ key: "于", label: "于", count: 2 }],
              right_words: [],
            }
          : null,
      });
    });
    render(Concordance, { props: { query: "觶", tools: true } });
    await screen.findAllByTestId("concordance-hit");
    // a source scopes the lines
    await fireEvent.click(screen.getByTestId("conc-source-xiangshe.tongjie"));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ query: "觶", source: "xiangshe.tongjie" }));
    // the collocations, asked for only when shown
    expect(requests.every((r) => !r.collocations)).toBe(true);
    await fireEvent.click(screen.getByRole("button", { name: "Collocations" }));
    await waitFor(() => expect(requests.at(-1)?.collocations).toBe(true));
    const left = await screen.findByRole("button", { name: /^爾/ });
    // the collocations just opened come next in the tab order after their button
    const toggle = screen.getByTestId("conc-collocations-toggle");
    const tabbable = Array.from(document.querySelectorAll<HTMLElement>("button, input, a[href], [tabindex]")).filter(
      (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled,
    );
    expect(tabbable[tabbable.indexOf(toggle) + 1]?.closest("#conc-collocations")).toBeTruthy();
    await fireEvent.click(left);
    expect(router.route).toEqual({ view: "concordance", query: '"爾觶"' });
    // every line exported, in the format chosen, with the scope
    await fireEvent.click(screen.getByTestId("conc-export-csv"));
    await fireEvent.click(screen.getByTestId("conc-export"));
    expect(await screen.findByTestId("conc-export-saved")).toHaveProperty("textContent", "Saved sheli-search-觶.csv to /tmp/x/sheli-search-觶.csv.");
    expect(exports).toEqual([{ request: expect.objectContaining({ query: "觶", source: "xiangshe.tongjie" }), format: "csv" }]);
  });

  it("has no tools inside a card", async () => {
    setTransport(async () => sampleSearch());
    render(Concordance, { props: { query: "觶" } });
    await screen.findAllByTestId("concordance-hit");
    expect(screen.queryByRole("button", { name: "Collocations" })).toBeNull();
    expect(screen.queryByTestId("conc-export")).toBeNull();
    expect(screen.getByTestId("conc-sort-right")).toBeTruthy();
  });
});

describe("Concordance view's focus", () => {
  it("gives the focus to its heading when a new query leaves it on nothing, and leaves it where it is otherwise", async () => {
    setTransport(async (cmd) => {
      if (cmd !== "search") throw new Error(cmd);
      return sampleSearch();
    });
    (document.activeElement as HTMLElement | null)?.blur();
    const { unmount } = render(ConcordanceView, { props: { query: "觶" } });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("concordance-heading")));
    expect(document.activeElement?.textContent).toBe("觶");
    unmount();

    const outside = document.createElement("button");
    document.body.append(outside);
    outside.focus();
    render(ConcordanceView, { props: { query: "觚" } });
    await screen.findByTestId("concordance-heading");
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
