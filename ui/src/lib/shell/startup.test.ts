import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { PassageView } from "../bindings/PassageView";
import type { SourceView } from "../bindings/SourceView";
import { DEFAULT_SETTINGS } from "./settings.svelte";

// startup.ts keeps the start's state at module level (one start per page):
// each test takes a fresh copy of it and of the api it calls.
async function fresh() {
  vi.resetModules();
  const api = await import("../api");
  const startup = await import("./startup");
  const opening = await import("../reader/opening");
  const calls: [string, Record<string, unknown>][] = [];
  api.setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    return [];
  });
  return { api, startup, opening, calls };
}

const PLACE = { ...DEFAULT_SETTINGS, place: "#/read/xiangshe.zhushu.0143", script: "original" as const };

describe("the start's first view", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("asks for the sources and the restored passage's first page before anything mounts, once each", async () => {
    const { api, startup, opening, calls } = await fresh();
    startup.askForFirstView(PLACE);
    expect(calls).toEqual([
      ["sources", {}],
      ["passages", { source: "xiangshe.zhushu", start: 143, count: opening.FIRST_PAGE, script: "original" }],
    ]);
    // The reader, mounting, takes the page asked for; the reader's and the
    // scripts' own asks for the sources share the one answer.
    await opening.passagesFrom("xiangshe.zhushu", 143, opening.FIRST_PAGE, "original");
    await api.sources();
    await api.sources();
    expect(calls.map(([c]) => c)).toEqual(["sources", "passages"]);
  });

  it("asks for nothing when the backend wrote the sources and the passage into the page", async () => {
    const { api, startup, opening, calls } = await fresh();
    const passage = { id: "xiangshe.zhushu.0143" } as unknown as PassageView;
    const source = { id: "xiangshe.zhushu", script: "traditional" } as unknown as SourceView;
    startup.askForFirstView(PLACE, {
      sources: [source],
      first: { source: "xiangshe.zhushu", start: 143, count: opening.FIRST_PAGE, script: "original", passages: [passage] },
    });
    expect(calls).toEqual([]);
    // The reader and the scripts get the written answers, still without a call.
    expect(await opening.passagesFrom("xiangshe.zhushu", 143, opening.FIRST_PAGE, "original")).toEqual([passage]);
    expect(await api.sources()).toEqual([source]);
    expect(calls).toEqual([]);
    // After an import the list is asked for again.
    await api.importTexts([]);
    await api.sources();
    expect(calls.map(([c]) => c)).toEqual(["import_texts", "sources"]);
  });

  it("asks for the passage when the written one is another (a script or a place the page does not share)", async () => {
    const { startup, opening, calls } = await fresh();
    startup.askForFirstView(PLACE, {
      first: { source: "xiangshe.zhushu", start: 143, count: opening.FIRST_PAGE, script: "simplified", passages: [] },
    });
    expect(calls).toEqual([
      ["sources", {}],
      ["passages", { source: "xiangshe.zhushu", start: 143, count: opening.FIRST_PAGE, script: "original" }],
    ]);
  });

  it("uses nothing written on a reload (no start settings): the texts may have changed", async () => {
    const { startup, calls } = await fresh();
    startup.askForFirstView(null, { sources: [] });
    expect(calls).toEqual([["sources", {}]]);
  });

  it("asks for no passage when the place is not one (the library)", async () => {
    const { startup, calls } = await fresh();
    startup.askForFirstView({ ...PLACE, place: "#/library" });
    expect(calls.map(([c]) => c)).toEqual(["sources"]);
  });

  it("holds back the rest until the first view is painted", async () => {
    const { startup } = await fresh();
    startup.askForFirstView(PLACE);
    const ran: string[] = [];
    startup.afterFirstView(() => ran.push("index status"));
    expect(ran).toEqual([]);
    startup.markInteractive();
    // (After the next frame: jsdom's animation frames run on its own timer.)
    await vi.waitFor(() => expect(ran).toEqual(["index status"]), { timeout: 2000 });
    // After the start, at once.
    startup.afterFirstView(() => ran.push("later"));
    expect(ran).toEqual(["index status", "later"]);
  });

  it("lets it go after a second when the first view never reports", async () => {
    const { startup } = await fresh();
    startup.askForFirstView(PLACE);
    const ran: string[] = [];
    startup.afterFirstView(() => ran.push("notes"));
    vi.advanceTimersByTime(999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["notes"]);
  });

  it("holds nothing back outside a start main.ts began (a component mounted alone)", async () => {
    const { startup } = await fresh();
    const ran: string[] = [];
    startup.afterFirstView(() => ran.push("cards"));
    expect(ran).toEqual(["cards"]);
  });
});

describe("the list of sources", () => {
  it("is asked again after an import and after a failure", async () => {
    const { api, calls } = await fresh();
    await api.sources();
    await api.importTexts([]);
    await api.sources();
    expect(calls.map(([c]) => c)).toEqual(["sources", "import_texts", "sources"]);

    let fail = true;
    api.setTransport(async (cmd) => {
      calls.push([cmd, {}]);
      if (fail) throw { kind: "corpus", message: "not yet" };
      return [];
    });
    await expect(api.sources()).rejects.toThrow();
    fail = false;
    await expect(api.sources()).resolves.toEqual([]);
    expect(calls.filter(([c]) => c === "sources")).toHaveLength(4);
  });
});
