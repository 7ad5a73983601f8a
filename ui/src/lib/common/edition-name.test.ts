// An edition's name is told by the kind the backend sends beside it, never
// by the name itself: an imported text's edition in the interface's
// language, a built-in one as written.
import { afterEach, describe, expect, it } from "vitest";

import { setLocale } from "../i18n/i18n.svelte";
import { editionLang, editionName, sourceLabel } from "./edition-name";

afterEach(() => setLocale("en"));

const mine = { edition: "imported", edition_kind: "imported" as const };
const mineFacet = { label: "imported·良書", source: { kind: "imported" as const, edition: "imported", title: "良書" } };

describe("an imported text's edition", () => {
  it("is said in the interface's language, not in English (the tester's 'imported' in 繁體 and 简体)", () => {
    setLocale("zh-Hant");
    expect(editionName(mine)).toBe("匯入");
    expect(sourceLabel(mineFacet)).toBe("良書（匯入）");
    setLocale("zh-Hans");
    expect(editionName(mine)).toBe("导入");
    expect(sourceLabel(mineFacet)).toBe("良書（导入）");
    setLocale("en");
    expect(editionName(mine)).toBe("imported");
    expect(sourceLabel(mineFacet)).toBe("良書 (imported)");
  });

  it("is told by its kind, not its name: a built-in edition that happened to be called 'imported' stays as written", () => {
    setLocale("zh-Hant");
    expect(editionName({ edition: "imported", edition_kind: "builtin" })).toBe("imported");
    expect(sourceLabel({ label: "imported·x", source: { kind: "builtin", edition: "imported", title: "x" } })).toBe("imported·x");
    // and an imported text is said so whatever name the backend gives its edition
    expect(editionName({ edition: "", edition_kind: "imported" })).toBe("匯入");
    expect(sourceLabel({ label: "·良書", source: { kind: "imported", edition: "", title: "良書" } })).toBe("良書（匯入）");
  });

  it("leaves a built-in edition as written, in the text's own language", () => {
    setLocale("zh-Hans");
    const zhushu = { edition: "儀禮註疏", edition_kind: "builtin" as const };
    expect(editionName(zhushu)).toBe("儀禮註疏");
    expect(editionName({ edition: "儀禮註疏" })).toBe("儀禮註疏");
    expect(sourceLabel({ label: "儀禮經傳通解·鄉射禮" })).toBe("儀禮經傳通解·鄉射禮");
    expect(editionLang(zhushu, "zh-Hant")).toBe("zh-Hant");
    expect(editionLang(mine, "zh-Hant")).toBe("zh-Hans");
  });
});
