import { describe, expect, it } from "vitest";

import { layerLabel, toggleLayer, visibleSegments } from "./layers";
import { samplePassage } from "../../test/fixtures";

describe("layers", () => {
  it("always shows 經 and only the layers switched on", () => {
    const p = samplePassage();
    expect(visibleSegments(p, ["注"]).map((s) => s.layer)).toEqual(["經", "注"]);
    expect(visibleSegments(p, []).map((s) => s.layer)).toEqual(["經"]);
    expect(visibleSegments(p, ["音義", "疏", "注"]).map((s) => s.layer)).toEqual(["經", "注", "疏", "音義"]);
  });

  it("shows everything of a passage without 經 (a translation)", () => {
    const p = samplePassage({
      segments: [{ layer: "譯", text: "鄉射禮。", ji: false, line: 1, column: 1, shu_on_zhu: null, readings: [] }],
    });
    expect(visibleSegments(p, []).map((s) => s.layer)).toEqual(["譯"]);
  });

  it("toggles a layer and keeps the canonical order", () => {
    expect(toggleLayer(["疏"], "注")).toEqual(["注", "疏"]);
    expect(toggleLayer(["注", "疏"], "注")).toEqual(["疏"]);
    expect(toggleLayer([], "經")).toEqual([]);
  });

  it("labels layers in the display script", () => {
    expect(layerLabel("音義", "simplified")).toBe("音义");
    expect(layerLabel("音義", "original")).toBe("音義");
    expect(layerLabel("經", "traditional")).toBe("經");
  });
});
