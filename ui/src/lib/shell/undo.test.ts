import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { UNDO_MS, UndoToast } from "./undo.svelte";

describe("UndoToast", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("offers the undo for a while, then goes", () => {
    const t = new UndoToast();
    const undo = vi.fn(async () => {});
    t.show("Note deleted.", undo);
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
    t.show("Note deleted.", undo);
    expect(await t.undo()).toBe(true);
    expect(await t.undo()).toBe(false);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(t.visible).toBe(false);
  });

  it("says so when the undo fails, and a new toast replaces the last", async () => {
    const t = new UndoToast();
    t.show("first", async () => {
      throw new Error("there is no note with id 9");
    });
    expect(await t.undo()).toBe(false);
    expect(t.status).toBe("Could not undo: there is no note with id 9");
    const second = vi.fn(async () => {});
    t.show("second", second);
    expect(t.status).toBe("");
    vi.advanceTimersByTime(UNDO_MS);
    expect(t.visible).toBe(false);
  });
});
