// The reader and a library changed under it: a text deleted by a restore in
// a terminal (noticed when the window gets the focus back) is said to be no
// longer there, not shown on as if it were (the outside tester's finding E);
// a text the library left out (damaged, its file missing) says so and why,
// not "no text" (finding I).
import { cleanup, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { PassageView } from "../bindings/PassageView";
import { libraryChanges } from "../shell/library-changes.svelte";
import Reader from "./Reader.svelte";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";
import { setLocale } from "../i18n/i18n.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

const USER = "user.0a31f4a8";

/** A backend whose library may lose the text (`state.gone`), counting what it is asked. */
function backend(source: string) {
  const state = { gone: false, changed: false, asked: 0 };
  const passages: PassageView[] = [1, 2].map((n) =>
    samplePassage({ id: `${source}.000${n}`, source, ordinal: n, total: 2, title: "龘文" }),
  );
  setTransport(async (cmd, args) => {
    if (cmd === "passages") {
      state.asked++;
      if (state.gone) throw { kind: "not_found", message: `no text ${args.source}`, code: "app.not_found.source", params: { id: args.source } };
      return passages;
    }
    if (cmd === "library_changed") return state.changed;
    if (cmd === "set_settings") return args.settings;
    if (cmd === "get_settings") return SAMPLE_SETTINGS;
    if (cmd === "sources" || cmd === "passage_aids" || cmd === "notes_for_passages") return [];
    throw new Error(cmd);
  });
  return state;
}

describe("the reader when the library changes under it", () => {
  it("says a user's text a restore deleted is no longer there, and gives the focus to the way back", async () => {
    const state = backend(USER);
    render(Reader, { id: `${USER}.0001` });
    await screen.findByTestId("reader-title");
    expect(document.querySelectorAll("[data-passage]").length).toBe(2);

    // A restore in a terminal; the window gets the focus back.
    state.gone = true;
    state.changed = true;
    expect(await libraryChanges.check()).toBe(true);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`The text ${USER} does not exist.`);
    expect(document.querySelectorAll("[data-passage]").length).toBe(0);
    await waitFor(() => expect(document.activeElement?.getAttribute("href")).toBe("#/library"));
  });

  it("keeps showing a user's text that is still there, and never re-asks for a built-in one", async () => {
    const state = backend(USER);
    render(Reader, { id: `${USER}.0001` });
    await screen.findByTestId("reader-title");
    const before = state.asked;
    state.changed = true;
    await libraryChanges.check();
    await waitFor(() => expect(state.asked).toBe(before + 1));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.querySelectorAll("[data-passage]").length).toBe(2);
    cleanup();

    const built = backend("xiangshe.zhushu");
    render(Reader, { id: "xiangshe.zhushu.0001" });
    await screen.findByTestId("reader-title");
    const asked = built.asked;
    built.changed = true;
    await libraryChanges.check();
    await new Promise((r) => setTimeout(r, 30));
    expect(built.asked).toBe(asked);
  });

  it("says a text left out is left out, and why, in the interface's language", async () => {
    setTransport(async (cmd, args) => {
      if (cmd === "passages")
        throw {
          kind: "storage",
          message: "your text 甲文 was left out: it is damaged",
          code: "library.left_out",
          params: { id: args.source, work: "甲文" },
          items: [{ file: null, code: "library.reason.damaged", params: {}, message: "it is damaged" }],
        };
      if (cmd === "set_settings") return args.settings;
      if (cmd === "get_settings") return SAMPLE_SETTINGS;
      return [];
    });
    render(Reader, { id: "user.f8ae1409.0001" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("was left out");
    expect(alert.textContent).toContain("It is damaged");
    setLocale("zh-Hans");
    await waitFor(() => expect(alert.textContent).toContain("损坏"));
  });
});
