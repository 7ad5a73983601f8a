import { afterEach, describe, expect, it } from "vitest";

import { setLocale, t } from "../i18n/i18n.svelte";
import { messageParts, slots } from "./message-parts";

afterEach(() => setLocale("en"));

describe("messageParts", () => {
  it("cuts a message at its slots, in the order the language puts them", () => {
    const cut = (s: string) => messageParts(s.replace(/\{\{(\w+)\}\}/g, (_, n: string) => slots(n)[n]));
    expect(cut("Passage {{n}} of {{total}}.")).toEqual([
      { text: "Passage ", slot: null },
      { text: "", slot: "n" },
      { text: " of ", slot: null },
      { text: "", slot: "total" },
      { text: ".", slot: null },
    ]);
    expect(cut("{{input}}段")).toEqual([
      { text: "", slot: "input" },
      { text: "段", slot: null },
    ]);
  });

  it("takes a message through i18next with its slots where the language puts them", () => {
    const slotsOf = () =>
      messageParts(t("reader.sheet.from", slots("input")))
        .map((p) => p.slot ?? p.text)
        .join("|");
    expect(slotsOf()).toBe("From passage |input");
    setLocale("zh-Hant");
    expect(slotsOf()).toBe("自第 |input| 段");
  });
});
