import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { toApiError } from "../api";
import { setLocale, t as tr } from "../i18n/i18n.svelte";
import { UNDO_MS, UndoToast } from "./undo.svelte";

describe("UndoToast", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setLocale("en");
  });

  it("offers the undo for a while, then goes", () => {
    const t = new UndoToast();
    const undo = vi.fn(async () => {});
    t.show(() => "Note deleted.", undo);
    expect(t.visible && t.canUndo).toBe(true);
    expect(t.message).toBe("Note deleted.");
    vi.advanceTimersByTime(UNDO_MS - 1);
    expect(t.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(t.visible).toBe(false);
    expect(undo).not.toHaveBeenCalled();
  });

  it("undoes once and closes", async () => {
    const t = new UndoToast();
    const undo = vi.fn(async () => {});
    t.show(() => "Note deleted.", undo);
    expect(await t.undo()).toBe(true);
    expect(await t.undo()).toBe(false);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(t.visible).toBe(false);
  });

  it("says so when the undo fails, and a new toast replaces the last", async () => {
    const t = new UndoToast();
    t.show(() => "first", async () => {
      throw new Error("there is no note with id 9");
    });
    expect(await t.undo()).toBe(false);
    expect(t.status).toBe("Could not undo: there is no note with id 9");
    const second = vi.fn(async () => {});
    t.show(() => "second", second);
    expect(t.status).toBe("");
    vi.advanceTimersByTime(UNDO_MS);
    expect(t.visible).toBe(false);
  });

  it("follows a change of language while it is shown, its failure too", async () => {
    const t = new UndoToast();
    t.show(
      () => tr("notes.edits.deleted"),
      async () => {
        throw toApiError("restore_note", {
          kind: "not_found",
          code: "store.unknown_note",
          params: { id: "9" },
          message: "there is no note with id 9",
        });
      },
    );
    const english = t.message;
    setLocale("zh-Hant");
    expect(t.message).not.toBe(english);
    expect(t.message).toBe(tr("notes.edits.deleted"));
    expect(await t.undo()).toBe(false);
    expect(t.status).toContain("沒有編號為 9 的筆記");
    setLocale("zh-Hans");
    expect(t.status).toContain("没有编号为 9 的笔记");
    setLocale("en");
    expect(t.message).toBe(english);
  });
});
