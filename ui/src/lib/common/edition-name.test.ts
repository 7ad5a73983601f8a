import { afterEach, describe, expect, it } from "vitest";

import { setLocale } from "../i18n/i18n.svelte";
import { editionLang, editionName, sourceLabel } from "./edition-name";

afterEach(() => setLocale("en"));

describe("an imported text's edition", () => {
  it("is said in the interface's language, not in English (the tester's 'imported' in 繁體 and 简体)", () => {
    setLocale("zh-Hant");
    expect(editionName("imported")).toBe("匯入");
    expect(sourceLabel("imported·good")).toBe("good（匯入）");
    setLocale("zh-Hans");
    expect(editionName("imported")).toBe("导入");
    expect(sourceLabel("imported·good")).toBe("good（导入）");
    setLocale("en");
    expect(editionName("imported")).toBe("imported");
    expect(sourceLabel("imported·good")).toBe("good (imported)");
  });

  it("leaves a built-in edition as written, in the text's own language", () => {
    setLocale("zh-Hans");
    expect(editionName("儀禮註疏")).toBe("儀禮註疏");
    expect(sourceLabel("儀禮經傳通解·鄉射禮")).toBe("儀禮經傳通解·鄉射禮");
    expect(editionLang("儀禮註疏", "zh-Hant")).toBe("zh-Hant");
    expect(editionLang("imported", "zh-Hant")).toBe("zh-Hans");
  });
});
