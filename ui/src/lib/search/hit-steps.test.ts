import { describe, expect, it } from "vitest";

import type { HitListView } from "../bindings/HitListView";
import type { SearchQuery } from "../bindings/SearchQuery";
import { HitSteps, MAX_ROUTE_RANGES, hitRoute, stepLabel, stepRequest, stepTarget } from "./hit-steps.svelte";
import { parseHash, routeHash } from "../shell/router.svelte";

/** A backend of `total` hits, `p.0000`…, answering pages of `size`; the offsets asked for are kept. */
function backend(total: number, size: number) {
  const asked: number[] = [];
  const fetch = async (_req: SearchQuery, offset: number): Promise<HitListView> => {
    asked.push(offset);
    const items = [];
    for (let i = offset; i < Math.min(total, offset + size); i++) {
      items.push({ id: `p.${String(i).padStart(4, "0")}`, source: "p", segment: i % 3, ranges: [[i % 7, (i % 7) + 2]] as [number, number][] });
    }
    return { items, truncated: offset + items.length < total, offset, total };
  };
  return { fetch, asked };
}

const REQ: SearchQuery = { query: '"再 拜"~2', exact: false, limit: 20, offset: 40, sort: "right", collocations: true, hits: false, work: "鄉射禮" };
const hit = (i: number) => ({ id: `p.${String(i).padStart(4, "0")}`, segment: i % 3, ranges: [[i % 7, (i % 7) + 2]] as [number, number][] });

describe("stepping from hit to hit", () => {
  it("walks on from the opened result, across pages, and says where it is", async () => {
    const b = backend(25, 10);
    const steps = new HitSteps(b.fetch, 10);
    steps.start(REQ, 7, 25, hit(7));
    expect(steps.active).toBe(true);
    expect(steps.message).toBe("");
    const next = await steps.step(1);
    expect(next?.id).toBe("p.0008");
    expect(steps.index).toBe(8);
    expect(steps.message).toBe("Hit 9 of 25, passage p.0008.");
    expect(b.asked).toEqual([8]); // a page from the hit stepped to
    for (let k = 0; k < 9; k++) await steps.step(1);
    expect(steps.current?.id).toBe("p.0017");
    expect(b.asked).toEqual([8]);
    const past = await steps.step(1); // past the page: the next one
    expect(past).toEqual({ id: "p.0018", source: "p", segment: 0, ranges: [[4, 6]] });
    expect(b.asked).toEqual([8, 18]);
    // back again: nothing asked for twice
    await steps.step(-1);
    expect(steps.current?.id).toBe("p.0017");
    expect(b.asked).toEqual([8, 18]);
    // back before the first page asked for: a page ending at the hit
    steps.start(REQ, 5, 25, hit(5));
    await steps.step(-1);
    expect(steps.current?.id).toBe("p.0004");
    expect(b.asked).toEqual([8, 18, 0]);
  });

  it("reaches the very last hit and stops there, saying so", async () => {
    const b = backend(2345, 1000);
    const steps = new HitSteps(b.fetch, 1000);
    steps.start(REQ, 2343, 2345, hit(2343));
    expect((await steps.step(1))?.id).toBe("p.2344");
    expect(steps.message).toBe("Hit 2,345 of 2,345, passage p.2344.");
    expect(await steps.step(1)).toBeNull();
    expect(steps.message).toBe("This is the last hit (2,345 of 2,345).");
    expect(steps.index).toBe(2344);
    expect(b.asked).toEqual([2344]);
  });

  it("stops at the first hit", async () => {
    const steps = new HitSteps(backend(5, 10).fetch, 10);
    steps.start(REQ, 0, 5, hit(0));
    expect(await steps.step(-1)).toBeNull();
    expect(steps.message).toBe("This is the first hit (1 of 5).");
    expect(steps.current?.id).toBe("p.0000");
  });

  it("walks the search as it was opened: its query, filters and order, not its page", async () => {
    const seen: SearchQuery[] = [];
    const b = backend(30, 10);
    const steps = new HitSteps(async (r, o) => {
      seen.push(r);
      return b.fetch(r, o);
    }, 10);
    steps.start(REQ, 3, 30, hit(3));
    await steps.step(1);
    expect(seen[0]).toEqual({ query: '"再 拜"~2', exact: false, limit: 0, offset: 0, work: "鄉射禮", sort: "right" });
    expect(stepRequest({ query: "射", exact: true, limit: 5, offset: 0, sort: "relevance", source: "yanli.zhushu" })).toEqual({
      query: "射",
      exact: true,
      limit: 0,
      offset: 0,
      source: "yanli.zhushu",
    });
  });

  it("drops an answer for a search replaced meanwhile", async () => {
    let release: (v: HitListView) => void = () => {};
    const slow = () => new Promise<HitListView>((r) => (release = r));
    const steps = new HitSteps(slow, 10);
    steps.start(REQ, 12, 40, hit(12)); // page 10 not here yet
    const pending = steps.step(1);
    steps.start({ ...REQ, query: "賓" }, 0, 3, hit(0));
    release({ items: [hit(13) as never], truncated: true, offset: 10, total: 40 });
    expect(await pending).toBeNull();
    expect(steps.request?.query).toBe("賓");
    expect(steps.current?.id).toBe("p.0000");
    expect(steps.total).toBe(3);
  });

  it("says when a page cannot be read, and stays where it was", async () => {
    const steps = new HitSteps(async () => {
      throw new Error("the search index is being built");
    }, 10);
    steps.start(REQ, 0, 9, hit(0));
    expect(await steps.step(1)).toBeNull();
    expect(steps.message).toMatch(/could not be read: the search index is being built/);
    expect(steps.busy).toBe(false);
    expect(steps.index).toBe(0);
  });

  it("follows the reader to a listed hit (Back), and does nothing when stopped", async () => {
    const steps = new HitSteps(backend(30, 10).fetch, 10);
    steps.start(REQ, 1, 30, hit(1));
    await steps.step(1);
    steps.follow("p.0005", 2);
    expect(steps.index).toBe(5);
    steps.follow("x.0001", 0); // not a hit: nothing moves
    expect(steps.index).toBe(5);
    steps.stop();
    expect(steps.active).toBe(false);
    expect(await steps.step(1)).toBeNull();
  });

  it("counts and routes as the reader and the panel need", () => {
    expect(stepLabel(2, 1450)).toBe("Hit 3 of 1,450");
    expect(stepTarget(0, -1, 3)).toBe("first");
    expect(stepTarget(2, 1, 3)).toBe("last");
    expect(stepTarget(1, 1, 3)).toBe(2);
    // a route the router reads back, however many matches the segment has
    const many = { id: "xiangshe.zhushu.0012", segment: 2, ranges: Array.from({ length: 80 }, (_, i) => [i * 3, i * 3 + 2] as [number, number]) };
    const r = hitRoute(many);
    expect(parseHash(routeHash(r))).toEqual(r);
    expect(r.view === "reader" && r.hit?.ranges.length).toBe(MAX_ROUTE_RANGES);
    expect(hitRoute({ id: "a.0001", segment: 0, ranges: [] })).toEqual({ view: "reader", id: "a.0001" });
  });
});

describe("steps pressed faster than a page arrives (outside tester's finding 15)", () => {
  it("counts every press: five presses while the first page is asked for move five hits", async () => {
    const b = backend(25, 10);
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow = async (req: SearchQuery, offset: number) => {
      await gate;
      return b.fetch(req, offset);
    };
    const steps = new HitSteps(slow, 10);
    steps.start(REQ, 0, 25, hit(0));
    const first = steps.step(1);
    const later = [steps.step(1), steps.step(1), steps.step(1), steps.step(1)];
    release();
    expect(await Promise.all(later)).toEqual([null, null, null, null]);
    expect((await first)?.id).toBe("p.0005");
    expect(steps.index).toBe(5);
    expect(steps.message).toBe("Hit 6 of 25, passage p.0005.");
    // back as quickly: counted the same way
    const back = steps.step(-1);
    void steps.step(-1);
    expect((await back)?.id).toBe("p.0003");
  });
});
