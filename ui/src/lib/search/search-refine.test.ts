import { afterEach, describe, expect, it } from "vitest";

import {
  collocateQuery,
  combineQuery,
  countLabel,
  keepScopeChoice,
  pickCollocate,
  pushRefinement,
  rememberKeepScope,
  removeRefinement,
  scopeChips,
  showingLabel,
  shownRefinements,
} from "./search-refine";

afterEach(() => sessionStorage.clear());

describe("search refinements", () => {
  it("joins the refinements and the box by the AND keyword, each part whole", () => {
    expect(combineQuery([], " 再拜 ")).toBe("再拜");
    expect(combineQuery(["觶 OR 觚", "layer:注"], "豐")).toBe("觶 OR 觚 AND layer:注 AND 豐");
    expect(combineQuery(["主人"], "")).toBe("主人");
    expect(combineQuery([], "")).toBe("");
    // the outside tester's finding 14 (h7): a box that begins with an
    // operator is not glued to the chip (`觶 OR 觚`, `觶 NEAR/3 酬`, more than
    // the 觶 searched within) but left without a term on its left, which
    // the parser refuses ("OR needs a term on both sides")
    expect(combineQuery(["觶"], "OR 觚")).toBe("觶 AND OR 觚");
    expect(combineQuery(["觶"], "NEAR/3 酬")).toBe("觶 AND NEAR/3 酬");
    expect(combineQuery(['"主人 賓"'], "~3")).toBe('"主人 賓" AND ~3');
    expect(combineQuery(["觶"], "-酬")).toBe("觶 AND -酬");
    // the box's own AND joins it (not `觶 AND AND 觚`, refused), in any case or width
    expect(combineQuery(["觶"], "AND 觚")).toBe("觶 AND 觚");
    expect(combineQuery(["觶"], "ａｎｄ 觚")).toBe("觶 ａｎｄ 觚");
    expect(combineQuery(["觶"], "ANDY")).toBe("觶 AND ANDY");
  });

  it("stacks a query once and removes any one", () => {
    expect(pushRefinement([], "  ")).toEqual([]);
    expect(pushRefinement(["再拜"], "再拜")).toEqual(["再拜"]);
    expect(pushRefinement(["再拜"], " 賓 ")).toEqual(["再拜", "賓"]);
    // a leading AND is the join, not part of the chip (alone it would be refused)
    expect(pushRefinement(["再拜"], "and 賓 OR 主人")).toEqual(["再拜", "賓 OR 主人"]);
    expect(pushRefinement(["再拜"], "AND")).toEqual(["再拜"]);
    expect(removeRefinement(["a", "b", "c"], 1)).toEqual(["a", "c"]);
  });

  it("says what the counts count", () => {
    expect(countLabel(12, 9)).toBe("12 occurrences in 9 segments");
    expect(countLabel(1, 1)).toBe("1 occurrence in 1 segment");
    expect(showingLabel(200, 1450)).toBe("Showing 200 of 1,450 segments");
    expect(showingLabel(3, 3)).toBe("Showing all 3 segments");
  });

  it("writes a collocate into the phrase, or says it cannot", () => {
    expect(collocateQuery("主人", "拜", "right")).toBe('"主人拜"');
    expect(collocateQuery("主人", "再", "left")).toBe('"再主人"');
    expect(collocateQuery('"主人 賓"~3', "拜", "left")).toBe('"拜主人 賓"~3');
    expect(collocateQuery('"主人 賓"~3', "拜", "right")).toBe('"主人 賓拜"~3');
    expect(collocateQuery('"賓答"', "拜", "right")).toBe('"賓答拜"');
    expect(collocateQuery("坐?爵", "興", "right")).toBe('"坐?爵興"');
    expect(collocateQuery("觶 豐", "拜", "right")).toBeNull();
    expect(collocateQuery("觶 OR 觚", "拜", "right")).toBeNull();
    expect(collocateQuery("zhi4", "拜", "right")).toBeNull();
    expect(collocateQuery("=觶", "拜", "right")).toBeNull();
  });

  it("applies a collocate to the search it was counted around, never to one refinement of it", () => {
    // one phrase, typed or as the one chip: written into it
    expect(pickCollocate([], "拜", "答再", "left")).toEqual({ refinements: [], query: '"答再拜"', shown: {} });
    expect(pickCollocate(["拜"], "", "答再", "left")).toEqual({ refinements: ['"答再拜"'], query: "", shown: {} });
    // 拜 refined by 主人: 答再 was counted beside 拜, not 主人 (the tester's 0 results)
    const picked = pickCollocate(["拜"], "主人", "答再", "left");
    expect(picked.query).not.toContain("答再主人");
    expect(picked).toEqual({ refinements: ["拜", "主人", "答再"], query: "", shown: {} });
    expect(pickCollocate(["拜", "主人"], "", "答再", "left")).toEqual({ refinements: ["拜", "主人", "答再"], query: "", shown: {} });
    // not one phrase: a refinement of its own
    expect(pickCollocate([], "觶 OR 觚", "奠", "left")).toEqual({ refinements: ["觶 OR 觚", "奠"], query: "", shown: {} });
    // a collocate that is already a refinement adds no second chip (主人 beside 拜, refined by 主人)
    expect(pickCollocate(["拜", "主人"], "", "主人", "left")).toEqual({ refinements: ["拜", "主人"], query: "", shown: {} });
  });

  it("searches a collocate's folded key and shows its chip as the texts write it", () => {
    // a chip of its own: 三让 searched, 三讓 shown
    expect(pickCollocate([], "主人 NEAR/3 賓", "三让", "right", "三讓")).toEqual({
      refinements: ["主人 NEAR/3 賓", "三让"],
      query: "",
      shown: { 三让: "三讓" },
    });
    // written into the one chip's phrase: the phrase shown with the written form
    expect(pickCollocate(["主人"], "", "让", "right", "讓")).toEqual({
      refinements: ['"主人让"'],
      query: "",
      shown: { '"主人让"': '"主人讓"' },
    });
    // written into the box's phrase: the box is what is shown, so it is written as the texts write it,
    // and what the user typed stays as typed (觯 typed, 侯 the key where the texts write 矦)
    expect(pickCollocate([], "射", "侯", "right", "矦")).toEqual({ refinements: [], query: '"射矦"', shown: {} });
    expect(pickCollocate([], "觯", "让", "left", "讓")).toEqual({ refinements: [], query: '"讓觯"', shown: {} });
    // the same form: nothing to show apart
    expect(pickCollocate([], "觶 OR 觚", "奠", "left", "奠").shown).toEqual({});
    expect(shownRefinements(["主人 NEAR/3 賓", "三让"], { 三让: "三讓" })).toEqual(["主人 NEAR/3 賓", "三讓"]);
    expect(shownRefinements(["constructor"], {})).toEqual(["constructor"]);
  });

  it("shows the scope as chips", () => {
    expect(scopeChips({ filters: { work: null, layer: null, source: null }, exact: false })).toEqual([]);
    expect(scopeChips({ filters: { work: "燕禮", layer: "注", source: null }, exact: true }).map((c) => [c.kind, c.value])).toEqual([
      ["work", "燕禮"],
      ["layer", "注"],
      ["exact", null],
    ]);
    // a source by its edition and work, once its label is known
    const scope = { filters: { work: null, layer: null, source: "xiangshe.tongjie" }, exact: false };
    const tongjie = { kind: "builtin" as const, edition: "儀禮經傳通解", title: "鄉射禮" };
    expect(scopeChips(scope, { "xiangshe.tongjie": { label: "儀禮經傳通解·鄉射禮", source: tongjie } })).toEqual([
      { kind: "source", name: "Source", value: "儀禮經傳通解·鄉射禮" },
    ]);
    expect(scopeChips(scope)[0].value).toBe("xiangshe.tongjie");
    // an imported text by its title, said by its kind (its edition's name is never read)
    const mine = { filters: { work: null, layer: null, source: "user.0a1b2c3d" }, exact: false };
    const label = { label: "imported·良書", source: { kind: "imported" as const, edition: "imported", title: "良書" } };
    expect(scopeChips(mine, { "user.0a1b2c3d": label })[0].value).toBe("良書 (imported)");
  });

  it("remembers the choice to keep the scope for the session", () => {
    expect(keepScopeChoice()).toBe(false);
    rememberKeepScope(true);
    expect(keepScopeChoice()).toBe(true);
    rememberKeepScope(false);
    expect(keepScopeChoice()).toBe(false);
  });
});
