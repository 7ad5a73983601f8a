// The index's status in the interface's language, from its state and
// progress, never the backend's English sentence (but a failure's reason).
import { afterEach, describe, expect, it } from "vitest";

import { setLocale } from "../i18n/i18n.svelte";
import { IndexStatusStore } from "./index-status.svelte";

afterEach(() => setLocale("en"));

const status = (
  state: "idle" | "building" | "ready" | "failed",
  done = 0,
  total = 0,
  message = "",
  code = "app.index_building",
  params: Record<string, string> = {},
) => ({
  state,
  done,
  total,
  segments: 0,
  message,
  code,
  params,
  rebuilt: null,
});

describe("IndexStatusStore.text", () => {
  it("says the progress in the interface's language, and follows a change of it", () => {
    const s = new IndexStatusStore();
    s.set(status("building", 2, 5, "Building the search index… 40%"));
    expect(s.text).toBe("Indexing 40%…");
    setLocale("zh-Hant");
    expect(s.text).toBe("建立索引中 40%…");
    s.set(status("building", 0, 0, "Opening the search index…"));
    expect(s.text).toBe("正在建立檢索索引…");
    s.set(status("ready", 3, 3, "3 segments indexed."));
    expect(s.text).toBe("檢索索引已建立完成。");
  });

  it("keeps a failure's reason as the backend gave it when its code is not one it knows", () => {
    const s = new IndexStatusStore();
    setLocale("zh-Hans");
    s.set(status("failed", 0, 0, "disk I/O error", "index.new_code"));
    expect(s.text).toBe("无法检索：disk I/O error");
  });

  it("says a failure's reason by its code in the interface's language", () => {
    const s = new IndexStatusStore();
    setLocale("zh-Hant");
    s.set(status("failed", 0, 0, "the data folder /data is in use by another Sheli", "library.busy", { path: "/data" }));
    expect(s.text).toBe("無法檢索：另一個 Sheli 正在更動資料夾 /data（匯入、還原或建立索引），請待其完成後再試。");
  });
});

describe("IndexStatusStore.rebuiltText", () => {
  const rebuilt = (code: string, params: Record<string, string> = {}) => ({
    ...status("ready", 3, 3, "3 segments indexed.", "app.index_ready"),
    rebuilt: { code, params, message: "English" },
  });

  it("says why the index was built anew, in the interface's language, and the damage apart, in the index's words, cut short", () => {
    const s = new IndexStatusStore();
    s.set(rebuilt("index.rebuilt.corrupt", { detail: "its CURRENT file names no generation" }));
    expect(s.rebuiltText).toBe("The search index was built anew: it was damaged.");
    expect(s.rebuiltDetail).toBe("its CURRENT file names no generation");
    s.set(rebuilt("index.rebuilt.corrupt", { detail: `Data corrupted: ${"x".repeat(500)}` }));
    expect(s.rebuiltDetail).toHaveLength(241);
    setLocale("zh-Hant");
    s.set(rebuilt("index.rebuilt.texts_changed"));
    expect(s.rebuiltText).toBe("已重建檢索索引：文本已變更。");
  });

  it("says nothing when the index was not rebuilt, or only did not exist yet (the first start)", () => {
    const s = new IndexStatusStore();
    s.set(status("ready", 3, 3));
    expect(s.rebuiltText).toBe("");
    s.set(rebuilt("index.rebuilt.missing"));
    expect(s.rebuiltText).toBe("");
  });
});
