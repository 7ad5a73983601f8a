// The term pop-up speaks the interface's language (the outside tester's
// finding 8 of stop 24): in a Chinese interface it gave only the English
// definition although the card has a Chinese 釋義.
import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { setLocale } from "../i18n/i18n.svelte";
import TermPopover from "./TermPopover.svelte";
import { sampleCard } from "../../test/reading-fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

const bi = sampleCard({ id: "bi", headword: "楅", simplified: "楅", summary: "The arrow rest.", summary_zh: "射時置箭之器。" });

function show() {
  // The card's full view (its 鄭注 gloss) is asked for as it opens; none here.
  setTransport(async () => {
    throw new Error("offline");
  });
  // (`props:` spelled out: `anchor` is also one of Svelte's mount options.)
  render(TermPopover, { props: { cards: [bi], anchor: { left: 0, top: 0, bottom: 0 }, onclose: () => {} } });
}

describe("the term pop-up's definition", () => {
  it("is the Chinese 釋義 in a Chinese interface, marked as Chinese", () => {
    setLocale("zh-Hans");
    show();
    const p = screen.getByText("射時置箭之器。");
    expect(p.getAttribute("lang")).toBe("zh-Hant");
    expect(screen.queryByText("The arrow rest.")).toBeNull();
  });

  it("is the English definition in English", () => {
    setLocale("en");
    show();
    expect(screen.getByText("The arrow rest.").closest("p")?.getAttribute("lang")).toBe("en");
  });

  it("falls back to the definition the card has", () => {
    setLocale("zh-Hant");
    setTransport(async () => {
      throw new Error("offline");
    });
    render(TermPopover, {
      props: { cards: [{ ...bi, summary_zh: "" }], anchor: { left: 0, top: 0, bottom: 0 }, onclose: () => {} },
    });
    expect(screen.getByText("The arrow rest.")).toBeTruthy();
  });
});
