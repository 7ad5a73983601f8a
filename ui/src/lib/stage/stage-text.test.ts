import { describe, expect, it } from "vitest";

import { sampleMove, sampleStage0019, sampleStage0020 } from "./stage-fixtures";
import { editionScripts } from "../common/lang.svelte";
import { alternativePieces, announcement, basisPieces, figureName, plain, quoteLang } from "./stage-text";

describe("the plan in words", () => {
  it("names a figure by actor, place and facing (no facing when none is known)", () => {
    const [host, , , sishe] = sampleStage0019().figures;
    expect(figureName(host)).toBe("主人, 阼階上, 北面");
    expect(figureName(sishe)).toBe("司射, 西階西");
  });

  it("says what places a figure: the 經, an earlier step, or the commentary's words", () => {
    const at = "xiangshe.zhushu.0019";
    expect(plain(basisPieces(sampleMove(), at))).toBe("stated by the 經");
    const carried = basisPieces(sampleMove({ basis: "carried", from: "xiangshe.zhushu.0008" }), at);
    expect(plain(carried)).toBe("carried from xiangshe.zhushu.0008");
    expect(carried.find((p) => p.passage)?.passage).toBe("xiangshe.zhushu.0008");
    const zhu = basisPieces(
      sampleMove({ basis: "注", basis_quote: "初位,門內東面", basis_passage: "xiangshe.zhushu.0079" }),
      at,
    );
    expect(plain(zhu)).toBe("read from the 注: 「初位,門內東面」 in xiangshe.zhushu.0079");
    // Chinese pieces carry their lang.
    expect(zhu.filter((p) => p.lang).map((p) => [p.text, p.lang])).toEqual([
      ["注", "zh-Hant"],
      ["「初位,門內東面」", "zh-Hant"],
    ]);
  });

  it("gives the commentators' other readings", () => {
    const a = alternativePieces({ place: "西階西", facing: "東面", by: "疏", quote: "西階西東面" }, "xiangshe.zhushu.0019");
    expect(plain(a)).toBe("the 疏 reads: 西階西 東面 「西階西東面」");
  });

  it("gives a quote the lang of its edition's script: the names stay traditional", () => {
    editionScripts.set({ "dashe.tongjie": "simplified", "xiangshe.zhushu": "traditional" });
    const m = sampleMove({ actor: "賓", quote: "宾降洗象觚", basis: "注", basis_quote: "反位反席也" });
    expect(quoteLang("dashe.tongjie.0030")).toBe("zh-Hans");
    expect(basisPieces(m, "dashe.tongjie.0030").filter((p) => p.lang).map((p) => p.lang)).toEqual(["zh-Hant", "zh-Hans"]);
    expect(quoteLang("xiangshe.zhushu.0019")).toBe("zh-Hant");
    editionScripts.set({});
  });

  it("announces a step: its number and who moves where", () => {
    expect(plain(announcement(sampleStage0019()))).toBe("Step 19 of 408: 賓 moves to 門左; 眾賓 moves to 門左");
    expect(plain(announcement(sampleStage0020()))).toBe("Step 20 of 408: 賓 moves to 西階上");
    const still = { ...sampleStage0019(), figures: sampleStage0019().figures.map((f) => ({ ...f, moved: false })) };
    expect(plain(announcement(still))).toBe("Step 19 of 408: nobody moves");
  });
});
