// The search says which of the user's texts it did not cover (left out of
// the library: damaged, missing), in the interface's language — the window
// said nothing where the CLI warns (the outside tester's finding I).
import { cleanup, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { setLocale } from "../i18n/i18n.svelte";
import { libraryChanges } from "../shell/library-changes.svelte";
import LeftOutNote from "./LeftOutNote.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

describe("the note of texts left out of a search", () => {
  it("names each text left out and why, in the interface's language, asking the library once", async () => {
    let asked = 0;
    setTransport(async (cmd) => {
      if (cmd === "library_changed") return true;
      if (cmd !== "library") throw new Error(cmd);
      asked++;
      return {
        works: [],
        left_out: [{ id: "user.f8ae1409", work: "甲文", code: "library.reason.damaged", params: {}, message: "it is damaged" }],
      };
    });
    // A fresh reading of the library, so that nothing asked before counts.
    await libraryChanges.check();
    render(LeftOutNote);
    const note = await screen.findByTestId("search-left-out");
    expect(note.textContent).toContain("Not searched: your text 甲文 (user.f8ae1409)");
    expect(note.textContent).toContain("It is damaged");
    expect(note.querySelector('[lang="zh"]')?.textContent).toBe("甲文");
    setLocale("zh-Hans");
    await waitFor(() => expect(note.textContent).toContain("未纳入检索"));
    cleanup();
    render(LeftOutNote);
    await screen.findByTestId("search-left-out");
    expect(asked).toBe(1);
  });

  it("says nothing when every text is in", async () => {
    setTransport(async (cmd) => (cmd === "library_changed" ? true : { works: [], left_out: [] }));
    await libraryChanges.check();
    render(LeftOutNote);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("search-left-out")).toBeNull();
  });
});
