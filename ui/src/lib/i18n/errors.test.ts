// Backend errors in the reader's language: every code the backend can send
// (the list `make bindings` writes from src-tauri/src/app/error.rs) has a
// sentence in every language, and an error the UI cannot translate still
// says what the backend said.
import { afterEach, describe, expect, it } from "vitest";

import codes from "../../locales/error-codes.json";
import { toApiError } from "../api";
import { LOCALES, setLocale } from "./i18n.svelte";
import { resources } from "./resources";

afterEach(() => setLocale("en"));

function lookup(messages: unknown, code: string): unknown {
  return code.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), messages);
}

describe("error codes", () => {
  it("the backend lists its codes", () => {
    expect(codes.length).toBeGreaterThan(40);
    expect(codes).toContain("query.unclosed_quote");
    expect(codes).toContain("store.duplicate_glossary");
  });

  for (const l of LOCALES) {
    it(`${l} has a sentence for every code the backend can send`, () => {
      const errors = resources[l].translation.errors;
      const missing = codes.filter((c) => typeof lookup(errors, c) !== "string");
      expect(missing).toEqual([]);
    });
  }
});

describe("an error from the backend", () => {
  const payload = {
    kind: "conflict",
    code: "store.duplicate_glossary",
    params: { name: "射禮" },
    message: "a glossary named “射禮” already exists",
  };

  it("is written in the interface's language, and follows a change of it", () => {
    const e = toApiError("create_glossary", payload);
    expect(e.message).toBe("A glossary named “射禮” already exists.");
    setLocale("zh-Hant");
    expect(e.message).toBe("已有名為「射禮」的詞表。");
    setLocale("zh-Hans");
    expect(e.message).toBe("已有名为“射禮”的词表。");
  });

  it("points a malformed query's message at the term in Chinese", () => {
    setLocale("zh-Hant");
    const e = toApiError("search", {
      kind: "query",
      code: "query.wildcard_edge",
      params: { term: "?爵" },
      message: "`?爵`: a `?` stands for one character between two others (坐?爵); it cannot begin or end a term",
      span: [0, 1],
    });
    expect(e.message).toContain("?爵：「?」代表兩字之間的一個字");
    expect(e.span).toEqual([0, 1]);
  });

  it("falls back to the English sentence for a code the UI does not know", () => {
    setLocale("zh-Hant");
    const e = toApiError("x", { kind: "internal", code: "app.from_a_newer_sheli", params: {}, message: "a new kind of failure" });
    expect(e.message).toBe("a new kind of failure");
    expect(e.english).toBe("a new kind of failure");
    const old = toApiError("x", { kind: "internal", message: "no code at all" });
    expect(old.message).toBe("no code at all");
  });
});

describe("an input the backend refuses", () => {
  it("is said in Chinese, the kind of thing it names too (no English reason inside)", () => {
    const e = toApiError("passage", {
      kind: "invalid_input",
      code: "app.input.bad_id",
      params: { what: "passage", id: "Not An Id" },
      message: "invalid input: `Not An Id` is not a valid passage id",
    });
    setLocale("zh-Hant");
    expect(e.message).toBe("「Not An Id」不是有效的段落編號。");
    setLocale("zh-Hans");
    expect(e.message).toBe("“Not An Id”不是有效的段落编号。");
    setLocale("en");
    expect(e.message).toBe("“Not An Id” is not a valid passage id.");
  });

  it("keeps a word it cannot translate as sent, and a value never translated", () => {
    setLocale("zh-Hant");
    const e = toApiError("x", {
      kind: "invalid_input",
      code: "app.input.name_length",
      params: { what: "tent", max: "16" },
      message: "a tent is named by 1 to 16 characters",
    });
    expect(e.message).toBe("tent名稱須為 1 至 16 字。");
    const q = toApiError("search", {
      kind: "invalid_input",
      code: "app.input.query_too_long",
      params: { max: "500" },
      message: "invalid input: a query may be at most 500 characters long",
    });
    expect(q.message).toBe("檢索式最多 500 字。");
  });

  it("has no sentence left that takes an English reason as its detail", () => {
    for (const l of LOCALES) {
      const app = resources[l].translation.errors.app as Record<string, unknown>;
      expect(app.invalid_input).toBeUndefined();
    }
    expect(codes).not.toContain("app.invalid_input");
  });
});

describe("a value the store refuses", () => {
  it("is said with its own code, the field it was refused for in the interface's language", () => {
    const e = toApiError("create_glossary", {
      kind: "invalid_input",
      code: "store.refused.empty",
      params: { field: "a glossary's name" },
      message: "a glossary's name must not be empty",
    });
    setLocale("zh-Hant");
    expect(e.message).toBe("詞表名稱不可為空。");
    setLocale("zh-Hans");
    expect(e.message).toBe("词表名称不可为空。");
    setLocale("en");
    expect(e.message).toBe("A glossary's name must not be empty.");
    const long = toApiError("add_note", {
      kind: "invalid_input",
      code: "store.too_long",
      params: { field: "a note", len: "20001", max: "20000" },
      message: "a note is too long: 20001 characters, at most 20000 are allowed",
    });
    setLocale("zh-Hant");
    expect(long.message).toBe("過長：20001 字，至多 20000 字（筆記）。");
  });
});

describe("a place and a quote the backend refuses", () => {
  it("names a line past the end of a file with the file's last line, in each language", () => {
    const e = toApiError("locate", {
      kind: "not_found",
      code: "app.not_found.line",
      params: { source: "xiangshe.zhushu", line: "999999", last: "1914" },
      message: "xiangshe.zhushu has no line 999999: its lines are 1 to 1914",
    });
    expect(e.message).toBe("xiangshe.zhushu has no line 999999: its lines are 1 to 1914.");
    setLocale("zh-Hant");
    expect(e.message).toBe("xiangshe.zhushu 沒有第 999999 行：只有第 1 至 1914 行。");
    setLocale("zh-Hans");
    expect(e.message).toBe("xiangshe.zhushu 没有第 999999 行：只有第 1 至 1914 行。");
  });

  it("writes the quote marks the user typed, not a \"", () => {
    setLocale("zh-Hans");
    const e = toApiError("search", {
      kind: "query",
      code: "query.unclosed_quote",
      params: { open: "“", close: "”" },
      message: "unbalanced quote: a “ has no closing ”",
      span: [0, 4],
    });
    expect(e.message).toBe("引号不成对：“ 没有对应的结束引号 ”。");
  });
});

describe("an import's refusal", () => {
  // What the backend sends when a folder held a photo and a file in a
  // Japanese encoding: each file an item with its reason's code.
  const payload = {
    kind: "invalid_input",
    code: "library.import",
    params: { count: "2", detail: "  photo.txt: the file looks binary …" },
    message: "nothing was imported:\n  photo.txt: the file looks binary, not text …",
    items: [
      { file: "photo.txt", code: "library.reason.binary", params: {}, message: "the file looks binary, not text" },
      {
        file: "日本.txt",
        code: "library.reason.other_encoding",
        params: { encoding: "Shift_JIS", language: "Japanese" },
        message: "the file seems to be Japanese text in Shift_JIS …",
      },
      { file: null, code: "library.reason.work_builtin", params: { work: "鄉射禮", builtin: "鄉射禮" }, message: "…" },
    ],
  };

  it("says each file's reason in the interface's language, one line each", () => {
    setLocale("zh-Hant");
    const e = toApiError("import_texts", payload);
    expect(e.message.split("\n")).toEqual([
      "未匯入任何內容：",
      "photo.txt：檔案似乎是二進位檔，不是文字（含有空字元或控制字元）。",
      "日本.txt：檔案似乎是以 Shift_JIS 編碼的日文文字，Sheli 不讀取此編碼（可讀 UTF-8、UTF-16、GB18030 與 Big5）：請另存為 UTF-8 後再匯入。",
      "「鄉射禮」是內建的篇名；請為你的文本另取一個名稱。",
    ]);
    expect(e.message).not.toMatch(/binary|Japanese|seems/);
    setLocale("en");
    expect(e.message.split("\n")[1]).toBe("photo.txt: The file looks binary, not text (it contains NUL or control characters).");
  });

  it("falls back to the backend's English list for a code it does not know", () => {
    const e = toApiError("import_texts", { ...payload, code: "library.newer" });
    expect(e.message).toBe(payload.message);
  });
});

describe("a file to import the store cannot read", () => {
  it("says which check it failed, and what file, in 繁體中文", () => {
    setLocale("zh-Hant");
    const e = toApiError("import_glossary", {
      kind: "invalid_input",
      code: "store.malformed_file.separator",
      params: { what: "the TSV file", separator: "comma" },
      message: "the TSV file could not be read: its separator is “comma”; only tab-separated files are read",
    });
    expect(e.message).toBe("無法讀取TSV 檔案：其分隔符為「comma」，只能讀取以定位字元分隔的檔案。");
  });
});

describe("a fault inside a part of a file to import", () => {
  it("says the part and its own fault in 繁體中文, not the English", () => {
    setLocale("zh-Hant");
    const card = toApiError("import_glossary", {
      kind: "invalid_input",
      code: "store.malformed_file.card",
      params: { what: "the glossary file", n: "2", label: "射", cause: "store.too_long", field: "the headword", len: "300", max: "200" },
      message: "the glossary file could not be read: card 2 (射): the headword is too long",
    });
    expect(card.message).toBe("無法讀取詞表檔案：第 2 張卡片（射）：過長：300 字，至多 200 字（詞頭）。");
    const anno = toApiError("import_notes", {
      kind: "invalid_input",
      code: "store.malformed_file.annotation",
      params: { what: "the annotation file", n: "1", cause: "store.annotation.no_target" },
      message: "the annotation file could not be read: annotation 1: it has no target",
    });
    expect(anno.message).toBe("無法讀取標註檔案：第 1 條標註：它沒有目標。");
  });

  it("falls back to the English sentence when the part's fault is a code it does not know", () => {
    setLocale("zh-Hant");
    const payload = {
      kind: "invalid_input",
      code: "store.malformed_file.card",
      params: { what: "the glossary file", n: "2", label: "射", cause: "store.newer_check" },
      message: "the glossary file could not be read: card 2 (射): something new",
    };
    expect(toApiError("import_glossary", payload).message).toBe(payload.message);
  });
});
