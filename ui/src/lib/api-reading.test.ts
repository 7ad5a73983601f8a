import { afterEach, describe, expect, it } from "vitest";

import * as api from "./api";
import { ApiError, setTransport } from "./api";
import { loadLocale, setLocale } from "./i18n/i18n.svelte";

afterEach(() => setTransport(null));

describe("api: search, parallel column, cards", () => {
  it("sends each command with its arguments named as in Rust", async () => {
    const calls: [string, Record<string, unknown>][] = [];
    setTransport(async (cmd, args) => {
      calls.push([cmd, args]);
      return null;
    });
    const request = { query: "觯", exact: false, limit: 30, offset: 0 };
    await api.search(request, "traditional");
    await api.indexStatus();
    await api.aligned("xiangshe.zhushu.0353");
    await api.cards();
    await api.card("bi", "simplified");
    await api.picture("hou.svg");
    await api.uiReady(412.5);
    expect(calls).toEqual([
      ["search", { request, script: "traditional" }],
      ["index_status", {}],
      ["aligned", { passageId: "xiangshe.zhushu.0353", script: null }],
      ["cards", {}],
      ["card", { id: "bi", script: "simplified" }],
      ["picture", { name: "hou.svg" }],
      ["ui_ready", { pageMs: 412.5 }],
    ]);
  });

  it("keeps the span of a query error", async () => {
    setTransport(() => Promise.reject({ kind: "query", message: "unbalanced quote", span: [2, 4] }));
    const e = (await api.search({ query: '觶 "豐', exact: false, limit: 30, offset: 0 }).catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.kind).toBe("query");
    expect(e.span).toEqual([2, 4]);
    setTransport(() => Promise.reject({ kind: "not_found", message: "x" }));
    expect(((await api.card("x").catch((x: unknown) => x)) as ApiError).span).toBeNull();
  });

  it("describes a character and drafts a card from a selection", async () => {
    const calls: [string, Record<string, unknown>][] = [];
    setTransport(async (cmd, args) => {
      calls.push([cmd, args]);
      return null;
    });
    const selection = { passage_id: "xiangshe.zhushu.0002", segment: 2, start: 0, end: 1, script: "original" as const };
    await api.describeChar("觯");
    await api.draftCard(selection);
    expect(calls).toEqual([
      ["describe_char", { char: "觯" }],
      ["draft_card", { selection, locale: "en" }],
    ]);
    // A card drafted in a Chinese window says so: the term's definition in it first.
    await loadLocale("zh-Hant");
    setLocale("zh-Hant");
    try {
      await api.draftCard(selection);
      await api.addCardFromSelection(2, selection);
      expect(calls.slice(-2)).toEqual([
        ["draft_card", { selection, locale: "zh-Hant" }],
        ["add_card_from_selection", { glossaryId: 2, selection, locale: "zh-Hant" }],
      ]);
    } finally {
      setLocale("en");
    }
    setTransport(() => Promise.reject({ kind: "invalid_input", message: "no Han character in `a`" }));
    const e = (await api.describeChar("a").catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.kind).toBe("invalid_input");
    expect(e.command).toBe("describe_char");
  });

  it("has no events outside the app", async () => {
    const stop = await api.onIndexStatus(() => {});
    expect(typeof stop).toBe("function");
    stop();
  });
});
