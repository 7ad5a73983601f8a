// Notes worth keeping (issue 13, point 4) in the window: colours named in
// words, the notes view's filters by tag, colour, work and layer with the
// count announced, a note on several passages, and "Add to note…".
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { NoteView } from "../bindings/NoteView";
import { openNote } from "../reader/reader-notes.svelte";
import { UndoToast } from "../shell/undo.svelte";
import AddToNote from "./AddToNote.svelte";
import MarginNotes from "../reader/MarginNotes.svelte";
import NoteEditor from "./NoteEditor.svelte";
import NotesView from "./NotesView.svelte";
import { sampleNote } from "../../test/user-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  openNote.id = null;
});

const CUP = sampleNote(
  { id: 1, body: "The cup 觶 is set down.", exact: "奠觶", layer: "經", colour: "pink", tags: ["vessel"] },
  { quote: "奠觶" },
);
const GLOSS = sampleNote({ id: 2, body: "a gloss", colour: "green", tags: ["gloss"] });

/** A backend that filters as the store does (the fold stood in for by 觯 → 觶). */
function backend(notes: NoteView[]) {
  const calls: [string, Record<string, unknown>][] = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    switch (cmd) {
      case "list_notes_page": {
        const f = args.filter as { query?: string; tag?: string; colour?: string; layer?: string; work?: string };
        const q = f.query?.replaceAll("觯", "觶");
        const found = notes.filter(
          (n) =>
            (!q || n.note.body.includes(q) || n.note.exact.includes(q)) &&
            (!f.tag || n.note.tags.includes(f.tag)) &&
            (!f.colour || n.note.colour === f.colour) &&
            (!f.layer || n.note.layer === f.layer) &&
            (!f.work || n.note.work === f.work),
        );
        return { notes: found, total: found.length };
      }
      case "note_facets":
        return {
          works: [{ value: "鄉射禮", count: notes.length }],
          tags: [
            { value: "gloss", count: 1 },
            { value: "vessel", count: 1 },
          ],
          colours: [
            { value: "green", count: 1 },
            { value: "pink", count: 1 },
          ],
          layers: [
            { value: "注", count: 1 },
            { value: "經", count: 1 },
          ],
        };
      case "add_note_anchor":
        return CUP;
      case "update_note":
        return CUP;
      default:
        throw new Error(cmd);
    }
  });
  return calls;
}

const items = () => screen.queryAllByTestId("note-item");

describe("the notes view's filters and search", () => {
  it("names each note's colour in words and announces how many notes there are", async () => {
    backend([CUP, GLOSS]);
    // The live region is in the page before anything is loaded.
    render(NotesView);
    const count = screen.getByTestId("notes-count");
    expect(count.getAttribute("role")).toBe("status");
    await waitFor(() => expect(items().length).toBe(2));
    expect(count.textContent).toBe("2 notes.");
    const chips = screen.getAllByTestId("note-colour").map((c) => c.textContent);
    expect(chips).toEqual(["Colour: Pink", "Colour: Green"]);
    expect(items()[0].getAttribute("data-colour")).toBe("pink");
  });

  it("filters by tag, colour and layer, and finds a note by a folded form", async () => {
    const calls = backend([CUP, GLOSS]);
    render(NotesView);
    await waitFor(() => expect(items().length).toBe(2));
    const count = screen.getByTestId("notes-count");

    await fireEvent.change(screen.getByTestId("notes-tag"), { target: { value: "vessel" } });
    await waitFor(() => expect(items().length).toBe(1));
    expect(count.textContent).toBe("1 note match.");
    expect(calls.at(-2)?.[1].filter).toMatchObject({ tag: "vessel" });

    await fireEvent.change(screen.getByTestId("notes-colour"), { target: { value: "green" } });
    await waitFor(() => expect(items().length).toBe(0));
    expect(count.textContent).toBe("No note matches.");
    expect(calls.at(-2)?.[1].filter).toMatchObject({ tag: "vessel", colour: "green" });

    await fireEvent.change(screen.getByTestId("notes-tag"), { target: { value: "" } });
    await fireEvent.change(screen.getByTestId("notes-colour"), { target: { value: "" } });
    await fireEvent.change(screen.getByTestId("notes-layer"), { target: { value: "注" } });
    await waitFor(() => expect(items().length).toBe(1));
    expect(items()[0].getAttribute("data-note-id")).toBe("2");
    expect(calls.at(-2)?.[1].filter).toMatchObject({ layer: "注" });

    await fireEvent.change(screen.getByTestId("notes-layer"), { target: { value: "" } });
    await fireEvent.input(screen.getByTestId("notes-search"), { target: { value: "觯" } });
    await waitFor(() => expect(items().length).toBe(1));
    expect(items()[0].getAttribute("data-note-id")).toBe("1");
    expect(count.textContent).toBe("1 note match.");
  });

  it("offers every colour of the palette by name, with how many notes have it", async () => {
    backend([CUP, GLOSS]);
    render(NotesView);
    await waitFor(() => expect(items().length).toBe(2));
    const options = Array.from((screen.getByTestId("notes-colour") as HTMLSelectElement).options).map((o) => o.textContent);
    expect(options).toEqual(["All colours", "Yellow (0)", "Green (1)", "Blue (0)", "Pink (1)", "Purple (0)"]);
  });

  it("lists the other passages of a note on several, each removable", async () => {
    const two = sampleNote(
      {
        id: 3,
        more_anchors: [
          {
            passage_id: "xiangshe.zhushu.0072",
            source_id: "xiangshe.zhushu",
            work: "鄉射禮",
            layer: "經",
            exact: "實觶",
            prefix: "",
            suffix: "",
            start: 2,
            end: 4,
            orphaned: true,
          },
        ],
      },
      { more_quotes: ["實觶"] },
    );
    const calls = backend([two]);
    setTransport(async (cmd, args) => {
      calls.push([cmd, args]);
      if (cmd === "remove_note_anchor") return sampleNote({ id: 3 });
      if (cmd === "list_notes_page") return { notes: [two], total: 1 };
      if (cmd === "note_facets") return { works: [], tags: [], colours: [], layers: [] };
      throw new Error(cmd);
    });
    render(NotesView);
    const list = await screen.findByTestId("note-anchors");
    expect(list.textContent).toContain("xiangshe.zhushu.0072");
    expect(list.textContent).toContain("orphaned");
    expect(list.textContent).toContain("實觶");
    await fireEvent.click(within(list).getByTestId("note-unanchor"));
    await waitFor(() => expect(calls.some(([c]) => c === "remove_note_anchor")).toBe(true));
    expect(calls.find(([c]) => c === "remove_note_anchor")?.[1]).toMatchObject({ id: 3, index: 1 });
  });
});

describe("choosing a colour", () => {
  it("is a group of radio buttons named in words, and the choice is saved", async () => {
    let saved: unknown[] = [];
    render(NoteEditor, {
      body: "x",
      colour: "blue",
      onsave: async (...args: unknown[]) => {
        saved = args;
      },
      oncancel: () => {},
    });
    const group = screen.getByRole("group", { name: "Colour" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.parentElement!.textContent)).toEqual(["Yellow", "Green", "Blue", "Pink", "Purple"]);
    expect((screen.getByTestId("note-colour-blue") as HTMLInputElement).checked).toBe(true);
    await fireEvent.click(screen.getByTestId("note-colour-purple"));
    await fireEvent.click(screen.getByTestId("note-save"));
    await waitFor(() => expect(saved).toEqual(["x", [], "purple"]));
  });

  it("shows in the margin as a named chip", async () => {
    render(MarginNotes, {
      notes: [CUP],
      script: "original",
      toast: new UndoToast(),
      onactivate: () => {},
      onchanged: () => {},
    });
    const note = screen.getByTestId("margin-note");
    expect(note.getAttribute("data-colour")).toBe("pink");
    expect(within(note).getByTestId("note-colour").textContent).toBe("Colour: Pink");
  });
});

describe("Add to note…", () => {
  const selection = { passage_id: "xiangshe.zhushu.0072", segment: 0, start: 2, end: 4, script: "original" as const };

  it("offers the note last opened first and anchors the selection to it", async () => {
    const calls = backend([GLOSS, CUP]);
    openNote.id = 1;
    let added = false;
    render(AddToNote, { selection, quote: "實觶", script: "original", onadded: () => (added = true), oncancel: () => {} });
    const select = (await screen.findByTestId("sel-anchor-note")) as HTMLSelectElement;
    expect(select.value).toBe("1");
    await waitFor(() => expect(document.activeElement).toBe(select));
    await fireEvent.click(screen.getByTestId("sel-anchor-save"));
    await waitFor(() => expect(added).toBe(true));
    expect(calls.find(([c]) => c === "add_note_anchor")?.[1]).toEqual({ id: 1, selection });
  });

  it("offers the latest notes of tens of thousands from the store, and finds any other by its words", async () => {
    // The store's answer: a page of the latest, with the total (120 here
    // standing for 40,000); the search goes to the store too.
    const many = Array.from({ length: 120 }, (_, i) =>
      sampleNote({ id: i + 1, body: i === 7 ? "an old note on the 楅" : `note ${i + 1}`, modified: 1_700_000_000 + i }),
    );
    const calls: Record<string, unknown>[] = [];
    setTransport(async (cmd, args) => {
      if (cmd === "list_notes_page") {
        calls.push(args);
        const f = args.filter as { query?: string; recent?: boolean };
        const found = many.filter((n) => !f.query || n.note.body.includes(f.query));
        const ordered = f.recent ? [...found].reverse() : found;
        return { notes: ordered.slice(0, args.limit as number), total: found.length };
      }
      if (cmd === "add_note_anchor") return many[7];
      throw new Error(`not expected here: ${cmd}`);
    });
    let added = false;
    render(AddToNote, { selection, quote: "實觶", script: "original", onadded: () => (added = true), oncancel: () => {} });
    const select = (await screen.findByTestId("sel-anchor-note")) as HTMLSelectElement;
    expect(calls[0]).toMatchObject({ filter: { recent: true, deleted: false }, offset: 0, limit: 50 });
    expect(select.options.length).toBe(50);
    expect(select.value).toBe("120");
    expect(screen.getByTestId("sel-anchor-status").textContent).toBe("The latest 50 of 120 notes; search for another.");
    // Note 8, far past the latest 50, found by its words.
    await fireEvent.input(screen.getByTestId("sel-anchor-search"), { target: { value: "楅" } });
    await waitFor(() => expect(select.options.length).toBe(1));
    expect(calls.at(-1)).toMatchObject({ filter: { recent: true, query: "楅" } });
    expect(select.value).toBe("8");
    expect(screen.getByTestId("sel-anchor-status").textContent).toBe("1 note found.");
    await fireEvent.click(screen.getByTestId("sel-anchor-save"));
    await waitFor(() => expect(added).toBe(true));
    expect(openNote.id).toBe(8);
  });

  it("offers the note last opened in the margin first even when it is not among the latest", async () => {
    const old = sampleNote({ id: 9, body: "opened in the margin" }, { quote: "司射" });
    setTransport(async (cmd) => {
      if (cmd === "list_notes_page") return { notes: [CUP, GLOSS], total: 3 };
      throw new Error(cmd);
    });
    openNote.id = 9;
    openNote.view = old;
    render(AddToNote, { selection, quote: "實觶", script: "original", onadded: () => {}, oncancel: () => {} });
    const select = (await screen.findByTestId("sel-anchor-note")) as HTMLSelectElement;
    expect(select.value).toBe("9");
    expect(select.options[0].textContent).toBe("司射 — opened in the margin");
    openNote.view = null;
  });

  it("says so when there is no note yet", async () => {
    backend([]);
    render(AddToNote, { selection, quote: "實觶", script: "original", onadded: () => {}, oncancel: () => {} });
    expect((await screen.findByText(/No notes yet/)).textContent).toContain("Add note");
    expect((screen.getByTestId("sel-anchor-save") as HTMLButtonElement).disabled).toBe(true);
  });
});
