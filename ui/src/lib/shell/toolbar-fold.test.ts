// The display controls fold into View by the window's width in rem of the
// zoom (tester h6, finding 15: at 200% in English they were cut off).
import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { foldToolbar } from "./toolbar-fold";
import Toolbar from "./Toolbar.svelte";
import { zoom } from "./zoom.svelte";

afterEach(() => {
  cleanup();
  zoom.set(1, false);
});

describe("the display controls fold", () => {
  it("from 150% in a 1200 px window, not at 100% or 125%", () => {
    expect(foldToolbar(1200, 16)).toBe(false);
    expect(foldToolbar(1200, 20)).toBe(false);
    expect(foldToolbar(1200, 24)).toBe(true);
    expect(foldToolbar(1200, 32)).toBe(true);
    // narrow windows fold at 100%
    expect(foldToolbar(800, 16)).toBe(true);
  });

  it("zoomed in, View discloses them and Escape folds them back, the focus on View", async () => {
    render(Toolbar);
    expect(screen.queryByTestId("view-menu")).toBeNull();
    expect(screen.getByTestId("script-original")).toBeTruthy();
    zoom.set(2, false);
    const view = await screen.findByTestId("view-menu");
    expect(view.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByTestId("script-original")).toBeNull();
    await fireEvent.click(view);
    expect(view.getAttribute("aria-expanded")).toBe("true");
    const original = screen.getByTestId("script-original");
    expect(document.getElementById(view.getAttribute("aria-controls")!)?.contains(original)).toBe(true);
    original.focus();
    await fireEvent.keyDown(original, { key: "Escape" });
    expect(screen.queryByTestId("script-original")).toBeNull();
    expect(document.activeElement).toBe(view);
  });

  it("zoomed in with the focus on a control, the controls stay open and the focus stays on it", async () => {
    render(Toolbar);
    const original = screen.getByTestId("script-original");
    original.focus();
    zoom.set(2, false);
    const view = await screen.findByTestId("view-menu");
    expect(view.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("script-original")).toBe(original);
    expect(document.activeElement).toBe(original);
  });
});
