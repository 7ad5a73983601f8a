import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { UserCard } from "../bindings/UserCard";
import GlossariesView from "./GlossariesView.svelte";
import { sampleCard, sampleGlossary } from "../../test/user-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

/** The store's stamp, as `store_stamp` answers it: moved by a test to
 * stand for another Sheli's (or the CLI's) write. */
let stamp = 1;

function backend(cards: UserCard[] = []) {
  const calls: [string, Record<string, unknown>][] = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    switch (cmd) {
      case "store_stamp":
        return stamp;
      case "my_glossaries":
        return [sampleGlossary({ cards: cards.length })];
      case "list_cards_page": {
        const found = cards.filter((c) => !args.query || c.headword.includes(args.query as string));
        const offset = args.offset as number;
        return { cards: found.slice(offset, offset + (args.limit as number)), total: found.length };
      }
      case "find_builtin_cards":
        return [{ id: "bi", headword: "楅", simplified: "楅", pinyin: "bī", kind: "射具", summary: "The arrow rest." }];
      case "add_builtin_card": {
        const c = sampleCard({ id: cards.length + 1 });
        cards.push(c);
        return c;
      }
      case "import_glossary":
        return { glossary: sampleGlossary({ cards: 3 }), cards: 3, updated: 1, added: 1 };
      case "save_glossary_export":
        return { path: `/home/u/Downloads/射器.anki.txt`, file_name: "射器.anki.txt", bytes: 120 };
      case "update_card": {
        const c = cards.find((x) => x.id === args.id)!;
        Object.assign(c, args.edit);
        return c;
      }
      default:
        throw new Error(cmd);
    }
  });
  return calls;
}

describe("my glossaries", () => {
  it("shows a card the CLI added when the window comes back into view, and not under an open editor", async () => {
    const cards = [sampleCard({ id: 1, headword: "楅" })];
    const calls = backend(cards);
    render(GlossariesView, { id: 1 });
    await screen.findByText("楅");
    await waitFor(() => expect(calls.some(([c]) => c === "store_stamp")).toBe(true));
    // Another connection writes: the stamp moves; the window is focused again.
    cards.push(sampleCard({ id: 2, headword: "觶" }));
    stamp += 1;
    window.dispatchEvent(new Event("focus"));
    await screen.findByText("觶");
    // Focus with nothing changed elsewhere: no reload.
    const pages = () => calls.filter(([c]) => c === "list_cards_page").length;
    const before = pages();
    window.dispatchEvent(new Event("focus"));
    await waitFor(() => expect(calls.filter(([c]) => c === "store_stamp").length).toBe(3));
    expect(pages()).toBe(before);
    // An editor open: a write elsewhere does not reload under it.
    await fireEvent.click(screen.getAllByTestId("card-edit")[0]);
    cards.push(sampleCard({ id: 3, headword: "豐" }));
    stamp += 1;
    window.dispatchEvent(new Event("focus"));
    await waitFor(() => expect(calls.filter(([c]) => c === "store_stamp").length).toBe(4));
    expect(pages()).toBe(before);
    expect(screen.queryByText("豐")).toBeNull();
  });

  it("saves an export through the backend and says where the file is", async () => {
    const calls = backend();
    render(GlossariesView, { id: 1 });
    await screen.findByTestId("glossary-title");
    await fireEvent.click(screen.getByTestId("export-tsv"));
    await waitFor(() =>
      expect(screen.getByTestId("notice").textContent).toBe("Saved 射器.anki.txt to /home/u/Downloads/射器.anki.txt."),
    );
    expect(calls.find(([c]) => c === "save_glossary_export")?.[1]).toEqual({ id: 1, format: "tsv" });
  });

  it("saves the glossary as an Anki package", async () => {
    const calls = backend();
    render(GlossariesView, { id: 1 });
    await screen.findByTestId("glossary-title");
    await fireEvent.click(screen.getByTestId("export-apkg"));
    await waitFor(() => expect(screen.getByTestId("notice").textContent).toMatch(/^Saved /));
    expect(calls.find(([c]) => c === "save_glossary_export")?.[1]).toEqual({ id: 1, format: "apkg" });
  });

  it("says how many cards a file read back updated in the glossary it is a copy of", async () => {
    const calls = backend();
    render(GlossariesView, { id: 1 });
    await screen.findByTestId("glossary-title");
    const file = new File(["#separator:tab\n#deck:射器\n"], "射器.anki.txt", { type: "text/plain" });
    const input = screen.getByTestId("import-glossary") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await fireEvent.change(input);
    await waitFor(() =>
      expect(screen.getByTestId("notice").textContent).toBe(
        "“射器” read back from the file: 1 added, 1 changed, 1 already as the file has them.",
      ),
    );
    expect(calls.find(([c]) => c === "import_glossary")?.[1]).toMatchObject({ format: "tsv" });
  });

  it("adds a built-in card found by search, then edits every field", async () => {
    const calls = backend();
    render(GlossariesView, { id: 1 });
    expect((await screen.findByTestId("glossary-title")).textContent).toBe("射器");
    await fireEvent.input(screen.getByTestId("builtin-search"), { target: { value: "楅" } });
    await fireEvent.click(await screen.findByTestId("add-builtin-bi"));
    await waitFor(() => expect(screen.getAllByTestId("card-row").length).toBe(1));
    expect(calls.find(([c]) => c === "add_builtin_card")?.[1]).toEqual({ glossaryId: 1, builtinId: "bi" });

    await fireEvent.click(screen.getByTestId("card-edit"));
    await fireEvent.input(screen.getByTestId("card-reading"), { target: { value: "bì" } });
    await fireEvent.input(screen.getByTestId("card-tags"), { target: { value: "gear, 射具" } });
    await fireEvent.input(screen.getByTestId("card-passages"), { target: { value: "xiangshe.zhushu.0164" } });
    await fireEvent.click(screen.getByTestId("card-save"));
    await waitFor(() => expect(calls.some(([c]) => c === "update_card")).toBe(true));
    expect(calls.find(([c]) => c === "update_card")?.[1].edit).toEqual({
      headword: "楅",
      reading: "bì",
      definition: "The arrow rest.",
      tags: ["gear", "射具"],
      passages: ["xiangshe.zhushu.0164"],
    });
    expect((await screen.findByTestId("card-passage")).getAttribute("href")).toBe("#/read/xiangshe.zhushu.0164");
  });

  it("searches within the list through the backend (folded there)", async () => {
    const calls = backend();
    render(GlossariesView, { id: 1 });
    await screen.findByTestId("glossary-title");
    await fireEvent.input(screen.getByTestId("card-search"), { target: { value: "觯" } });
    await waitFor(() => expect(calls.some(([c, a]) => c === "list_cards_page" && a.query === "觯")).toBe(true));
  });

  it("draws a page of a long glossary with the total; Show more brings the next, the focus on its first card", async () => {
    const many = Array.from({ length: 230 }, (_, i) => sampleCard({ id: i + 1, headword: `字${i + 1}` }));
    const calls = backend(many);
    render(GlossariesView, { id: 1 });
    await waitFor(() => expect(screen.getByTestId("cards-count").textContent?.trim()).toBe("Showing 200 of 230 cards."));
    expect(screen.getAllByTestId("card-row").length).toBe(200);
    expect(calls.find(([c]) => c === "list_cards_page")?.[1]).toMatchObject({ offset: 0, limit: 200 });
    const more = screen.getByTestId("cards-more");
    expect(more.textContent).toBe("Show more (showing 200 of 230 cards)");
    more.focus();
    await fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByTestId("card-row").length).toBe(230));
    expect(screen.getByTestId("cards-count").textContent?.trim()).toBe("");
    expect(screen.queryByTestId("cards-more")).toBeNull();
    const first = document.querySelector('[data-card-id="201"] [data-testid="card-edit"]');
    await waitFor(() => expect(document.activeElement).toBe(first));
  }, 60_000);
});
