// The search box as a concordancer (issue 11, points 3–4): refinements as
// chips, the scope kept or cleared by choice, the order of the lines, the
// collocations, "Showing N of M" with Load more, and the export.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { CollocationsView } from "../bindings/CollocationsView";
import type { SearchQuery } from "../bindings/SearchQuery";
import SearchBox from "./SearchBox.svelte";
import { hitSteps } from "./hit-steps.svelte";
import { setLocale } from "../i18n/i18n.svelte";
import { sampleHit, sampleSearch } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  sessionStorage.clear();
  location.hash = "";
});

const COLLOCATIONS: CollocationsView = {
  occurrences: 5,
  left_chars: [{ key: "再", label: "再", count: 3 }],
  left_words: [{ key: "答再", label: "答再", count: 2 }],
  right_chars: [
    { key: "拜", label: "拜", count: 4 },
    { key: "觯", label: "觶", count: 1 },
  ],
  right_words: [],
};

function backend(reply: (req: SearchQuery) => unknown = (req) => sampleSearch({ query: req.query })) {
  const requests: SearchQuery[] = [];
  const exports: { request: SearchQuery; format: string }[] = [];
  setTransport(async (cmd, args) => {
    if (cmd === "save_search_export") {
      exports.push({ request: args.request as SearchQuery, format: args.format as string });
      const file_name = `sheli-search-x.${args.format as string}`;
      return { path: `/home/u/Downloads/${file_name}`, file_name, bytes: 100 };
    }
    if (cmd !== "search") throw new Error(cmd);
    const req = args.request as SearchQuery;
    requests.push(req);
    return reply(req);
  });
  return { requests, exports };
}

const input = () => screen.getByTestId("search-input") as HTMLInputElement;

async function type(text: string) {
  await fireEvent.focus(input());
  input().value = text;
  await fireEvent.input(input());
}

/** A backend that counts collocations when asked. */
const collocationsBackend = () => backend((req) => sampleSearch({ query: req.query, collocations: req.collocations ? COLLOCATIONS : null }));

/** Opens the results' collocations and waits for them. */
async function openCollocations() {
  await fireEvent.click(screen.getByTestId("collocations-toggle"));
  await screen.findByTestId("collocations");
}

const chips = () => screen.queryAllByTestId("refinement-chip").map((c) => c.dataset.query);

describe("SearchBox refinements", () => {
  it("searches within the results: the query becomes a chip and the next term is ANDed", async () => {
    const { requests } = backend();
    render(SearchBox);
    await type("再拜");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Search within these results" }));
    expect(chips()).toEqual(["再拜"]);
    expect(input().value).toBe("");
    expect(document.activeElement).toBe(input());
    await waitFor(() => expect(requests.at(-1)!.query).toBe("再拜"));
    expect(screen.getByTestId("search-results")).toBeTruthy(); // the results stay
    await type("賓");
    await waitFor(() => expect(requests.at(-1)!.query).toBe("再拜 AND 賓"));
    expect(screen.getByTestId("search-within").textContent).toContain("within 1 refinement");
    await fireEvent.click(screen.getByRole("button", { name: "Search within these results" }));
    expect(chips()).toEqual(["再拜", "賓"]);
  });

  it("removes a chip by its button and the last one by Backspace in the empty box", async () => {
    const { requests } = backend();
    render(SearchBox);
    for (const q of ["再拜", "賓", "主人"]) {
      await type(q);
      await screen.findByTestId("search-results");
      await fireEvent.click(screen.getByRole("button", { name: "Search within these results" }));
    }
    expect(chips()).toEqual(["再拜", "賓", "主人"]);
    const remove = screen.getByRole("button", { name: "Remove refinement 賓" });
    expect(remove.querySelector("[lang]")!.getAttribute("lang")).toBe("zh");
    remove.focus();
    await fireEvent.click(remove);
    expect(chips()).toEqual(["再拜", "主人"]);
    await waitFor(() => expect(requests.at(-1)!.query).toBe("再拜 AND 主人"));
    // the focus goes to the chip that took its place, never to the page
    await waitFor(() => expect(document.activeElement?.getAttribute("data-query")).toBe("主人"));

    input().focus();
    await fireEvent.keyDown(input(), { key: "Backspace" });
    expect(chips()).toEqual(["再拜"]);
    await waitFor(() => expect(requests.at(-1)!.query).toBe("再拜"));
    // Backspace in a box with text edits the text, not the chips
    await type("賓");
    await fireEvent.keyDown(input(), { key: "Backspace" });
    expect(chips()).toEqual(["再拜"]);
  });

  it("shows the scope beside the box and clears it for a new search unless kept", async () => {
    const { requests } = backend((req) =>
      sampleSearch({ by_work: sampleSearch().by_work.map((f) => ({ ...f, selected: f.key === req.work })) }),
    );
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByTestId("facet-work-燕禮"));
    await fireEvent.click(screen.getByTestId("search-exact"));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ work: "燕禮", exact: true }));
    expect(screen.getByTestId("scope-chip-work").textContent).toContain("燕禮");
    expect(screen.getByRole("button", { name: "Remove from the scope: Exact forms" })).toBeTruthy();
    expect(screen.getByTestId("search-summary").textContent).toMatch(/occurrences in/);

    // not kept: emptying the box begins a new search, and the scope goes (said aloud)
    await type("");
    expect(screen.queryByTestId("scope-chip-work")).toBeNull();
    expect(screen.getByTestId("search-announce").textContent).toBe("Scope cleared for the new search.");
    await type("豐");
    await waitFor(() => expect(requests.at(-1)!.query).toBe("豐"));
    expect(requests.at(-1)!.work).toBeUndefined();
    expect(requests.at(-1)!.exact).toBe(false);

    // kept: it stays for the next query, until cleared by hand
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByTestId("search-keep-scope"));
    expect(sessionStorage.getItem("sheli.search.keepScope")).toBe("1");
    await fireEvent.click(screen.getByTestId("facet-layer-zhu"));
    await waitFor(() => expect(requests.at(-1)!.layer).toBe("注"));
    await type("");
    expect(screen.getByTestId("scope-chip-layer").textContent).toContain("注");
    await type("觶");
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ query: "觶", layer: "注" }));
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Clear scope" }));
    await waitFor(() => expect(requests.at(-1)!.layer).toBeUndefined());
    expect(screen.queryByTestId("scope-chip-layer")).toBeNull();
  });

  it("clears the scope when a new query is typed over the old one (Ctrl+K, then type), unless kept", async () => {
    const { requests } = backend();
    render(SearchBox);
    await type("拜");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByTestId("facet-layer-zhu"));
    await waitFor(() => expect(requests.at(-1)!.layer).toBe("注"));
    // the query selected whole, as Ctrl+K leaves it, and 觶 typed over it
    input().setSelectionRange(0, input().value.length);
    input().dispatchEvent(new InputEvent("beforeinput", { inputType: "insertText", data: "觶", bubbles: true, cancelable: true }));
    input().value = "觶";
    await fireEvent.input(input());
    await waitFor(() => expect(requests.at(-1)!.query).toBe("觶"));
    expect(requests.at(-1)!.layer).toBeUndefined();
    expect(screen.queryByTestId("scope-chip-layer")).toBeNull();
    // typing on at the end of a query is the same search: the scope stays
    await fireEvent.click(screen.getByTestId("facet-layer-zhu"));
    await waitFor(() => expect(requests.at(-1)!.layer).toBe("注"));
    input().setSelectionRange(1, 1);
    input().dispatchEvent(new InputEvent("beforeinput", { inputType: "insertText", data: "爵", bubbles: true, cancelable: true }));
    input().value = "觶爵";
    await fireEvent.input(input());
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ query: "觶爵", layer: "注" }));
  });

  // h4 tester: after a collocate click the box is empty beside its chips;
  // Ctrl+K then 觶 became one more refinement (0 results).
  it("Ctrl+K starts a new search: the refinements go, the scope by the user's choice, said aloud", async () => {
    for (const keep of [false, true]) {
      if (keep) sessionStorage.setItem("sheli.search.keepScope", "1");
      const { requests } = backend();
      const { component } = render(SearchBox);
      await type("拜");
      await screen.findByTestId("search-results");
      await fireEvent.click(screen.getByTestId("facet-layer-zhu"));
      await waitFor(() => expect(requests.at(-1)!.layer).toBe("注"));
      await fireEvent.click(screen.getByRole("button", { name: "Search within these results" }));
      expect(chips()).toEqual(["拜"]);
      (component as unknown as { startNew(): void }).startNew();
      await waitFor(() => expect(chips()).toEqual([]));
      expect(document.activeElement).toBe(input());
      const said = screen.getByTestId("search-announce").textContent ?? "";
      expect(said).toContain("New search: the conditions from the last results were removed.");
      expect(said.includes("Scope cleared"), `keep ${keep}: ${said}`).toBe(!keep);
      await type("觶");
      await waitFor(() => expect(requests.at(-1)!.query).toBe("觶"));
      expect(requests.at(-1)!.layer, `keep ${keep}`).toBe(keep ? "注" : undefined);
      cleanup();
      sessionStorage.clear();
    }
  });

  it("remembers the choice to keep the scope for the session", async () => {
    sessionStorage.setItem("sheli.search.keepScope", "1");
    backend();
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    expect((screen.getByTestId("search-keep-scope") as HTMLInputElement).checked).toBe(true);
  });

  it("a scope chip removes its own part of the scope", async () => {
    const { requests } = backend();
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByTestId("facet-layer-zhu"));
    await waitFor(() => expect(requests.at(-1)!.layer).toBe("注"));
    await fireEvent.click(screen.getByRole("button", { name: "Remove from the scope: Layer 注" }));
    await waitFor(() => expect(requests.at(-1)!.layer).toBeUndefined());
    expect(document.activeElement).toBe(input());
  });
});

describe("SearchBox as a concordancer", () => {
  it("sorts the lines: the request carries the order, Load more keeps it", async () => {
    const page = [sampleHit({ id: "xiangshe.zhushu.0100" })];
    const { requests } = backend((req) =>
      sampleSearch({ total_segments: 45, offset: req.offset, ...(req.offset ? { results: page } : {}) }),
    );
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    expect(requests[0].sort).toBeUndefined(); // relevance: as before
    const group = screen.getByRole("group", { name: "Sort lines by" });
    const buttons = Array.from(group.querySelectorAll("button"));
    expect(buttons.map((b) => b.textContent)).toEqual(["Relevance", "Position", "Left context", "Right context"]);
    expect(screen.getByRole("button", { name: "Relevance" }).getAttribute("aria-pressed")).toBe("true");
    await fireEvent.click(screen.getByRole("button", { name: "Right context" }));
    expect(screen.getByRole("button", { name: "Right context" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ query: "觯", sort: "right", offset: 0 }));
    await fireEvent.click(screen.getByTestId("search-load-more"));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort: "right", offset: 3, limit: 50 }));
  });

  it("says how many are shown of how many, and loads more", async () => {
    const more = [
      sampleHit({ id: "xiangshe.zhushu.0100" }),
      sampleHit({ id: "xiangshe.zhushu.0101" }),
      sampleHit({ id: "xiangshe.zhushu.0102" }),
    ];
    backend((req) => sampleSearch({ total_segments: 6, results: req.offset ? more : sampleSearch().results }));
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    expect(screen.getByTestId("search-showing").textContent).toBe("Showing 3 of 6 segments");
    const button = screen.getByRole("button", { name: "Load more" });
    button.focus();
    await fireEvent.click(button);
    await waitFor(() => expect(screen.getAllByTestId("search-hit")).toHaveLength(6));
    expect(screen.getByTestId("search-showing").textContent).toBe("Showing all 6 segments");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    // the button went with the last page: the focus is in the box, not on the page
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });

  it("shows the collocations on demand; a click narrows to that neighbour", async () => {
    const { requests } = backend((req) =>
      sampleSearch({ query: req.query, collocations: req.collocations ? COLLOCATIONS : null }),
    );
    render(SearchBox);
    await type("主人");
    await screen.findByTestId("search-results");
    expect(requests[0].collocations).toBeUndefined(); // not on every keystroke
    const toggle = screen.getByRole("button", { name: "Collocations" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(requests.at(-1)!.collocations).toBe(true));
    const panel = await screen.findByTestId("collocations");
    expect(panel.textContent).toContain("beside all 5 highlighted matches");
    const right = screen.getByTestId("collocations-right-chars");
    const buttons = Array.from(right.querySelectorAll<HTMLButtonElement>("[data-testid=collocate]"));
    expect(buttons.map((b) => b.textContent)).toEqual(["拜4 occurrences", "觶1 occurrences"]);
    expect(buttons[1].querySelector("[lang]")!.getAttribute("lang")).toBe("zh-Hant");
    await fireEvent.click(buttons[0]);
    expect(input().value).toBe('"主人拜"');
    await waitFor(() => expect(requests.at(-1)!.query).toBe('"主人拜"'));
    expect(requests.at(-1)!.collocations).toBe(true);
    // a left neighbour, on a refinement chip's query
    await fireEvent.click(screen.getByRole("button", { name: "Search within these results" }));
    await fireEvent.click(screen.getByTestId("collocations-left-chars").querySelector("button")!);
    expect(chips()).toEqual(['"再主人拜"']);
    await waitFor(() => expect(requests.at(-1)!.query).toBe('"再主人拜"'));
  });

  // Issue 11 (lead's note): a collocate written into a bare word showed its
  // folded key — 觶 clicked after 主人 put "主人觯" in the box, the line of
  // what the counts are around and the hit stepper's title.
  it("writes a collocate into the box's word as the texts write it, and the stepper and the counted-around line say so", async () => {
    const { requests } = collocationsBackend();
    render(SearchBox);
    await type("主人");
    await screen.findByTestId("search-results");
    await openCollocations();
    await fireEvent.click(screen.getByTestId("collocations-right-chars").querySelectorAll("button")[1]);
    expect(input().value).toBe('"主人觶"');
    await waitFor(() => expect(requests.at(-1)!.query).toBe('"主人觶"'));
    const around = await screen.findByTestId("collocations-around");
    expect(around.textContent).toContain('"主人觶"');
    expect(around.textContent).not.toContain("觯");
  });

  it("titles the hit stepper with a collocate's chip as shown, while it steps through the search of its key", async () => {
    const { requests } = collocationsBackend();
    render(SearchBox);
    await type("主人 NEAR/3 賓");
    await screen.findByTestId("search-results");
    await openCollocations();
    await fireEvent.click(screen.getByTestId("collocations-right-chars").querySelectorAll("button")[1]);
    await waitFor(() => expect(requests.at(-1)!.query).toBe("主人 NEAR/3 賓 AND 觯"));
    await waitFor(() => expect(screen.getAllByTestId("search-hit").length).toBeGreaterThan(0));
    await fireEvent.click(screen.getAllByTestId("search-hit")[0]);
    expect(hitSteps.request?.query).toBe("主人 NEAR/3 賓 AND 觯");
    expect(hitSteps.shown).toBe("主人 NEAR/3 賓 AND 觶");
    hitSteps.stop();
  });

  it("after a refinement, a collocate is applied to the whole search it was counted around (never 答再 written into 主人)", async () => {
    const { requests } = collocationsBackend();
    render(SearchBox);
    await type("拜");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Search within these results" }));
    await type("主人");
    await waitFor(() => expect(requests.at(-1)!.query).toBe("拜 AND 主人"));
    await openCollocations();
    await fireEvent.click(screen.getByTestId("collocations-left-words").querySelector("button")!);
    await waitFor(() => expect(requests.at(-1)!.query).toBe("拜 AND 主人 AND 答再"));
    expect(requests.some((r) => r.query.includes("答再主人"))).toBe(false);
    expect(chips()).toEqual(["拜", "主人", "答再"]);
  });

  it("adds the collocate as a refinement when the query is not one phrase", async () => {
    const { requests } = backend((req) => sampleSearch({ query: req.query, collocations: COLLOCATIONS }));
    render(SearchBox);
    await type("觶 OR 觚");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Collocations" }));
    await screen.findByTestId("collocations");
    await fireEvent.click(screen.getByTestId("collocations-right-chars").querySelector("button")!);
    expect(chips()).toEqual(["觶 OR 觚", "拜"]);
    await waitFor(() => expect(requests.at(-1)!.query).toBe("觶 OR 觚 AND 拜"));
  });

  // The outside tester's findings D and G (h5): 三讓 clicked became the chip
  // 三让, also in the 繁 interface; the chip of a query with NEAR had no
  // lang; "Counted around the search 主人 NEAR/3 賓and三让".
  it("shows a collocate's chip as the texts write it, the Chinese of a chip's query tagged, the search around it in words", async () => {
    const { requests } = backend((req) => sampleSearch({ query: req.query, collocations: COLLOCATIONS }));
    render(SearchBox);
    await type("主人 NEAR/3 賓");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Collocations" }));
    await screen.findByTestId("collocations");
    // 觶 as listed (its folded key 觯 is what it searches)
    await fireEvent.click(screen.getByTestId("collocations-right-chars").querySelectorAll("button")[1]);
    await waitFor(() => expect(requests.at(-1)!.query).toBe("主人 NEAR/3 賓 AND 觯"));
    expect(chips()).toEqual(["主人 NEAR/3 賓", "觯"]);
    const shown = screen.getAllByTestId("refinement-chip");
    expect(shown.map((c) => c.textContent)).toEqual(["主人 NEAR/3 賓×", "觶×"]);
    expect(shown[1].getAttribute("aria-label")).toBe("Remove refinement 觶");
    // only the Chinese runs carry lang: NEAR/3 is read in the interface's language
    const tagged = (el: Element) => Array.from(el.querySelectorAll("[lang]"), (e) => [e.textContent, e.getAttribute("lang")]);
    expect(tagged(shown[0])).toEqual([
      ["主人", "zh"],
      ["賓", "zh"],
    ]);
    expect(tagged(shown[1])).toEqual([["觶", "zh"]]);
    const around = await screen.findByTestId("collocations-around");
    expect(around.textContent!.replace(/\s+/g, " ").trim()).toBe("Counted around the search 主人 NEAR/3 賓 and 觶");
    expect(Array.from(around.querySelectorAll("code [lang]"), (e) => e.textContent)).toEqual(["主人", "賓", "觶"]);

    // in 繁體中文 the same, joined as Chinese joins
    setLocale("zh-Hant");
    try {
      await waitFor(() => expect(around.textContent!.trim()).toBe("計數所據的檢索：主人 NEAR/3 賓及觶"));
      expect(screen.getAllByTestId("refinement-chip")[1].textContent).toBe("觶×");
    } finally {
      setLocale("en");
    }
  });

  // The outside tester's finding 14 (h7): `OR 觚` typed after the chip 觶
  // was glued to it (`觶 OR 觚`) and found more segments than 觶 alone.
  it("keeps a box that begins with an operator a query of its own: refused, its operator marked, the echo's Chinese tagged", async () => {
    const requests: SearchQuery[] = [];
    setTransport(async (cmd, args) => {
      if (cmd !== "search") throw new Error(cmd);
      const req = args.request as SearchQuery;
      requests.push(req);
      // the parser's answer to `觶 AND OR 觚`: OR has no term on its left
      if (req.query.includes("OR")) throw { kind: "query", message: "OR needs a term on both sides", span: [6, 8] };
      return sampleSearch({ query: req.query });
    });
    render(SearchBox);
    await type("觶");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Search within these results" }));
    await type("OR 觚");
    await waitFor(() => expect(requests.at(-1)!.query).toBe("觶 AND OR 觚"));
    const err = await screen.findByTestId("search-error");
    const echo = err.querySelector(".query-echo")!;
    expect(echo.textContent).toBe("觶 AND OR 觚");
    expect(screen.getByTestId("search-error-span").textContent).toBe("OR");
    // the finding 13 (h7): the echoed query's Chinese is marked as Chinese,
    // its operators left in the interface's language, as on the chips
    expect(Array.from(echo.querySelectorAll("[lang]"), (e) => [e.textContent, e.getAttribute("lang")])).toEqual([
      ["觶", "zh"],
      ["觚", "zh"],
    ]);
  });

  // The outside tester's finding 16 (h7): Enter on Collocations, then Tab,
  // went to the export buttons before the collocations just opened.
  it("puts the collocations just opened next in the tab order after their button", async () => {
    collocationsBackend();
    render(SearchBox);
    await type("再拜");
    await screen.findByTestId("search-results");
    const toggle = screen.getByTestId("collocations-toggle");
    await openCollocations();
    const tabbable = Array.from(document.querySelectorAll<HTMLElement>("button, input, a[href], [tabindex]")).filter(
      (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && !e.closest("[hidden]"),
    );
    const next = tabbable[tabbable.indexOf(toggle) + 1];
    expect(next.dataset.testid).toBe("collocate");
    expect(next.closest("#search-collocations")).toBeTruthy();
    // and the export buttons still come before the toggle, in the same row
    expect(tabbable.indexOf(screen.getByRole("button", { name: "Export results…" }))).toBeLessThan(tabbable.indexOf(toggle));
  });

  it("exports every result through the backend, in the chosen format and order", async () => {
    const { exports } = backend();
    render(SearchBox);
    await type("再拜");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Search within these results" }));
    await type("賓");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Left context" }));
    await fireEvent.click(screen.getByRole("button", { name: "CSV" }));
    expect(screen.getByRole("button", { name: "CSV" }).getAttribute("aria-pressed")).toBe("true");
    await fireEvent.click(screen.getByRole("button", { name: "Export results…" }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].format).toBe("csv");
    expect(exports[0].request).toMatchObject({ query: "再拜 AND 賓", sort: "left" });
    expect((await screen.findByTestId("search-export-saved")).textContent).toBe(
      "Saved sheli-search-x.csv to /home/u/Downloads/sheli-search-x.csv.",
    );
  });

  it("says why an export failed", async () => {
    setTransport(async (cmd) => {
      if (cmd === "search") return sampleSearch();
      throw { kind: "storage", message: "the export could not be saved as /x: denied" };
    });
    render(SearchBox);
    await type("觯");
    await screen.findByTestId("search-results");
    await fireEvent.click(screen.getByRole("button", { name: "Export results…" }));
    expect((await screen.findByRole("alert")).textContent).toContain("could not be saved");
  });
});

describe("SearchBox: a source as the scope, and a result opened for stepping", () => {
  it("scopes to a source by its count, shows it beside the box, and steps from the opened result", async () => {
    const { requests } = backend((req) =>
      sampleSearch({
        query: req.query,
        total_segments: 120,
        by_source: [
          { key: "xiangshe.tongjie", label: "儀禮經傳通解·鄉射禮", segments: 2, occurrences: 3, selected: req.source === "xiangshe.tongjie" },
          { key: "yanli.zhushu", label: "儀禮注疏·燕禮", segments: 1, occurrences: 2, selected: false },
        ],
      }),
    );
    render(SearchBox);
    await type("再拜");
    const facet = await screen.findByTestId("facet-source-xiangshe.tongjie");
    expect(facet.textContent).toContain("儀禮經傳通解·鄉射禮");
    expect(facet.textContent).toContain("2");
    await fireEvent.click(facet);
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ query: "再拜", source: "xiangshe.tongjie" }));
    const chip = await screen.findByTestId("scope-chip-source");
    expect(chip.getAttribute("aria-label")).toBe("Remove from the scope: Source 儀禮經傳通解·鄉射禮");
    // the second result opened: the stepper walks this search from there
    const { hitSteps } = await import("./hit-steps.svelte");
    await fireEvent.click(screen.getAllByTestId("search-hit")[1]);
    expect(hitSteps.request).toEqual({ query: "再拜", exact: false, limit: 0, offset: 0, source: "xiangshe.tongjie" });
    expect([hitSteps.index, hitSteps.total]).toEqual([1, 120]);
    expect(location.hash).toBe("#/read/yanli.zhushu.0003?seg=0&hl=3-4,10-11");
    hitSteps.stop();
    // the chip's button lifts the scope
    await fireEvent.click(chip);
    await waitFor(() => expect(requests.at(-1)!.source).toBeUndefined());
  });
});
