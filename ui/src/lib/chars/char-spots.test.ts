import { afterEach, describe, expect, it } from "vitest";

import { firstSpot, passageOf, spotAtCaret, stepSpot } from "./char-spots";

afterEach(() => {
  document.body.innerHTML = "";
  window.getSelection()?.removeAllRanges();
});

function scene() {
  document.body.innerHTML =
    '<section data-passage="p.0001"><p data-chars="" data-segment="0">射,禮</p>' +
    '<div data-chars="" data-segment="1"><span class="layer-tag">注</span>主<mark>人</mark></div></section>' +
    '<p data-chars="q.0002" id="out">外</p>';
  return document.querySelector("section")!;
}

describe("char-spots", () => {
  it("says which passage a text belongs to", () => {
    scene();
    expect(passageOf(document.querySelector("[data-segment='1']")!)).toBe("p.0001");
    expect(passageOf(document.getElementById("out")!)).toBe("q.0002");
  });

  it("steps through the Han characters of a passage, over punctuation, layer tags and marks, and not out of it", () => {
    const section = scene();
    const first = firstSpot(section)!;
    expect(first.char).toBe("射");
    expect(first.passage).toBe("p.0001");
    const chars = [first.char];
    for (let s = stepSpot(first, 1); s; s = stepSpot(s, 1)) chars.push(s.char);
    expect(chars).toEqual(["射", "禮", "主", "人"]);
    const back: string[] = [];
    let last = first;
    while (stepSpot(last, 1)) last = stepSpot(last, 1)!;
    for (let s: typeof last | null = last; s; s = stepSpot(s, -1)) back.push(s.char);
    expect(back).toEqual(["人", "主", "禮", "射"]);
  });

  it("reads the character after the caret, or the first of a selection", () => {
    scene();
    const text = document.querySelector("[data-segment='0']")!.firstChild as Text;
    const sel = window.getSelection()!;
    sel.collapse(text, 1); // before ","
    expect(spotAtCaret(sel)?.char).toBe("禮");
    const r = document.createRange();
    r.setStart(text, 0);
    r.setEnd(text, 3);
    sel.removeAllRanges();
    sel.addRange(r);
    expect(spotAtCaret(sel)?.char).toBe("射");
    sel.collapse(document.body, 0);
    expect(spotAtCaret(sel)).toBeNull();
  });
});
