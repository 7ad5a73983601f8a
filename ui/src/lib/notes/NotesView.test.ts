import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { NoteView } from "../bindings/NoteView";
import NotesView from "./NotesView.svelte";
import { sampleNote } from "../../test/user-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

/** A backend holding `notes`; deleted ones are set aside until undeleted. */
function backend(notes: NoteView[]) {
  const calls: [string, Record<string, unknown>][] = [];
  let live = [...notes];
  const deleted: NoteView[] = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    switch (cmd) {
      case "list_notes": {
        const f = args.filter as { query?: string; work?: string };
        return live.filter(
          (n) => (!f.query || n.note.body.includes(f.query)) && (!f.work || n.note.work === f.work),
        );
      }
      case "note_facets":
        return {
          works: [{ value: "鄉射禮", count: live.length }],
          tags: [{ value: "office", count: 1 }],
          colours: [{ value: "yellow", count: live.length }],
          layers: [{ value: "注", count: live.length }],
        };
      case "delete_note": {
        const i = live.findIndex((n) => n.note.id === args.id);
        deleted.push(...live.splice(i, 1));
        return null;
      }
      case "undelete_note": {
        const n = deleted.find((d) => d.note.id === args.id)!;
        live = [...live, n];
        return n;
      }
      default:
        throw new Error(cmd);
    }
  });
  return calls;
}

describe("the notes view", () => {
  it("lists notes with their quote, and an orphaned one with its quote", async () => {
    backend([
      sampleNote(),
      sampleNote({ id: 2, exact: "不在書中", orphaned: true, body: "lost" }, { quote: "不在書中", span: null }),
    ]);
    render(NotesView);
    await waitFor(() => expect(screen.getAllByTestId("note-item").length).toBe(2));
    const quotes = screen.getAllByTestId("note-quote").map((q) => q.textContent);
    expect(quotes[0]).toBe("州長");
    expect(quotes[1]).toContain("orphaned");
    expect(quotes[1]).toContain("不在書中");
    expect(screen.getAllByTestId("note-body")[0].innerHTML).toContain("<em>the</em>");
  });

  it("searches, and deletes with an Undo that brings the note back", async () => {
    const calls = backend([sampleNote(), sampleNote({ id: 2, body: "second", exact: "主人" }, { quote: "主人" })]);
    render(NotesView);
    await waitFor(() => expect(screen.getAllByTestId("note-item").length).toBe(2));

    await fireEvent.input(screen.getByTestId("notes-search"), { target: { value: "second" } });
    await waitFor(() => expect(screen.getAllByTestId("note-item").length).toBe(1));
    expect(calls.at(-2)?.[1].filter).toMatchObject({ query: "second", deleted: false });
    await fireEvent.input(screen.getByTestId("notes-search"), { target: { value: "" } });
    await waitFor(() => expect(screen.getAllByTestId("note-item").length).toBe(2));

    await fireEvent.click(screen.getAllByTestId("note-delete")[0]);
    await waitFor(() => expect(screen.getAllByTestId("note-item").length).toBe(1));
    expect((await screen.findByTestId("undo-toast")).textContent).toContain("Note deleted.");
    await fireEvent.click(screen.getByTestId("undo"));
    await waitFor(() => expect(screen.getAllByTestId("note-item").length).toBe(2));
    expect(calls.some(([c, a]) => c === "undelete_note" && a.id === 1)).toBe(true);
    await waitFor(() => expect(screen.queryByTestId("undo-toast")).toBeNull());
  });
});
