// The window's CSV is for spreadsheets: its header in the interface's
// language (the backend writes the cells it is given, after a UTF-8 byte
// order mark, src-tauri/src/app/export_commands.rs); the TSV, for scripts,
// keeps the stable English names, so the window sends none for it.
import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { SearchQuery } from "../bindings/SearchQuery";
import { setLocale } from "../i18n/i18n.svelte";
import SearchExport from "./SearchExport.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

function backend() {
  const sent: Record<string, unknown>[] = [];
  setTransport(async (cmd, args) => {
    if (cmd !== "save_search_export") throw new Error(cmd);
    sent.push(args);
    const file_name = `sheli-search-x.${args.format as string}`;
    return { path: `/home/u/Downloads/${file_name}`, file_name, bytes: 100 };
  });
  return sent;
}

const request = (): SearchQuery => ({ query: "再拜", limit: 20 }) as SearchQuery;

async function exportAs(format: "tsv" | "csv") {
  render(SearchExport, { request, testid: "x-export", label: "Export", title: "Export" });
  await fireEvent.click(screen.getByTestId(`x-export-${format}`));
  await fireEvent.click(screen.getByTestId("x-export"));
  await new Promise((r) => setTimeout(r, 0));
}

describe("the search export's header", () => {
  it("is in 繁體中文 for a CSV saved from a Chinese interface, a name by column (the backend orders them)", async () => {
    setLocale("zh-Hant");
    const sent = backend();
    await exportAs("csv");
    expect(sent).toHaveLength(1);
    expect(sent[0].format).toBe("csv");
    expect(sent[0].columns).toEqual({
      work: "篇",
      edition: "版本",
      source: "文本",
      passage: "段落",
      segment: "分段",
      layer: "層",
      line: "行",
      occurrences: "次數",
      left: "左文",
      match: "相符處",
      right: "右文",
    });
  });

  it("is in 简体中文 and in English as the interface is", async () => {
    setLocale("zh-Hans");
    let sent = backend();
    await exportAs("csv");
    expect(sent[0].columns).toMatchObject({ layer: "层", occurrences: "次数", match: "相符处" });
    cleanup();
    setLocale("en");
    sent = backend();
    await exportAs("csv");
    expect((sent[0].columns as Record<string, string>).work).toBe("Work");
    expect(Object.keys(sent[0].columns as object)).toHaveLength(11);
  });

  it("is left to the backend's English names for the TSV", async () => {
    setLocale("zh-Hant");
    const sent = backend();
    await exportAs("tsv");
    expect(sent[0]).toMatchObject({ format: "tsv", columns: null });
  });
});
