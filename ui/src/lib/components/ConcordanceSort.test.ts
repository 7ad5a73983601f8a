// The concordance of a character or term: its lines sort like the search
// panel's (issue 11, point 4), and Load more keeps the order.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { SearchQuery } from "../bindings/SearchQuery";
import Concordance from "./Concordance.svelte";
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
