import { afterEach, describe, expect, it } from "vitest";

import { nextZoom, zoom, zoomAction } from "./zoom.svelte";

afterEach(() => {
  localStorage.clear();
  zoom.set(1, false);
});

const key = (key: string, ctrl = true, code = "") => ({ key, code, ctrlKey: ctrl, metaKey: false, altKey: false });

describe("zoom", () => {
  it("reads Ctrl+=, Ctrl++, Ctrl+− and Ctrl+0, and nothing without Ctrl", () => {
    expect(zoomAction(key("="))).toBe("in");
    expect(zoomAction(key("+"))).toBe("in");
    expect(zoomAction(key("-"))).toBe("out");
    expect(zoomAction(key("0"))).toBe("reset");
    expect(zoomAction(key("=", false))).toBeNull();
    expect(zoomAction(key("k"))).toBeNull();
  });

  it("steps through the levels and stops at the ends", () => {
    expect(nextZoom(1, 1)).toBe(1.1);
    expect(nextZoom(1, -1)).toBe(0.9);
    expect(nextZoom(3, 1)).toBe(3);
    expect(nextZoom(0.5, -1)).toBe(0.5);
    expect(nextZoom(1.3, 1)).toBe(1.5);
  });

  it("sets the root font size and remembers the level", () => {
    zoom.apply("in");
    zoom.apply("in");
    expect(zoom.level).toBe(1.25);
    expect(document.documentElement.style.fontSize).toBe("125%");
    expect(localStorage.getItem("sheli.zoom")).toBe("1.25");
    zoom.set(1, false);
    zoom.load();
    expect(zoom.level).toBe(1.25);
    zoom.apply("reset");
    expect(document.documentElement.style.fontSize).toBe("");
    expect(localStorage.getItem("sheli.zoom")).toBe("1");
  });

  it("ignores a stored value that is no number", () => {
    localStorage.setItem("sheli.zoom", "huge");
    zoom.load();
    expect(zoom.level).toBe(1);
  });
});
