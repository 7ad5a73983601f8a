// The bar above the reader that steps from hit to hit: n / Shift+N and F3
// open the next and previous hits' passages, outside fields only, and say
// where they are in a live region that is there before its first message.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { SearchQuery } from "../bindings/SearchQuery";
import { hitSteps } from "./hit-steps.svelte";
import { router } from "../shell/router.svelte";
import HitStepper from "./HitStepper.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
  hitSteps.stop();
});

const hit = (i: number) => ({ id: `xiangshe.zhushu.${String(i).padStart(4, "0")}`, source: "xiangshe.zhushu", segment: 0, ranges: [[1, 3]] as [number, number][] });

function backend(total: number) {
  const asked: { request: SearchQuery; offset: number }[] = [];
  setTransport(async (cmd, args) => {
    if (cmd !== "search_hits") throw new Error(cmd);
    const offset = args.offset as number;
    asked.push({ request: args.request as SearchQuery, offset });
    const items = Array.from({ length: Math.max(0, Math.min(1000, total - offset)) }, (_, k) => hit(offset + k));
    return { items, truncated: offset + items.length < total, offset, total };
  });
  return asked;
}

describe("HitStepper", () => {
  it("steps with n, Shift+N and F3, opening each hit in the reader and saying where it is", async () => {
    const asked = backend(1450);
    router.go({ view: "reader", id: hit(0).id, hit: { segment: 0, ranges: [[1, 3]] } });
    render(HitStepper);
    const live = screen.getByTestId("hit-announce");
    expect(live.getAttribute("aria-live")).toBe("polite");
    expect(screen.queryByTestId("hit-stepper")).toBeNull(); // nothing opened from a search yet

    hitSteps.start({ query: '"主人 賓"~3', exact: false, limit: 20, offset: 0 }, 0, 1450, hit(0));
    const count = await screen.findByTestId("hit-count");
    expect(count.textContent).toBe("Hit 1 of 1,450");
    expect(screen.getByTestId("hit-stepper").textContent).toContain('"主人 賓"~3');

    await fireEvent.keyDown(window, { key: "n" });
    await waitFor(() => expect(count.textContent).toBe("Hit 2 of 1,450"));
    await fireEvent.keyDown(window, { key: "F3" });
    await waitFor(() => expect(count.textContent).toBe("Hit 3 of 1,450"));
    expect(router.route).toEqual({ view: "reader", id: hit(2).id, hit: { segment: 0, ranges: [[1, 3]] } });
    expect(live.textContent).toBe("Hit 3 of 1,450, passage xiangshe.zhushu.0002.");
    await fireEvent.keyDown(window, { key: "N", shiftKey: true });
    await waitFor(() => expect(count.textContent).toBe("Hit 2 of 1,450"));
    await fireEvent.click(screen.getByRole("button", { name: "Next hit" }));
    await waitFor(() => expect(count.textContent).toBe("Hit 3 of 1,450"));
    // one page asked for, from the first step on, with the search's query and no page of its own
    expect(asked).toEqual([{ request: { query: '"主人 賓"~3', exact: false, limit: 0, offset: 0 }, offset: 1 }]);
  });

  it("leaves n to a field that has the focus", async () => {
    backend(10);
    router.go({ view: "reader", id: hit(0).id });
    render(HitStepper);
    hitSteps.start({ query: "射", exact: false, limit: 20, offset: 0 }, 0, 10, hit(0));
    const field = document.createElement("input");
    document.body.append(field);
    await fireEvent.keyDown(field, { key: "n" });
    await new Promise((r) => setTimeout(r, 10));
    expect(screen.getByTestId("hit-count").textContent).toBe("Hit 1 of 10");
    field.remove();
  });

  it("stops, the bar going and the focus handed to the passage", async () => {
    backend(10);
    router.go({ view: "reader", id: hit(0).id });
    const passage = document.createElement("section");
    passage.id = `p-${hit(0).id}`;
    passage.tabIndex = -1;
    document.body.append(passage);
    render(HitStepper);
    hitSteps.start({ query: "射", exact: false, limit: 20, offset: 0 }, 0, 10, hit(0));
    const stop = await screen.findByRole("button", { name: "Stop stepping" });
    stop.focus();
    await fireEvent.click(stop);
    await waitFor(() => expect(screen.queryByTestId("hit-stepper")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(passage));
    passage.remove();
  });
});
