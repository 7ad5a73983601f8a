import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { DraftView } from "../bindings/DraftView";
import type { NoteDraft } from "../bindings/NoteDraft";
import type { NoteView } from "../bindings/NoteView";
import NotesView from "./NotesView.svelte";
import { sampleNote } from "../../test/user-fixtures";
import { setLocale } from "../i18n/i18n.svelte";
import { resumeNewNote } from "../reader/reader-notes.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

/** A backend holding `notes`; deleted ones are set aside until undeleted. */
function backend(notes: NoteView[]) {
  const calls: [string, Record<string, unknown>][] = [];
  let live = [...notes];
  const deleted: NoteView[] = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    switch (cmd) {
      case "list_notes_page": {
        const f = args.filter as { query?: string; work?: string };
        const found = live.filter(
          (n) => (!f.query || n.note.body.includes(f.query)) && (!f.work || n.note.work === f.work),
        );
        const offset = args.offset as number;
        return { notes: found.slice(offset, offset + (args.limit as number)), total: found.length };
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

/** A draft left in the store. */
function draft(key: string, body: string, saved = 1_700_000_000): NoteDraft {
  return { key, body, tags: "", colour: "yellow", saved };
}

/** A backend with one note listed and `drafts` left by a crash (each
 * cited by its passage, a save answered with the note as saved). */
function draftsBackend(drafts: DraftView[]) {
  const calls: [string, Record<string, unknown>][] = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    switch (cmd) {
      case "list_notes_page":
        return { notes: [sampleNote()], total: 1 };
      case "note_facets":
        return { works: [], tags: [], colours: [], layers: [] };
      case "note_drafts":
        return drafts;
      case "note_draft":
        return drafts.find((d) => d.draft.key === args.key)?.draft ?? null;
      case "cite": {
        const sel = args.selection as { passage_id: string };
        return sel.passage_id.endsWith("0072") ? "《儀禮·鄉射禮》注 實觶" : "《儀禮·鄉射禮》經";
      }
      case "update_note": {
        const edit = args.edit as { body: string };
        return sampleNote({ id: args.id as number, body: edit.body }, { html: `<p>${edit.body}</p>` });
      }
      case "clear_note_draft":
        return null;
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

  it("draws a page of a long list with the total, and Show more brings the next with the focus on its first note", async () => {
    const many = Array.from({ length: 230 }, (_, i) => sampleNote({ id: i + 1, body: `note ${i + 1}` }));
    const calls = backend(many);
    render(NotesView);
    await waitFor(() => expect(screen.getByTestId("notes-count").textContent).toBe("Showing 200 of 230 notes."));
    expect(screen.getAllByTestId("note-item").length).toBe(200);
    const listed = calls.filter(([c]) => c === "list_notes_page");
    expect(listed.at(-1)?.[1]).toMatchObject({ offset: 0, limit: 200 });
    const more = screen.getByTestId("notes-more");
    expect(more.textContent).toBe("Show more (showing 200 of 230 notes)");

    more.focus();
    await fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByTestId("note-item").length).toBe(230));
    expect(screen.getByTestId("notes-count").textContent).toBe("230 notes.");
    const first = document.querySelector('[data-note-id="201"] [data-testid="note-edit"]');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(screen.queryByTestId("notes-more")).toBeNull();

    // A search goes to the store over all notes (not the page), and its
    // count says how many match.
    await fireEvent.input(screen.getByTestId("notes-search"), { target: { value: "note 22" } });
    await waitFor(() => expect(screen.getByTestId("notes-count").textContent).toBe("11 notes match."));
    expect(screen.getAllByTestId("note-item").length).toBe(11);
  }, 60_000);

  it("speaks 繁體中文: the count, the filters, the colour's name, Edit and Delete, the orphaned badge", async () => {
    setLocale("zh-Hant");
    backend([
      sampleNote(),
      sampleNote({ id: 2, exact: "不在書中", orphaned: true, body: "lost" }, { quote: "不在書中", span: null }),
    ]);
    render(NotesView);
    await waitFor(() => expect(screen.getByTestId("notes-count").textContent).toBe("共 2 則筆記。"));
    expect(screen.getByRole("heading", { level: 1 }).textContent?.trim()).toBe("筆記");
    expect(screen.getByTestId("notes-search").getAttribute("placeholder")).toBe("檢索筆記（觯 亦可檢得 觶）");
    expect(screen.getAllByTestId("note-edit")[0].textContent).toBe("編輯");
    expect(screen.getAllByTestId("note-delete")[0].textContent).toBe("刪除");
    expect(screen.getAllByTestId("note-colour")[0].textContent).toBe("顏色：黃");
    expect(screen.getAllByTestId("note-quote")[1].textContent).toContain("失去原文");
    // The filters' counts and names follow too, with no English left.
    expect(screen.getByTestId("notes-colour").textContent).toContain("所有顏色");
    expect(screen.getByTestId("notes-colour").textContent).not.toMatch(/Yellow|All/);

    // Switching back relabels what is already shown.
    setLocale("en");
    await waitFor(() => expect(screen.getAllByTestId("note-edit")[0].textContent).toBe("Edit"));
    expect(screen.getByTestId("notes-count").textContent).toBe("2 notes.");
  });

  it("says which drafts a crash left; Open brings the note's editor with the draft offered, and the note saved shows as saved", async () => {
    const far = sampleNote({ id: 900, body: "far away" }, { html: "<p>far away</p>" });
    draftsBackend([{ draft: draft("note:900", "typed before the crash"), note: far }]);
    render(NotesView);
    const left = await screen.findByTestId("left-drafts");
    expect(left.textContent).toContain("An unsaved draft from");
    await fireEvent.click(screen.getByTestId("left-draft-open"));
    const item = await waitFor(() => {
      const el = document.querySelector('[data-note-id="900"]');
      if (!el) throw new Error("not shown");
      return el;
    });
    await waitFor(() => expect(item.querySelector('[data-testid="draft-offer"]')).not.toBeNull());
    expect(document.activeElement).toBe(item.querySelector("textarea"));
    expect(screen.queryByTestId("left-drafts")).toBeNull();
    // Restored and saved: the note (on no page loaded) shows what was saved.
    await fireEvent.click(screen.getByTestId("draft-restore"));
    await fireEvent.click(screen.getByTestId("note-save"));
    const shown = () => document.querySelector('[data-note-id="900"]');
    await waitFor(() => expect(shown()?.querySelector('[data-testid="note-editor"]')).toBeNull());
    expect(shown()?.textContent).toContain("typed before the crash");
    expect(shown()?.textContent).not.toContain("far away");
  });

  it("lists a new note's draft with its citation: Open goes to its passage with the editor to come, Discard forgets it", async () => {
    const key = "new:xiangshe.zhushu.0072:2:3:5";
    const other = "new:xiangshe.zhushu.0080:0:0:2";
    const calls = draftsBackend([
      { draft: draft(key, "half a thought"), note: null },
      { draft: draft(other, "another", 1_699_000_000), note: null },
      // An edit's draft whose note is gone: nothing to open.
      { draft: draft("note:5", "x", 1_699_000_000), note: null },
    ]);
    render(NotesView);
    const left = await screen.findByTestId("left-drafts");
    await waitFor(() => expect(screen.getAllByTestId("left-draft-cite")[0].textContent).toBe("《儀禮·鄉射禮》注 實觶"));
    expect(left.querySelectorAll("li").length).toBe(2);
    expect(left.querySelector("li")!.textContent).toContain("A new note, unsaved, from");
    expect(calls.find(([c]) => c === "cite")?.[1]).toMatchObject({
      selection: { passage_id: "xiangshe.zhushu.0072", segment: 2, start: 3, end: 5 },
    });
    // Discard the second: forgotten in the store, gone from the list, the
    // focus on the first's Open.
    await fireEvent.click(screen.getAllByTestId("left-draft-discard")[1]);
    await waitFor(() => expect(left.querySelectorAll("li").length).toBe(1));
    expect(calls.find(([c]) => c === "clear_note_draft")?.[1]).toEqual({ key: other });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("left-draft-open")));
    // Open: to the passage with the words marked, the reader told to open
    // the new note's editor there.
    await fireEvent.click(screen.getByTestId("left-draft-open"));
    expect(location.hash).toBe("#/read/xiangshe.zhushu.0072?seg=2&hl=3-5");
    expect(resumeNewNote.at).toEqual({ passageId: "xiangshe.zhushu.0072", segment: 2, start: 3, end: 5 });
    resumeNewNote.at = null;
  });
});
