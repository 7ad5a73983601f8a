// The reader in 繁體中文 and 简体中文 (issue 12, point 5): its toolbar, its
// passages' names, its keys and its messages come from the message files
// and follow a change of the interface's language without a reload.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { PassageView } from "../bindings/PassageView";
import { setLocale } from "../i18n/i18n.svelte";
import Reader from "./Reader.svelte";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

function backend() {
  const three: PassageView[] = [1, 2, 3].map((n) => samplePassage({ id: `xiangshe.zhushu.000${n}`, ordinal: n, total: 3 }));
  setTransport(async (cmd, args) => {
    if (cmd === "passages") return three;
    if (cmd === "set_settings") return args.settings;
    if (cmd === "get_settings") return SAMPLE_SETTINGS;
    throw new Error(cmd);
  });
}

describe("the reader in Chinese", () => {
  it("names its toolbar, range, passages and toggles in 繁體中文, then in 简体中文 without a reload", async () => {
    setLocale("zh-Hant");
    backend();
    render(Reader, { id: "xiangshe.zhushu.0002" });
    await screen.findByTestId("reader-title");
    expect(screen.getByRole("toolbar", { name: "層" })).toBeTruthy();
    expect(document.querySelector(".reader-range")!.textContent!.trim()).toBe("第 1–3 段，共 3 段");
    expect(document.getElementById("p-xiangshe.zhushu.0002")!.getAttribute("aria-label")).toBe("第 2 段");
    expect(screen.getByTestId("toggle-parallel").textContent).toBe("對讀");
    expect(screen.getByTestId("toggle-zhu").getAttribute("title")).toBe("鄭玄 注");
    expect(screen.getByTestId("toggle-yi").getAttribute("title")).toBe("白話譯文");
    expect(screen.getByTestId("char-hint").textContent).toContain("移動游標");

    setLocale("zh-Hans");
    await waitFor(() => expect(screen.getByTestId("toggle-parallel").textContent).toBe("对读"));
    expect(screen.getByTestId("toggle-plan").textContent).toBe("仪节图");
    expect(screen.getByTestId("toggle-zhu").getAttribute("title")).toBe("郑玄 注");
    expect(screen.getByTestId("char-hint").textContent).toContain("移动光标");
  });

  it("lists the reader's keys in 繁體中文, key names as they are", async () => {
    setLocale("zh-Hant");
    backend();
    render(Reader, { id: "xiangshe.zhushu.0001" });
    await screen.findByTestId("reader-title");
    expect(screen.getByTestId("reader-keys-button").textContent).toBe("快速鍵 ?");
    await fireEvent.click(screen.getByTestId("reader-keys-button"));
    const keys = await screen.findByRole("dialog", { name: "閱讀的快速鍵" });
    expect(keys.textContent).toContain("下一段／上一段");
    expect(keys.textContent).toContain("Shift + Enter");
  });

  it("says in 繁體中文 that a passage does not exist", async () => {
    setLocale("zh-Hant");
    backend();
    render(Reader, { id: "xiangshe.zhushu.0099" });
    expect((await screen.findByRole("alert")).textContent).toBe("段 xiangshe.zhushu.0099 不存在。");
  });

  it("is in English by default", async () => {
    backend();
    render(Reader, { id: "xiangshe.zhushu.0002" });
    await screen.findByTestId("reader-title");
    expect(document.querySelector(".reader-range")!.textContent!.trim()).toBe("1–3 of 3");
    expect(screen.getByTestId("toggle-parallel").textContent).toBe("Parallel");
    expect(screen.getByTestId("toggle-yi").getAttribute("title")).toBe("Modern translation");
  });
});
