// The search says which of the user's texts it did not cover (left out of
// the library: damaged, missing), in the interface's language — the window
// said nothing where the CLI warns (the outside tester's finding I).
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { setLocale } from "../i18n/i18n.svelte";
import { libraryChanges } from "../shell/library-changes.svelte";
import LeftOutNote from "./LeftOutNote.svelte";
import Library from "../library/Library.svelte";
import { sampleLibrary } from "../../test/fixtures";

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

describe("the note after the window's own import", () => {
  it("follows the library read again after an import made in the library view", async () => {
    let imported = false;
    setTransport(async (cmd) => {
      if (cmd === "library_changed") return true;
      if (cmd === "library") {
        const lib = sampleLibrary();
        lib.left_out = imported
          ? []
          : [{ id: "user.f8ae1409", work: "甲文", file: "texts/user.f8ae1409.txt", code: "library.reason.missing", params: {}, message: "its file is missing" }];
        return lib;
      }
      if (cmd === "import_texts") {
        imported = true;
        return [{ id: "user.f8ae1409", work: "甲文", file: "甲文.txt", encoding: "utf-8", passages: 2 }];
      }
      throw new Error(cmd);
    });
    await libraryChanges.check();
    render(Library);
    render(LeftOutNote);
    await screen.findByTestId("search-left-out");
    await fireEvent.input(screen.getByTestId("import-work"), { target: { value: "甲文" } });
    const input = screen.getByTestId("import-texts-file") as HTMLInputElement;
    const file = new File([new Uint8Array([0xe7, 0x94, 0xb2])], "甲文.txt", { type: "text/plain" });
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await fireEvent.change(input);
    // The text imported again is in: the note no longer says it was left out.
    await waitFor(() => expect(screen.queryByTestId("search-left-out")).toBeNull());
  });
});
