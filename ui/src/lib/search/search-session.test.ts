import { describe, expect, it } from "vitest";

import type { SearchQuery } from "../bindings/SearchQuery";
import { NO_FILTERS, SearchSession, buildRequest, toggleFacet, typesOver, type Clock, type Outcome } from "./search-session";

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; f: () => void; id: number }[] = [];
  let next = 1;
  const clock: Clock = {
    now: () => now,
    setTimeout: (f, ms) => {
      const id = next++;
      timers.push({ at: now + ms, f, id });
      return id;
    },
    clearTimeout: (t) => {
      timers = timers.filter((x) => x.id !== t);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.f();
    }
    now = until;
  };
  return { clock, advance };
}

/** A backend whose answers the test releases one by one, in any order. */
function manualBackend() {
  const calls: { req: SearchQuery; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const run = (req: SearchQuery) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ req, resolve, reject });
    });
  return { calls, run };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const q = (query: string) => buildRequest(query, NO_FILTERS, 30);

describe("search as you type", () => {
  it("searches the first keystroke at once and coalesces a burst into one trailing search", async () => {
    const { clock, advance } = fakeClock();
    const backend = manualBackend();
    const got: Outcome<string>[] = [];
    const s = new SearchSession(backend.run, (o) => got.push(o), { delay: 120, clock });
    s.input(q("司"));
    expect(backend.calls.map((c) => c.req.query)).toEqual(["司"]); // leading edge
    advance(40);
    s.input(q("司射"));
    advance(40);
    s.input(q("司射適"));
    advance(100);
    expect(backend.calls.length).toBe(1); // still typing: nothing new yet
    advance(20); // 120 ms after the last keystroke
    expect(backend.calls.map((c) => c.req.query)).toEqual(["司", "司射適"]);
    // A pause longer than the delay: the next keystroke is searched at once.
    advance(500);
    s.input(q("司射適堂"));
    expect(backend.calls.map((c) => c.req.query)).toEqual(["司", "司射適", "司射適堂"]);
  });

  it("drops stale answers, whatever order they arrive in", async () => {
    const { clock, advance } = fakeClock();
    const backend = manualBackend();
    const got: Outcome<string>[] = [];
    const s = new SearchSession(backend.run, (o) => got.push(o), { delay: 120, clock });
    s.input(q("觶"));
    advance(200);
    s.input(q("觶 豐"));
    expect(backend.calls.length).toBe(2);
    // The newer answer comes first, the older one after it: only the newer counts.
    backend.calls[1].resolve("new");
    await flush();
    backend.calls[0].resolve("old");
    await flush();
    expect(got.map((o) => o.result)).toEqual(["new"]);
    expect(got[0].request.query).toBe("觶 豐");
    expect(got[0].id).toBe(2);
  });

  it("an old answer arriving before the new one is dropped too", async () => {
    const { clock, advance } = fakeClock();
    const backend = manualBackend();
    const got: Outcome<string>[] = [];
    const s = new SearchSession(backend.run, (o) => got.push(o), { delay: 120, clock });
    s.input(q("a"));
    advance(300);
    s.input(q("b"));
    backend.calls[0].resolve("a");
    await flush();
    expect(got).toEqual([]);
    expect(s.busy).toBe(true);
    backend.calls[1].resolve("b");
    await flush();
    expect(got.map((o) => o.result)).toEqual(["b"]);
    expect(s.busy).toBe(false);
  });

  it("delivers errors, and forgets everything on cancel", async () => {
    const { clock, advance } = fakeClock();
    const backend = manualBackend();
    const got: Outcome<string>[] = [];
    const s = new SearchSession(backend.run, (o) => got.push(o), { delay: 120, clock });
    s.input(q('"觶'));
    backend.calls[0].reject({ kind: "query", message: "unbalanced quote" });
    await flush();
    expect(got[0].error).toEqual({ kind: "query", message: "unbalanced quote" });
    advance(50);
    s.input(q("觶"));
    s.cancel(); // the box was cleared before the trailing search
    advance(500);
    expect(backend.calls.length).toBe(1);
    s.now(q("豐"));
    backend.calls[1].resolve("x");
    await flush();
    expect(got.length).toBe(2);
  });

  it("measures from the keystroke that led to the answer", async () => {
    const { clock, advance } = fakeClock();
    const backend = manualBackend();
    const got: Outcome<string>[] = [];
    const s = new SearchSession(backend.run, (o) => got.push(o), { delay: 120, clock });
    s.input(q("a"));
    advance(10);
    backend.calls[0].resolve("a");
    await flush();
    expect(got[0].ms).toBe(10);
    expect(got[0].sinceInput).toBe(10);
  });
});

describe("facets", () => {
  it("toggle one value per facet", () => {
    let f = toggleFacet(NO_FILTERS, "work", "燕禮");
    expect(f).toEqual({ work: "燕禮", layer: null, source: null });
    f = toggleFacet(f, "layer", "注");
    expect(f).toEqual({ work: "燕禮", layer: "注", source: null });
    f = toggleFacet(f, "work", "大射儀");
    expect(f).toEqual({ work: "大射儀", layer: "注", source: null });
    f = toggleFacet(f, "work", "大射儀");
    expect(f).toEqual({ work: null, layer: "注", source: null });
    f = toggleFacet(f, "source", "xiangshe.tongjie");
    expect(f).toEqual({ work: null, layer: "注", source: "xiangshe.tongjie" });
    expect(buildRequest("射", f, 10).source).toBe("xiangshe.tongjie");
    expect(NO_FILTERS).toEqual({ work: null, layer: null, source: null });
  });

  it("become the request's filters", () => {
    expect(buildRequest("觶", NO_FILTERS, 30)).toEqual({ query: "觶", exact: false, limit: 30, offset: 0 });
    expect(buildRequest("觶", { work: "燕禮", layer: "注", source: null }, 20, 40)).toEqual({
      query: "觶",
      exact: false,
      limit: 20,
      offset: 40,
      work: "燕禮",
      layer: "注",
    });
  });
});

describe("a new query typed over the old one", () => {
  const box = (value: string, start: number, end: number) => ({ value, selectionStart: start, selectionEnd: end });

  it("is typing or pasting over the whole selected query (Ctrl+K, then 觶)", () => {
    expect(typesOver(box("拜", 0, 1), "insertText")).toBe(true);
    expect(typesOver(box("主人 賓", 0, 4), "insertCompositionText")).toBe(true);
    expect(typesOver(box("拜", 0, 1), "insertFromPaste")).toBe(true);
  });

  it("is not an edit of part of it, a deletion, or typing into an empty box", () => {
    expect(typesOver(box("再拜", 2, 2), "insertText")).toBe(false); // typing on
    expect(typesOver(box("再拜", 0, 1), "insertText")).toBe(false); // part of it
    expect(typesOver(box("拜", 0, 1), "deleteContentBackward")).toBe(false);
    expect(typesOver(box("", 0, 0), "insertText")).toBe(false);
  });
});
