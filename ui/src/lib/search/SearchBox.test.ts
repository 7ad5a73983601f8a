import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { SearchQuery } from "../bindings/SearchQuery";
import SearchBox from "./SearchBox.svelte";
import { sampleSearch } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  location.hash = "";
});

function backend(reply: (req: SearchQuery) => unknown = () => sampleSearch()) {
  const requests: SearchQuery[] = [];
  setTransport(async (cmd, args) => {
    if (cmd !== "search") throw new Error(cmd);
    const req = args.request as SearchQuery;
    requests.push(req);
    const r = reply(req);
    if (r instanceof Error || (typeof r === "object" && r !== null && "kind" in r)) throw r;
    return r;
  });
  return requests;
}

async function type(text: string) {
  const input = screen.getByTestId("search-input") as HTMLInputElement;
  await fireEvent.focus(input);
  input.value = text;
  await fireEvent.input(input);
  return input;
}

describe("SearchBox", () => {
  // The outside tester's finding 12: at 200% in a short window the four
  // rows of tools filled the panel and no result showed.
  it("folds its tools behind one button when the panel has little room, and shows them on a press", async () => {
    const tall = window.innerHeight;
    window.innerHeight = 300; // 18.75rem of 16px text below the box
    try {
      backend();
      render(SearchBox);
      await type("觯");
      await screen.findByTestId("search-results");
      const fold = await screen.findByTestId("search-tools-fold");
      expect(fold.getAttribute("aria-expanded")).toBe("false");
      expect(screen.getByTestId("search-tools").hidden).toBe(true);
      await fireEvent.click(fold);
      expect(fold.getAttribute("aria-expanded")).toBe("true");
      expect(screen.getByTestId("search-tools").hidden).toBe(false);
      // the window grown tall again: the button goes, its focus to the box
      fold.focus();
      window.innerHeight = tall;
      window.dispatchEvent(new Event("resize"));
      await waitFor(() => expect(screen.queryByTestId("search-tools-fold")).toBeNull());
      expect(document.activeElement).toBe(screen.getByTestId("search-input"));
      expect(screen.getByTestId("search-tools").hidden).toBe(false);
      window.innerHeight = 300;
      window.dispatchEvent(new Event("resize"));
      const again = await screen.findByTestId("search-tools-fold");
      // Escape on it closes the panel and gives the focus back to the box
      await fireEvent.keyDown(again, { key: "Escape" });
      expect(document.activeElement).toBe(screen.getByTestId("search-input"));
      expect(screen.queryByTestId("search-panel")).toBeNull();
    } finally {
      window.innerHeight = tall;
    }
  });

  it("shows its tools unfolded where the panel has room", async () => {
    backend();
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    expect(screen.queryByTestId("search-tools-fold")).toBeNull();
    expect(screen.getByTestId("search-tools").hidden).toBe(false);
  });

  it("shows results as the user types, the hits marked, with counts by work and layer", async () => {
    const requests = backend();
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    expect(requests[0]).toEqual({ query: "觯", exact: false, limit: 20, offset: 0 });
    const hits = screen.getAllByTestId("search-hit");
    expect(hits.map((h) => h.dataset.work)).toEqual(["鄉射禮", "燕禮", "大射儀"]);
    const marks = Array.from(document.querySelectorAll("[data-testid=search-hit] mark.hit")).map((m) => m.textContent);
    expect(marks).toEqual(["觶", "觶", "觶", "觯"]);
    expect(hits[0].querySelector(".kwic")!.textContent).toBe("升,實觶,西階上坐奠觶");
    expect(screen.getByTestId("search-summary").textContent).toMatch(/5\s+occurrences in\s+3\s+segments/);
    expect(screen.getByTestId("facet-work-燕禮").textContent).toContain("1");
    expect(screen.getByTestId("facet-layer-zhu")).toBeTruthy();
  });

  it("filters by a facet on click, and clears it on a second click", async () => {
    const requests = backend((req) =>
      sampleSearch({
        by_work: sampleSearch().by_work.map((f) => ({ ...f, selected: f.key === req.work })),
      }),
    );
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByTestId("facet-work-燕禮"));
    await waitFor(() => expect(requests.length).toBe(2));
    expect(requests[1].work).toBe("燕禮");
    await waitFor(() => expect(screen.getByTestId("facet-work-燕禮").getAttribute("aria-pressed")).toBe("true"));
    await fireEvent.click(screen.getByTestId("facet-layer-zhu"));
    await waitFor(() => expect(requests.length).toBe(3));
    expect(requests[2]).toMatchObject({ work: "燕禮", layer: "注" });
    await fireEvent.click(screen.getByTestId("facet-work-燕禮"));
    await waitFor(() => expect(requests.length).toBe(4));
    expect(requests[3].work).toBeUndefined();
    expect(requests[3].layer).toBe("注");
  });

  it("shows a malformed query's error inline, the faulty part underlined", async () => {
    backend(() => ({ kind: "query", message: "unbalanced quote: a \" has no closing \"", span: [2, 4] }));
    render(SearchBox);
    const input = await type('觶 "豐');
    const err = await screen.findByTestId("search-error");
    expect(err.textContent).toContain("unbalanced quote");
    expect(screen.getByTestId("search-error-span").textContent).toBe('"豐');
    expect(err.querySelector(".query-echo")!.textContent).toBe('觶 "豐');
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("says so while the index is being built", async () => {
    backend(() => ({ kind: "index_building", message: "Building the search index… 40%" }));
    render(SearchBox);
    await type("觶");
    expect((await screen.findByTestId("search-building")).textContent).toContain("search index");
  });

  it("moves with ↑/↓ and opens the chosen result in the reader with its hit", async () => {
    backend();
    render(SearchBox);
    const input = await type("觯");
    await screen.findByTestId("search-results");
    const selected = () => document.querySelector('[aria-selected="true"]')!.id;
    expect(selected()).toBe("search-hit-0");
    await fireEvent.keyDown(input, { key: "ArrowDown" });
    await fireEvent.keyDown(input, { key: "ArrowDown" });
    await fireEvent.keyDown(input, { key: "ArrowDown" }); // stays on the last
    expect(selected()).toBe("search-hit-2");
    await fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(selected()).toBe("search-hit-1");
    expect(input.getAttribute("aria-activedescendant")).toBe("search-hit-1");
    await fireEvent.keyDown(input, { key: "Enter" });
    expect(location.hash).toBe("#/read/yanli.zhushu.0003?seg=0&hl=3-4,10-11");
    expect(screen.queryByTestId("search-panel")).toBeNull();
  });

  it("shows the query language by example while the box is empty; an example searches", async () => {
    const requests = backend();
    render(SearchBox);
    await type("");
    const help = screen.getByTestId("search-help");
    const examples = Array.from(help.querySelectorAll("[data-testid=search-example]")).map((b) => b.textContent);
    expect(examples).toContain("觶 -酬");
    expect(examples).toContain("觶 layer:注");
    const pick = Array.from(help.querySelectorAll<HTMLButtonElement>("[data-testid=search-example]")).find(
      (b) => b.textContent === "觶 OR 觚",
    )!;
    await fireEvent.click(pick);
    expect((screen.getByTestId("search-input") as HTMLInputElement).value).toBe("觶 OR 觚");
    await screen.findByTestId("search-results");
    expect(requests[0].query).toBe("觶 OR 觚");
    expect(screen.queryByTestId("search-help")).toBeNull();
  });

  it("says how a term was read when the backend has a note on it", async () => {
    const message = "`hello` is not a pinyin syllable (e.g. zhi4, zhì, bi1), so it is searched as written";
    const note = { code: "query.note.not_pinyin", params: { term: "hello" }, message };
    backend(() => sampleSearch({ total_segments: 0, total_occurrences: 0, results: [], notes: [note] }));
    render(SearchBox);
    await type("hello");
    expect((await screen.findByTestId("search-note")).textContent).toBe(message);
    expect(screen.getByText("No passage matches.")).toBeTruthy();
  });

  it("clears the results when the box is emptied", async () => {
    backend();
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    await type("");
    expect(screen.queryByTestId("search-panel")).toBeNull();
    expect(screen.getByTestId("search-help")).toBeTruthy();
  });

  it("keeps the rows while the box is empty, hidden and unreachable, and the next query updates them in place", async () => {
    backend();
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    const rows = Array.from(document.querySelectorAll("li.hit"));
    expect(rows).toHaveLength(3);
    const input = await type("");
    // nothing of the old answer is found, chosen or opened while the box is empty
    expect(screen.queryAllByTestId("search-hit")).toHaveLength(0);
    expect(screen.queryByTestId("search-results")).toBeNull();
    expect(screen.queryByTestId("facet-work-燕禮")).toBeNull();
    expect(document.getElementById("search-hit-0")).toBeNull();
    expect(rows[0].closest("[hidden]")).not.toBeNull();
    await fireEvent.keyDown(input, { key: "ArrowDown" });
    await fireEvent.keyDown(input, { key: "Enter" });
    expect(location.hash).toBe("");
    expect(input.getAttribute("aria-activedescendant")).toBeNull();
    // the next query's first character: the same elements, not built anew (the slow keystroke of issue 11)
    await type("觶");
    await screen.findByTestId("search-results");
    const again = screen.getAllByTestId("search-hit");
    expect(again).toHaveLength(3);
    again.forEach((row, i) => expect(row).toBe(rows[i]));
    expect(again[0].closest("[hidden]")).toBeNull();
    expect(again[0].id).toBe("search-hit-0");
  });

  it("keeps the panel when the search closes, hidden and unreachable, and shows the same rows when it opens again", async () => {
    backend();
    render(SearchBox);
    const input = await type("觯");
    await screen.findByTestId("search-results");
    const rows = Array.from(document.querySelectorAll("li.hit"));
    await fireEvent.focusOut(input, { relatedTarget: null }); // the focus left: the panel closes
    expect(screen.queryByTestId("search-panel")).toBeNull();
    expect(screen.queryAllByTestId("search-hit")).toHaveLength(0);
    expect(rows[0].closest("[hidden]")).not.toBeNull();
    await fireEvent.focus(input);
    expect(screen.getAllByTestId("search-hit")).toEqual(rows);
    expect(rows[0].closest("[hidden]")).toBeNull();
  });
});
