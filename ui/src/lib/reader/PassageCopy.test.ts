// The passage's Copy menu and the pop-ups over the text: one at a time
// (issue 12, point 4) — opening the menu closes a character's entry, and an
// entry opened while the menu is open closes the menu.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { popups } from "../shell/popups.svelte";
import PassageCopy from "./PassageCopy.svelte";
import { samplePassage } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  popups.close();
});

function charEntry() {
  const anchor = { left: 0, top: 0, right: 10, bottom: 10, width: 10, height: 10 };
  popups.open(
    { kind: "char", char: "射", passage: null, selection: null, anchor, spot: null, since: 0 },
    { focus: false },
  );
}

function renderMenu() {
  setTransport(async (cmd) => {
    switch (cmd) {
      case "passage_aids":
        return [{ citation: "《儀禮註疏·鄉射禮》" }];
      case "aligned":
        return [];
      default:
        throw new Error(`unexpected ${cmd}`);
    }
  });
  render(PassageCopy, {
    passage: samplePassage(),
    script: "original",
    shown: ["經"],
    oncopied: () => {},
    onsheet: () => {},
  });
}

describe("the passage's Copy menu", () => {
  it("closes a character's entry when it opens", async () => {
    renderMenu();
    charEntry();
    expect(popups.current?.kind).toBe("char");
    await fireEvent.click(screen.getByTestId("copy-citation"));
    await waitFor(() => expect(screen.getByTestId("copy-menu")).toBeTruthy());
    expect(popups.current).toBeNull();
  });

  it("closes when a character's entry opens", async () => {
    renderMenu();
    await fireEvent.click(screen.getByTestId("copy-citation"));
    expect(screen.getByTestId("copy-citation").getAttribute("aria-expanded")).toBe("true");
    charEntry();
    await waitFor(() => expect(screen.getByTestId("copy-citation").getAttribute("aria-expanded")).toBe("false"));
  });

  it("closes when the focus leaves it (Tab past its last button), not when it moves inside it", async () => {
    renderMenu();
    const outside = document.createElement("button");
    document.body.appendChild(outside);
    try {
      await fireEvent.click(screen.getByTestId("copy-citation"));
      const menu = await screen.findByTestId("copy-menu");
      const sheet = screen.getByTestId("open-sheet");
      await fireEvent.focusOut(menu.querySelector("input")!, { relatedTarget: sheet });
      expect(screen.queryByTestId("copy-menu")).toBeTruthy();
      await fireEvent.focusOut(sheet, { relatedTarget: outside });
      await waitFor(() => expect(screen.queryByTestId("copy-menu")).toBeNull());
      expect(screen.getByTestId("copy-citation").getAttribute("aria-expanded")).toBe("false");
    } finally {
      outside.remove();
    }
  });
});
