import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { resetCards } from "../cards/cards.svelte";
import type { PassageView } from "../bindings/PassageView";
import Reader from "./Reader.svelte";
import { resumeNewNote } from "./reader-notes.svelte";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";
import { sampleNote } from "../../test/user-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  resetCards();
  window.getSelection()?.removeAllRanges();
});

const P1 = "xiangshe.zhushu.0001";

function backend() {
  const calls: [string, Record<string, unknown>][] = [];
  const passages: PassageView[] = [1, 2].map((n) =>
    samplePassage({ id: `xiangshe.zhushu.000${n}`, ordinal: n, total: 2 }),
  );
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    switch (cmd) {
      case "passages":
        return passages;
      case "get_settings":
        return SAMPLE_SETTINGS;
      case "passage_notes":
        return (args.passageIds as string[]).includes(P1) ? [sampleNote()] : [];
      case "add_note":
        return sampleNote({ id: 2 });
      case "cards":
        return { cards: [], kinds: [], fold: {} };
      // A new note's draft a crash left on 主人 (segment 1, characters 0–2).
      case "note_draft":
        return args.key === `new:${P1}:1:0:2`
          ? { key: args.key, body: "written before the crash", tags: "", colour: "green", saved: 1_700_000_000 }
          : null;
      case "clear_note_draft":
      case "save_note_draft":
        return null;
      case "cite":
        return "《儀禮·鄉射禮》";
      default:
        throw new Error(cmd);
    }
  });
  return calls;
}

describe("notes in the reader", () => {
  it("marks a note's span in its segment and shows the note in the margin", async () => {
    const calls = backend();
    render(Reader, { id: P1 });
    await screen.findByTestId("reader-title");
    const zhu = document.querySelector(`[data-passage="${P1}"] [data-layer="zhu"]`)!;
    await waitFor(() => expect(zhu.querySelector("mark.note-mark")?.textContent).toBe("州長"));
    // Tinted with the note's own colour.
    expect(zhu.querySelector("mark.note-mark")?.getAttribute("data-colour")).toBe("yellow");
    // The segment still reads as its text.
    expect(zhu.querySelector(".seg-text")!.textContent).toBe("主人,州長也。");
    expect(zhu.getAttribute("data-segment")).toBe("1");
    const margin = document.querySelector(`[data-passage="${P1}"] [data-testid="margin-note"]`)!;
    expect(margin.querySelector("em")?.textContent).toBe("the");
    expect(calls.find(([c]) => c === "passage_notes")?.[1]).toEqual({
      passageIds: [P1, "xiangshe.zhushu.0002"],
      script: "original",
    });
  });

  it("offers Add note for a selection in a 注 and sends its span in code points", async () => {
    const calls = backend();
    render(Reader, { id: P1 });
    await screen.findByTestId("reader-title");
    const text = document.querySelector(`[data-passage="${P1}"] [data-layer="zhu"] .seg-text`)!;
    await waitFor(() => expect(text.querySelector("mark")).not.toBeNull());
    // Select 主人 (the text node before the mark).
    const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node && !node.textContent!.includes("主人")) node = walker.nextNode();
    const r = document.createRange();
    r.setStart(node!, 0);
    r.setEnd(node!, 2);
    // (Focusing the passage left a caret: a selection holds one range.)
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(r);
    await fireEvent.mouseUp(text);
    await fireEvent.click(await screen.findByTestId("sel-add-note"));
    await fireEvent.input(screen.getByTestId("note-text"), { target: { value: "the host" } });
    await fireEvent.click(screen.getByTestId("note-save"));
    await waitFor(() => expect(calls.some(([c]) => c === "add_note")).toBe(true));
    expect(calls.find(([c]) => c === "add_note")?.[1]).toEqual({
      selection: { passage_id: P1, segment: 1, start: 0, end: 2, script: "original" },
      body: "the host",
      tags: [],
      colour: "yellow",
    });
    await waitFor(() => expect(screen.queryByTestId("selection-actions")).toBeNull());
  });

  it("opens a new note's draft from the Notes view: its words chosen again, the editor open with the draft offered", async () => {
    const calls = backend();
    resumeNewNote.at = { passageId: P1, segment: 1, start: 0, end: 2 };
    render(Reader, { id: P1 });
    await screen.findByTestId("reader-title");
    await fireEvent.click(await screen.findByTestId("draft-restore"));
    expect((screen.getByTestId("note-text") as HTMLTextAreaElement).value).toBe("written before the crash");
    expect(resumeNewNote.at).toBeNull();
    await fireEvent.click(screen.getByTestId("note-save"));
    await waitFor(() => expect(calls.some(([c]) => c === "add_note")).toBe(true));
    expect(calls.find(([c]) => c === "add_note")?.[1]).toMatchObject({
      selection: { passage_id: P1, segment: 1, start: 0, end: 2, script: "original" },
      body: "written before the crash",
      colour: "green",
    });
  });
});
