// The window notices another Sheli's change of the library when it gets the
// focus back (the outside tester's finding 4: a text imported with `sheli
// import` never appeared until a restart).
import { cleanup, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import * as api from "../api";
import { setTransport } from "../api";
import Library from "../library/Library.svelte";
import { libraryChanges } from "./library-changes.svelte";
import { sampleLibrary } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

describe("a library changed by another process", () => {
  it("is read again when the window gets the focus back, and the user is told", async () => {
    let changed = false;
    const asked: string[] = [];
    setTransport(async (cmd) => {
      asked.push(cmd);
      if (cmd === "library_changed") return changed;
      if (cmd === "library") return sampleLibrary();
      if (cmd === "sources") return [];
      throw new Error(cmd);
    });
    const stop = libraryChanges.start();
    try {
      render(Library);
      await screen.findAllByTestId("work-title");
      const listings = () => asked.filter((c) => c === "library").length;
      expect(listings()).toBe(1);
      await api.sources();

      // Focus back, nothing changed: nothing read again, nothing said.
      window.dispatchEvent(new Event("focus"));
      await waitFor(() => expect(asked.filter((c) => c === "library_changed").length).toBe(1));
      expect(listings()).toBe(1);
      expect(screen.queryByTestId("library-changed")).toBeNull();

      // `sheli import` ran elsewhere: focus back, the library is listed again.
      changed = true;
      await new Promise((r) => setTimeout(r, 0));
      window.dispatchEvent(new Event("focus"));
      await waitFor(() => expect(listings(), asked.join(" ")).toBe(2));
      expect(screen.getByTestId("library-changed").textContent).toContain("changed the library");
      // …and the sources are asked for anew.
      await api.sources();
      expect(asked.filter((c) => c === "sources").length).toBe(2);
    } finally {
      stop();
    }
  });
});
