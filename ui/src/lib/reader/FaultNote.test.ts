// A source fault as one whole sentence in each language, its pieces in their
// own lang, following a change of language.
import { cleanup, render } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { afterEach, describe, expect, it } from "vitest";

import type { FaultMark } from "../bindings/FaultMark";
import { setLocale } from "../i18n/i18n.svelte";
import FaultNote from "./FaultNote.svelte";
import { faultNoteIndex, faultNotes, faultVariant } from "./fault-note";

afterEach(() => {
  cleanup();
  setLocale("en");
});

const fault: FaultMark = {
  segment: 0,
  start: 3,
  end: 4,
  kind: "typo",
  text: "鄉",
  reading: "卿",
  note: "a slip of the carver",
  line: 1234,
};

const said = (el: HTMLElement) => el.textContent!.replace(/\s+/g, " ").trim();

describe("FaultNote", () => {
  it("says the fault in one sentence per language, and follows a change of language", () => {
    const { container } = render(FaultNote, { fault });
    expect(said(container)).toBe("Source fault (typo, line 1234): 鄉; the other witnesses read 卿. a slip of the carver");
    setLocale("zh-Hant");
    flushSync();
    expect(said(container)).toBe("底本訛誤（錯字，第 1234 行）：鄉；他本作卿。a slip of the carver");
    expect(container.querySelector(".fault-kind")!.textContent).toBe("底本訛誤");
    const zh = [...container.querySelectorAll('[lang="zh-Hant"]')].map((e) => e.textContent);
    expect(zh).toEqual(["鄉", "卿"]);
    expect(container.querySelector('[lang="en"]')!.textContent).toBe("a slip of the carver");
  });

  it("leaves out what the corpus does not say", () => {
    setLocale("zh-Hans");
    const { container } = render(FaultNote, { fault: { ...fault, reading: null, note: null }, sheet: true });
    expect(said(container)).toBe("底本讹误（错字）：鄉");
    expect(faultVariant({ reading: null, note: "n" })).toBe("note");
  });
});

describe("a systematic fault marked at several places", () => {
  it("is said once: every mark points at the first one's note", () => {
    const yun = (segment: number, line: number) => ({
      segment, start: 3, end: 4, kind: "conversion", text: "雲", reading: "云", note: "at all 52 places", line,
    });
    const other = { segment: 0, start: 0, end: 2, kind: "typo", text: "豆當", reading: null, note: null, line: 4 };
    expect(faultNoteIndex([yun(0, 2), other, yun(1, 3), yun(2, 3)])).toEqual([0, 1, 0, 0]);
    expect(faultNotes([yun(0, 2), other, yun(1, 3), yun(2, 3)]).map(({ i }) => i)).toEqual([0, 1]);
  });
});
