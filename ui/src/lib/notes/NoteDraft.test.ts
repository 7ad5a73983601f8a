import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { ApiError, setTransport } from "../api";
import NoteEditor from "./NoteEditor.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
});

/** A store holding drafts by key. */
function backend(drafts: Record<string, { body: string; tags: string; colour: string; saved: number }>) {
  const calls: [string, Record<string, unknown>][] = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    const key = args.key as string;
    switch (cmd) {
      case "note_draft":
        return drafts[key] ? { key, ...drafts[key] } : null;
      case "save_note_draft":
        drafts[key] = { body: args.body as string, tags: args.tags as string, colour: args.colour as string, saved: 1_700_000_100 };
        return null;
      case "clear_note_draft":
        delete drafts[key];
        return null;
      default:
        throw new Error(cmd);
    }
  });
  return calls;
}

describe("a note's draft", () => {
  it("is kept a second after typing stops, and Cancel clears it", async () => {
    const drafts = {};
    const calls = backend(drafts);
    render(NoteEditor, { draftKey: "note:7", body: "first", onsave: async () => {}, oncancel: () => {} });
    const area = screen.getByTestId("note-text") as HTMLTextAreaElement;
    await fireEvent.input(area, { target: { value: "first, then more" } });
    expect(calls.some(([c]) => c === "save_note_draft")).toBe(false);
    await waitFor(() => expect(drafts).toMatchObject({ "note:7": { body: "first, then more", colour: "yellow" } }), { timeout: 3000 });
    await fireEvent.click(screen.getByTestId("note-cancel"));
    await waitFor(() => expect(drafts).toEqual({}));
  });

  it("left by a crash is offered when the editor opens: Restore puts it back, the focus in the text", async () => {
    backend({ "note:7": { body: "typed before the crash", tags: "a b", colour: "green", saved: 1_700_000_000 } });
    render(NoteEditor, { draftKey: "note:7", body: "first", onsave: async () => {}, oncancel: () => {} });
    await screen.findByTestId("draft-offer");
    expect(screen.getByTestId("draft-status").textContent).toContain("An unsaved draft of this note from");
    expect(screen.getByTestId("draft-status").textContent).toContain("typed before the crash");
    await fireEvent.click(screen.getByTestId("draft-restore"));
    const area = screen.getByTestId("note-text") as HTMLTextAreaElement;
    expect(area.value).toBe("typed before the crash");
    expect((screen.getByTestId("note-tags") as HTMLInputElement).value).toBe("a b");
    expect((screen.getByTestId("note-colour-green") as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(area);
    expect(screen.queryByTestId("draft-offer")).toBeNull();
  });

  it("is cleared by Save, and Discard drops an offered one", async () => {
    const drafts: Record<string, { body: string; tags: string; colour: string; saved: number }> = {
      "new:p:0:1:2": { body: "old words", tags: "", colour: "yellow", saved: 1_700_000_000 },
    };
    backend(drafts);
    const saved: string[] = [];
    render(NoteEditor, { draftKey: "new:p:0:1:2", onsave: async (b: string) => void saved.push(b), oncancel: () => {} });
    await fireEvent.click(await screen.findByTestId("draft-discard"));
    await waitFor(() => expect(drafts).toEqual({}));
    expect((screen.getByTestId("note-text") as HTMLTextAreaElement).value).toBe("");
    await fireEvent.input(screen.getByTestId("note-text"), { target: { value: "new words" } });
    await waitFor(() => expect(Object.keys(drafts)).toEqual(["new:p:0:1:2"]), { timeout: 3000 });
    await fireEvent.click(screen.getByTestId("note-save"));
    await waitFor(() => expect(saved).toEqual(["new words"]));
    await waitFor(() => expect(drafts).toEqual({}));
  });
});

describe("saving a note another Sheli deleted", () => {
  it("keeps the focus on Save, says so, and offers to bring the note back and save the text", async () => {
    backend({});
    const undeleted: string[] = [];
    render(NoteEditor, {
      draftKey: "note:1",
      body: "first",
      onsave: async () => {
        throw new ApiError("update_note", "not_found", "There is no note with id 1.", null, "store.unknown_note", { id: "1" }, []);
      },
      onundeleteSave: async (b: string) => void undeleted.push(b),
      oncancel: () => {},
    });
    await fireEvent.input(screen.getByTestId("note-text"), { target: { value: "first and more" } });
    const save = screen.getByTestId("note-save");
    save.focus();
    await fireEvent.click(save);
    expect((await screen.findByTestId("note-error")).textContent).toContain("There is no note with id 1.");
    expect(document.activeElement).toBe(save);
    expect((screen.getByTestId("note-text") as HTMLTextAreaElement).value).toBe("first and more");
    await fireEvent.click(screen.getByTestId("note-undelete-save"));
    await waitFor(() => expect(undeleted).toEqual(["first and more"]));
  });
});
