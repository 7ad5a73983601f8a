import { afterEach, describe, expect, it } from "vitest";

import { spotAtCaret } from "../chars/char-spots";
import { moveCursor, rangeOfSpan } from "./reading-cursor";
import { selectSegmentAtCursor } from "../chars/char-clicks";

afterEach(() => {
  document.body.innerHTML = "";
  window.getSelection()?.removeAllRanges();
});

function scene() {
  document.body.innerHTML =
    '<section data-passage="p.0001" tabindex="-1"><p data-chars="" data-segment="0">射,禮</p>' +
    '<div data-chars="" data-segment="1"><span class="layer-tag">注</span>主<mark>人</mark></div></section>';
  return document.querySelector("section")!;
}

const at = () => spotAtCaret(window.getSelection())?.char;

describe("the reading cursor", () => {
  it("starts at the first character, then moves by character over punctuation, layer tags and marks", () => {
    const s = scene();
    expect(moveCursor(s, 1, false)?.char).toBe("射");
    expect(at()).toBe("射");
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(moveCursor(s, 1, false)?.char);
    expect(seen).toEqual(["禮", "主", "人", "人"]);
    expect(moveCursor(s, -1, false)?.char).toBe("主");
    expect(moveCursor(s, -1, false)?.char).toBe("禮");
    expect(at()).toBe("禮");
    expect(window.getSelection()!.isCollapsed).toBe(true);
  });

  it("selects with Shift: forward over characters, back again", () => {
    const s = scene();
    moveCursor(s, 1, false); // 射
    moveCursor(s, 1, false); // 禮
    moveCursor(s, 1, false); // 主
    moveCursor(s, 1, true);
    expect(window.getSelection()!.toString()).toBe("主");
    moveCursor(s, 1, true);
    expect(window.getSelection()!.toString()).toBe("主人");
    moveCursor(s, -1, true);
    expect(window.getSelection()!.toString()).toBe("主");
    // An arrow without Shift collapses the selection at the end it moves to.
    moveCursor(s, 1, true);
    moveCursor(s, -1, false);
    expect(window.getSelection()!.isCollapsed).toBe(true);
    expect(at()).toBe("主");
  });

  it("starts from the last character going back", () => {
    const s = scene();
    expect(moveCursor(s, -1, false)?.char).toBe("人");
  });

  it("finds a selection's span again in the text (to put back a selection WebKit dropped)", () => {
    scene();
    const r = rangeOfSpan({ passageId: "p.0001", segment: 1, start: 0, end: 2, text: "主人" })!;
    expect(r.toString()).toBe("主人");
    expect(rangeOfSpan({ passageId: "p.0001", segment: 0, start: 2, end: 3, text: "禮" })!.toString()).toBe("禮");
    // The text changed (another script shown): nothing, rather than a wrong range.
    expect(rangeOfSpan({ passageId: "p.0001", segment: 1, start: 0, end: 2, text: "主賓" })).toBeNull();
    expect(rangeOfSpan({ passageId: "p.0002", segment: 0, start: 0, end: 1, text: "射" })).toBeNull();
  });

  it("Shift+Enter's selection: the whole segment at the cursor, its layer tag left out; else the passage's first", () => {
    const s = scene();
    expect(selectSegmentAtCursor(s)).toBe(true);
    expect(window.getSelection()!.toString()).toBe("射,禮");
    moveCursor(s, 1, false);
    moveCursor(s, 1, false);
    moveCursor(s, 1, false); // 主, in the 注
    expect(selectSegmentAtCursor(s)).toBe(true);
    expect(window.getSelection()!.toString()).toBe("主人");
    expect(selectSegmentAtCursor(document.createElement("section"))).toBe(false);
  });
});
