// The display toolbar follows the interface's language, also for what it
// builds in script (the scripts' titles, the themes' names).
import { cleanup, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setLocale } from "../i18n/i18n.svelte";
import Toolbar from "./Toolbar.svelte";

afterEach(() => {
  cleanup();
  setLocale("en");
});

describe("the display toolbar", () => {
  it("relabels itself when the language changes", async () => {
    render(Toolbar);
    expect(screen.getByTestId("script-original").getAttribute("title")).toBe("As each edition has it");
    setLocale("zh-Hant");
    await waitFor(() => expect(screen.getByTestId("script-original").getAttribute("title")).toBe("依各版本原貌"));
    expect(screen.getByTestId("script-simplified").getAttribute("title")).toBe("簡體字");
    expect(screen.getByRole("toolbar").getAttribute("aria-label")).toBe("顯示");
    expect(Array.from(document.querySelectorAll("option"), (o) => o.textContent)).toContain("跟隨系統");
  });
});
