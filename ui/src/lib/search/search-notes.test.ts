import { afterEach, describe, expect, it } from "vitest";

import type { QueryNoteView } from "../bindings/QueryNoteView";
import { setLocale } from "../i18n/i18n.svelte";
import { noteText } from "./search-notes";

afterEach(() => setLocale("en"));

// The notes as index/src/query/parser.rs gives them (code and values pinned
// there by index/tests/query_language.rs).
const NOT_PINYIN: QueryNoteView = {
  code: "query.note.not_pinyin",
  params: { term: "zhuren" },
  message: "`zhuren` is not a pinyin syllable (e.g. zhi4, zhì, bi1), so it is searched as written",
};
const QUOTED: QueryNoteView = {
  code: "query.note.quoted_pinyin",
  params: { term: "zhu3", near: "zhu3 NEAR/0 ren2" },
  message: "in quotes `zhu3` is searched as written, not as pinyin; for syllables side by side write zhu3 NEAR/0 ren2",
};

describe("the query's notes in the interface's language", () => {
  it("says in English what the backend said", () => {
    expect(noteText(NOT_PINYIN)).toBe(NOT_PINYIN.message);
    expect(noteText(QUOTED)).toBe(QUOTED.message);
  });

  it("says each note by its code in 繁體 and 简体, the terms and the query to write kept as typed", () => {
    setLocale("zh-Hant");
    expect(noteText(QUOTED)).toBe("引號內的「zhu3」按所寫字面檢索，不作拼音；要找相連的音節，請寫 zhu3 NEAR/0 ren2");
    expect(noteText(NOT_PINYIN)).toBe("「zhuren」不是拼音音節（如 zhi4、zhì、bi1），按所寫字面檢索");
    setLocale("zh-Hans");
    expect(noteText(QUOTED)).toBe("引号内的「zhu3」按所写字面检索，不作拼音；要找相连的音节，请写 zhu3 NEAR/0 ren2");
  });

  it("goes by the code, not the wording: a reworded English sentence is still said in Chinese", () => {
    setLocale("zh-Hant");
    expect(noteText({ ...NOT_PINYIN, message: "zhuren: not pinyin" })).toBe("「zhuren」不是拼音音節（如 zhi4、zhì、bi1），按所寫字面檢索");
  });

  it("shows a note of a code it does not know as it came, never drops it", () => {
    setLocale("zh-Hant");
    expect(noteText({ code: "query.note.new", params: {}, message: "something new about `x`" })).toBe("something new about `x`");
  });
});
