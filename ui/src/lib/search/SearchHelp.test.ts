import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";

import { setLocale } from "../i18n/i18n.svelte";
import SearchHelp from "./SearchHelp.svelte";

afterEach(() => {
  cleanup();
  setLocale("en");
});

// The outside tester's finding 18: the thirteen examples were thirteen tab
// stops between the search box and the rest of the top bar.
describe("the search box's examples", () => {
  it("are one tab stop, named as a group; the arrows, Home and End move among them", async () => {
    const onpick = vi.fn();
    render(SearchHelp, { onpick });
    const group = screen.getByRole("group", { name: /Search the texts/ });
    expect(group.getAttribute("aria-describedby")).toBe("search-help-keys");
    expect(document.getElementById("search-help-keys")?.textContent).toContain("Arrow keys");
    const buttons = screen.getAllByTestId("search-example");
    expect(buttons.length).toBe(13);
    const stops = () => buttons.filter((b) => b.tabIndex === 0);
    expect(stops()).toEqual([buttons[0]]);
    buttons[0].focus();
    await fireEvent.keyDown(buttons[0], { key: "ArrowDown" });
    expect(document.activeElement).toBe(buttons[1]);
    expect(stops()).toEqual([buttons[1]]);
    await fireEvent.keyDown(buttons[1], { key: "End" });
    expect(document.activeElement).toBe(buttons[12]);
    await fireEvent.keyDown(buttons[12], { key: "ArrowRight" });
    expect(document.activeElement).toBe(buttons[12]);
    await fireEvent.keyDown(buttons[12], { key: "Home" });
    expect(document.activeElement).toBe(buttons[0]);
    await fireEvent.keyDown(buttons[0], { key: "ArrowUp" });
    expect(document.activeElement).toBe(buttons[0]);
    await fireEvent.keyDown(buttons[0], { key: "ArrowRight" });
    await fireEvent.click(document.activeElement as HTMLElement);
    expect(onpick).toHaveBeenCalledWith("觯");
  });

  // The h4 tester: the descriptions' Chinese had no lang (the example
  // buttons did); "bi1" was marked as Chinese.
  it("marks every Chinese character in the panel with a Chinese lang, and no English word", () => {
    render(SearchHelp, { onpick: vi.fn() });
    const panel = screen.getByTestId("search-help");
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    let han = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const lang = n.parentElement?.closest("[lang]")?.getAttribute("lang") ?? "";
      const zh = /[\u3400-\u9fff]/u.test(n.textContent ?? "");
      if (zh) han++;
      // Chinese in a Chinese lang; English words (bi1, the sentences) not.
      const latin = /[A-Za-z]/.test(n.textContent ?? "");
      if (zh || latin) expect(lang.startsWith("zh"), `${JSON.stringify(n.textContent)} lang=${lang}`).toBe(zh);
    }
    expect(han).toBeGreaterThan(20);
  });

  // The outside tester's 14: in 简体中文 the descriptions quote the texts'
  // traditional forms (觶, 賓 答, 經 注 疏, 鄉射禮) inside zh-Hans sentences,
  // and they were read as zh-Hans.
  it("gives the texts' own words their zh-Hant inside the 简体 sentences, the sentence its zh-Hans", () => {
    setLocale("zh-Hans");
    render(SearchHelp, { onpick: vi.fn() });
    const says = [...document.querySelectorAll(".search-help-list .search-help-says")];
    const variants = says[1];
    expect(variants.textContent).toBe("繁简、异体均可：也能找到 觶（矦 可找到 侯，筭 可找到 算）");
    const spans = [...variants.querySelectorAll("span[lang]")].map((s) => [s.textContent, s.getAttribute("lang")]);
    expect(spans).toContainEqual(["觶", "zh-Hant"]);
    expect(spans).toContainEqual(["繁简、异体均可：也能找到", "zh-Hans"]);
    const langOf = (text: string) =>
      [...document.querySelectorAll(".search-help-list span[lang]")].find((s) => s.textContent === text)?.getAttribute("lang");
    expect(langOf("經 注 疏 音義 按 題 譯")).toBe("zh-Hant");
    expect(langOf("鄉射禮 燕禮 大射儀")).toBe("zh-Hant");
    expect(langOf("賓 答")).toBe("zh-Hant");
    expect(says[9].querySelector("span[lang]")?.textContent).toMatch(/^只检索郑玄的注/u);
    expect(says[9].querySelector("span[lang]")?.getAttribute("lang")).toBe("zh-Hans");
    // No bracket of the markup shows, in any language.
    for (const lng of ["zh-Hans", "zh-Hant", "en"] as const) {
      setLocale(lng);
      cleanup();
      render(SearchHelp, { onpick: vi.fn() });
      expect(screen.getByTestId("search-help").textContent).not.toMatch(/[⟦⟧]/u);
    }
  });
});
