import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { tick } from "svelte";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setTransport } from "../api";
import { setLocale } from "../i18n/i18n.svelte";
import { stage } from "./stage-store.svelte";
import { frame } from "./stage-geometry";
import { samplePlan, sampleStage0019, sampleStage0020 } from "./stage-fixtures";
import StagePlan from "./StagePlan.svelte";

let calls: [string, Record<string, unknown>][] = [];

function backend() {
  calls = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    if (cmd === "stage_plan") return samplePlan();
    if (cmd === "stage_at") {
      if (args.passage === "xiangshe.zhushu.0019") return sampleStage0019();
      if (args.passage === "xiangshe.zhushu.0020") return sampleStage0020();
      if (args.passage === "xiangshe.zhushu.0352") return { ...sampleStage0019(), passage: "xiangshe.zhushu.0352", ji: true };
      if (args.passage === "xiangshe.zhushu.0408") return { ...sampleStage0019(), passage: "xiangshe.zhushu.0408", index: 407, next: null };
      if (args.passage === "xiangshe.zhushu.0001") return { ...sampleStage0019(), passage: "xiangshe.zhushu.0001", index: 0, previous: null };
      throw {
        kind: "not_found",
        code: "app.not_found.step",
        params: { id: args.passage, works: "鄉射禮、燕禮、大射儀" },
        message: `${args.passage} has no step on the plan; stage data covers 鄉射禮, 燕禮, 大射儀`,
      };
    }
    if (cmd === "stage_itinerary")
      return [
        { work: "鄉射禮", passage: "xiangshe.zhushu.0010", at: { place: "西階西", x: -2.7, y: 0.6 }, move: sampleStage0019().figures[3].move },
        { work: "鄉射禮", passage: "xiangshe.zhushu.0019", at: { place: "堂西", x: -4, y: -1.2 }, move: sampleStage0019().figures[3].move },
      ];
    throw new Error(cmd);
  });
}

function figure(actor: string): SVGGElement {
  return document.querySelector(`.plan-figure[data-actor="${actor}"]`) as SVGGElement;
}

async function shown(passage = "xiangshe.zhushu.0019") {
  render(StagePlan, { passage });
  await waitFor(() => expect(figure("眾賓")).not.toBeNull());
}

beforeEach(() => {
  stage.reset();
  location.hash = "";
});

afterEach(() => {
  cleanup();
  setTransport(null);
  vi.useRealTimers();
  document.body.innerHTML = "";
  setLocale("en");
});

describe("StagePlan", () => {
  it("places the figures of the step, with their place, facing and coordinates", async () => {
    backend();
    await shown();
    const root = screen.getByTestId("plan");
    expect(root.dataset.passage).toBe("xiangshe.zhushu.0019");
    expect(screen.getByTestId("plan-where").textContent).toContain("Step 19 of 408");
    const g = figure("眾賓");
    expect(g.dataset.place).toBe("門左");
    expect(g.dataset.facing).toBe("東面");
    expect(g.dataset.moved).toBe("true");
    expect([g.dataset.x, g.dataset.y]).toEqual(["-1.5", "31.8"]);
    expect(g.getAttribute("aria-label")).toBe("眾賓, 門左, 東面");
    expect(g.getAttribute("tabindex")).toBe("0");
    expect(g.getAttribute("role")).toBe("button");
    // The host, alone on his spot, stands on it.
    const f = frame(samplePlan());
    expect(figure("主人").getAttribute("transform")).toBe(`translate(${f.x(1.9)} ${f.y(-0.4)})`);
    // The 賓 and the 眾賓 share 門左: drawn apart.
    expect(figure("賓").getAttribute("transform")).not.toBe(g.getAttribute("transform"));
    // The labels are the actors' names, in traditional script.
    expect(g.querySelector(".plan-label")?.textContent).toBe("眾賓");
    expect(g.getAttribute("lang")).toBe("zh-Hant");
    expect(calls.map(([c]) => c)).toContain("stage_plan");
  });

  it("points each figure's tick where it faces, and draws none when the facing is unknown", async () => {
    backend();
    await shown();
    const tickOf = (actor: string) => figure(actor).querySelector('[data-testid="plan-tick"]');
    const east = tickOf("眾賓")!;
    expect(Number(east.getAttribute("x2"))).toBeGreaterThan(0);
    expect(Number(east.getAttribute("y2"))).toBe(0);
    const north = tickOf("主人")!;
    expect(Number(north.getAttribute("x2"))).toBe(0);
    expect(Number(north.getAttribute("y2"))).toBeLessThan(0);
    expect(tickOf("司射")).toBeNull();
    expect(figure("司射").dataset.facing).toBe("");
  });

  it("highlights the figures that move, with a path from where they stood", async () => {
    backend();
    await shown();
    expect(figure("眾賓").classList.contains("moved")).toBe(true);
    expect(figure("主人").classList.contains("moved")).toBe(false);
    const f = frame(samplePlan());
    const paths = Array.from(document.querySelectorAll(".plan-path"));
    expect(paths.length).toBe(2);
    expect(paths.every((p) => p.getAttribute("x1") === String(f.x(0)) && p.getAttribute("y1") === String(f.y(33)))).toBe(true);
    // Each ends just short of its figure, so that the arrow does not hide the mark.
    const [tx, ty] = figure("眾賓").getAttribute("transform")!.match(/-?[\d.]+/g)!.map(Number);
    const ends = paths.map((p) => Math.hypot(Number(p.getAttribute("x2")) - tx, Number(p.getAttribute("y2")) - ty));
    expect(Math.min(...ends)).toBeCloseTo(11, 0);
    // The zigzag breaks and what they mean, said on screen.
    expect(document.querySelectorAll(".plan-break").length).toBe(2);
    expect(screen.getByTestId("plan-scale").textContent).toMatch(/not to scale across the zigzag breaks.*from 3\.5 to 18\.8/);
  });

  it("brings the figures that move from where they stood, unless motion is reduced", async () => {
    backend();
    await shown();
    const body = figure("眾賓").querySelector(".plan-figure-body")!;
    expect(body.classList.contains("arrive")).toBe(true);
    expect(body.getAttribute("style")).toMatch(/--from-x: -?[\d.]+px; --from-y: [\d.]+px/);
    expect(figure("主人").querySelector(".arrive")).toBeNull();
    cleanup();
    const reduced = vi.fn(() => ({ matches: true }) as MediaQueryList);
    vi.stubGlobal("matchMedia", reduced);
    try {
      render(StagePlan, { passage: "xiangshe.zhushu.0019" });
      await waitFor(() => expect(figure("眾賓")).not.toBeNull());
      expect(reduced).toHaveBeenCalledWith("(prefers-reduced-motion: reduce)");
      expect(document.querySelectorAll(".arrive").length).toBe(0);
      // Still highlighted, with its path.
      expect(figure("眾賓").classList.contains("moved")).toBe(true);
      expect(document.querySelectorAll(".plan-path").length).toBe(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("says a step of the 記 is a rule, with only the figures it names; a step of the rite says nothing of it", async () => {
    backend();
    await shown("xiangshe.zhushu.0352");
    const ji = screen.getByTestId("plan-ji");
    expect(ji.textContent).toContain("rules, not a moment of the rite");
    expect(ji.querySelector('[lang="zh-Hant"]')?.textContent).toBe("記");
    cleanup();
    await shown();
    expect(screen.queryByTestId("plan-ji")).toBeNull();
  });

  it("says the same as text: who stands where, and the step's moves with their words", async () => {
    backend();
    await shown();
    const items = Array.from(screen.getByTestId("plan-list").querySelectorAll("li")).map((li) =>
      li.textContent!.replace(/\s+/g, " ").trim(),
    );
    expect(items).toEqual([
      "主人 — 阼階上 — 北面",
      "賓 — 門左 — 東面 moves here (from 門外)",
      "眾賓 — 門左 — 東面 moves here (from 門外)",
      "司射 — 西階西 — facing not said",
    ]);
    // A figure with a glossary card links to it.
    expect(screen.getByTestId("plan-list").querySelector('li[data-actor="司射"] a')?.getAttribute("href")).toBe("#/terms/sishe");
    const moves = screen.getByTestId("plan-moves").textContent!.replace(/\s+/g, " ");
    expect(moves).toContain("眾賓 入 → 門左 東面");
    expect(moves).toContain("眾賓皆入門左,東面北上");
    expect(moves).toContain("read from the 注: 「初位,門內東面」 in xiangshe.zhushu.0079");
    // Every Chinese piece carries its lang.
    for (const li of screen.getByTestId("plan-list").querySelectorAll("li")) {
      for (const s of li.querySelectorAll("span:not(.plan-muted), a")) expect(s.getAttribute("lang")).toBe("zh-Hant");
    }
  });

  it("shows a figure's card on focus (quote, passage, basis, other readings); Enter opens it, Escape closes it and gives the focus back", async () => {
    backend();
    await shown();
    const g = figure("司射");
    g.focus();
    await fireEvent.focus(g);
    const card = await screen.findByTestId("plan-card");
    expect(card.getAttribute("role")).toBe("tooltip");
    expect(screen.getByTestId("plan-card-gloss").textContent).toBe("the director of archery, the host's officer");
    expect(screen.getByTestId("plan-card-quote").textContent).toContain("司射立于西階西");
    expect(screen.getByTestId("plan-card-passage").getAttribute("href")).toBe("#/read/xiangshe.zhushu.0010");
    expect(screen.getByTestId("plan-card-basis").textContent).toContain("carried from xiangshe.zhushu.0008");
    expect(screen.getByTestId("plan-card-alternatives").textContent).toContain("the 疏 reads: 堂西 東面 「司射在堂西」");
    // Enter: the card opens, with its links, and takes the focus.
    await fireEvent.keyDown(g, { key: "Enter" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("plan-card")));
    expect(screen.getByTestId("plan-card").getAttribute("role")).toBe("dialog");
    expect(screen.getByTestId("plan-card-glossary").getAttribute("href")).toBe("#/terms/sishe");
    expect(g.getAttribute("aria-expanded")).toBe("true");
    await fireEvent.keyDown(screen.getByTestId("plan-card"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("plan-card")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(figure("司射")));
  });

  it("shows the card while the pointer is on the figure or crosses to the card, and drops it after", async () => {
    backend();
    await shown();
    await fireEvent.mouseEnter(figure("主人"));
    const card = await screen.findByTestId("plan-card");
    expect(card.dataset.actor).toBe("主人");
    await fireEvent.mouseLeave(figure("主人"));
    await fireEvent.mouseEnter(card.parentElement!);
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.getByTestId("plan-card").dataset.actor).toBe("主人");
    await fireEvent.mouseLeave(card.parentElement!);
    await waitFor(() => expect(screen.queryByTestId("plan-card")).toBeNull());
    // An open card goes when the focus goes elsewhere on the page.
    await fireEvent.click(figure("司射"));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("plan-card")));
    const next = screen.getByTestId("plan-next");
    await fireEvent.focusOut(screen.getByTestId("plan-card"), { relatedTarget: next });
    await waitFor(() => expect(screen.queryByTestId("plan-card")).toBeNull());
  });

  it("steps with ] and [ and the buttons: the reader opens the step's passage", async () => {
    backend();
    await shown();
    await fireEvent.keyDown(window, { key: "]" });
    // The plan shows the step at once; the reader opens it once that is painted.
    expect(screen.getByTestId("plan").dataset.asked).toBe("xiangshe.zhushu.0020");
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0020"));
    await fireEvent.keyDown(window, { key: "[" });
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0018"));
    // Not from a field.
    const input = document.createElement("input");
    document.body.append(input);
    await fireEvent.keyDown(input, { key: "]" });
    await new Promise((r) => setTimeout(r, 50));
    expect(location.hash).toBe("#/read/xiangshe.zhushu.0018");
    // (Not drawn: no 0018 in this backend.)
    await fireEvent.click(screen.getByTestId("plan-next"));
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0020"));
    // The next and previous steps were asked for ahead.
    await waitFor(() => expect(stage.views.has("xiangshe.zhushu.0020")).toBe(true));
  });

  it("announces the step it was stepped to, and draws it from what was asked ahead", async () => {
    backend();
    await shown();
    const live = screen.getByTestId("plan-announce");
    expect(live.getAttribute("aria-live")).toBe("polite");
    expect(live.textContent).toBe("");
    await waitFor(() => expect(stage.views.has("xiangshe.zhushu.0020")).toBe(true));
    await fireEvent.keyDown(window, { key: "]" });
    // Drawn at once, before the reader has opened the passage.
    expect(figure("賓").dataset.place).toBe("西階上");
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0020"));
    // The reader is made anew for the new passage, the plan with it.
    cleanup();
    render(StagePlan, { passage: "xiangshe.zhushu.0020" });
    // At once: no waiting for the backend.
    expect(figure("賓").dataset.place).toBe("西階上");
    expect(figure("賓").dataset.moved).toBe("true");
    expect(figure("眾賓").dataset.moved).toBe("false");
    await waitFor(() => expect(screen.getByTestId("plan-announce").textContent).toBe("Step 20 of 408: 賓 moves to 西階上"));
    expect(screen.getByTestId("plan-announce").querySelector("span")?.getAttribute("lang")).toBe("zh-Hant");
  });

  // The outside tester's 16a: ] at 0408 and [ at 0001 did nothing, and said nothing.
  it("says so when ] is pressed at the last step or [ at the first, and keeps the focus", async () => {
    backend();
    render(StagePlan, { passage: "xiangshe.zhushu.0408" });
    await waitFor(() => expect(screen.getByTestId("plan").dataset.passage).toBe("xiangshe.zhushu.0408"));
    const live = screen.getByTestId("plan-announce");
    const pace = screen.getByTestId("plan-pace");
    pace.focus();
    await fireEvent.keyDown(document.body, { key: "]" });
    expect(live.textContent).toBe("This is the last step: 408 of 408.");
    expect(document.activeElement).toBe(pace);
    await new Promise((r) => setTimeout(r, 50));
    expect(location.hash).toBe("");
    expect(screen.getByTestId("plan").dataset.passage).toBe("xiangshe.zhushu.0408");
    // [ still steps back from there.
    await fireEvent.keyDown(document.body, { key: "[" });
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0018"));
    cleanup();
    setLocale("zh-Hans");
    render(StagePlan, { passage: "xiangshe.zhushu.0001" });
    await waitFor(() => expect(screen.getByTestId("plan").dataset.passage).toBe("xiangshe.zhushu.0001"));
    await fireEvent.keyDown(document.body, { key: "[" });
    expect(screen.getByTestId("plan-announce").textContent).toBe("已是第一节。");
    setLocale("zh-Hant");
    await fireEvent.keyDown(document.body, { key: "[" });
    expect(screen.getByTestId("plan-announce").textContent).toBe("已是第一節。");
  });

  // The outside tester's 16: a column 365 px wide drew the names 7 px high.
  it("draws the figures and the ground's names larger as the column draws the plan smaller", async () => {
    let width = 365;
    const seen: (() => void)[] = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        #cb: () => void;
        constructor(cb: () => void) {
          this.#cb = cb;
          seen.push(cb);
        }
        observe() {
          this.#cb();
        }
        disconnect() {}
      },
    );
    const rect = vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(() => ({ width }) as DOMRect);
    try {
      backend();
      await shown();
      const f = frame(samplePlan());
      const scaleOf = () => Number(/scale\(([\d.]+)\)/.exec(figure("主人").querySelector(".plan-figure-scaled")?.getAttribute("transform") ?? "")?.[1] ?? 1);
      await waitFor(() => expect(scaleOf()).toBeGreaterThan(1));
      // A name 16 drawing units high, at 365 px for the drawing's width: 14 px or more on screen.
      expect(16 * scaleOf() * (365 / f.box[2])).toBeGreaterThanOrEqual(14);
      const ground = document.querySelector(".plan-landmark-label") as SVGTextElement;
      expect(parseFloat(ground.style.fontSize) * (365 / f.box[2])).toBeGreaterThanOrEqual(12);
      // A wide column: drawn as designed.
      width = 4000;
      seen.forEach((cb) => cb());
      await waitFor(() => expect(scaleOf()).toBe(1));
      // The 賓 and the 眾賓 at 門左 still apart.
      expect(figure("賓").getAttribute("transform")).not.toBe(figure("眾賓").getAttribute("transform"));
    } finally {
      rect.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it("gives the focus back to the control that stepped, in the plan made for the new passage", async () => {
    backend();
    stage.refocus = "plan-next";
    await shown();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("plan-next")));
    // The reader focuses its passage once loaded: the control takes the focus back.
    const passage = document.createElement("section");
    passage.className = "passage";
    passage.tabIndex = -1;
    document.body.append(passage);
    passage.focus();
    expect(document.activeElement).toBe(screen.getByTestId("plan-next"));
    // Once only.
    passage.focus();
    expect(document.activeElement).toBe(passage);
  });

  it("plays: the next step after the chosen pace", async () => {
    vi.useFakeTimers();
    backend();
    render(StagePlan, { passage: "xiangshe.zhushu.0019" });
    await vi.waitFor(() => expect(figure("眾賓")).not.toBeNull());
    await fireEvent.change(screen.getByTestId("plan-pace"), { target: { value: "4" } });
    expect(stage.pace).toBe(4);
    await fireEvent.click(screen.getByTestId("plan-play"));
    expect(screen.getByTestId("plan-play").textContent).toBe("Pause");
    await vi.advanceTimersByTimeAsync(3900);
    expect(location.hash).toBe("");
    await vi.advanceTimersByTimeAsync(200);
    expect(location.hash).toBe("#/read/xiangshe.zhushu.0020");
    expect(stage.expect).toBe("xiangshe.zhushu.0020");
    // A view of anything but the step it went to stops it.
    cleanup();
    render(StagePlan, { passage: "xiangshe.zhushu.0019" });
    expect(stage.playing).toBe(false);
  });

  it("says calmly when a passage has no step", async () => {
    backend();
    render(StagePlan, { passage: "xiangshe.tongjie.0200" });
    const none = await screen.findByTestId("plan-none");
    expect(none.textContent).toContain("xiangshe.tongjie.0200 has no step on the plan");
    expect(none.getAttribute("role")).toBeNull();
    expect(none.classList.contains("status-error")).toBe(false);
  });

  it("says a passage with no step in the interface's language, and again after a change of language", async () => {
    backend();
    render(StagePlan, { passage: "xiangshe.tongjie.0201" });
    const none = await screen.findByTestId("plan-none");
    setLocale("zh-Hant");
    await tick();
    expect(none.textContent?.trim()).toBe("xiangshe.tongjie.0201 在圖中沒有對應的步驟；圖所涵蓋的是鄉射禮、燕禮、大射儀。");
    setLocale("en");
  });

  it("opens a figure's itinerary from its card, with links to the passages, and Back returns to the figure", async () => {
    backend();
    await shown();
    await fireEvent.click(figure("司射"));
    await fireEvent.click(await screen.findByTestId("plan-card-itinerary"));
    const it = await screen.findByTestId("plan-itinerary");
    await waitFor(() => expect(it.querySelectorAll("li").length).toBe(2));
    expect(calls).toContainEqual(["stage_itinerary", { actor: "司射", work: "鄉射禮" }]);
    const links = Array.from(it.querySelectorAll("li a")).map((a) => a.getAttribute("href"));
    expect(links).toEqual(["#/read/xiangshe.zhushu.0010", "#/read/xiangshe.zhushu.0019"]);
    expect(it.querySelector('[aria-current="step"]')?.getAttribute("data-passage")).toBe("xiangshe.zhushu.0019");
    await waitFor(() => expect(document.activeElement?.id).toBe("plan-itinerary-title"));
    await fireEvent.click(screen.getByTestId("plan-itinerary-back"));
    await waitFor(() => expect(document.activeElement).toBe(figure("司射")));
  });
});

describe("StagePlan in 繁體中文", () => {
  it("says where, who stands where and why in the interface's language, the plan's names and English glosses in their own lang", async () => {
    setLocale("zh-Hant");
    backend();
    await shown();
    expect(screen.getByRole("heading", { level: 2 }).textContent!.trim()).toBe("儀節圖");
    expect(screen.getByTestId("plan-where").textContent!.replace(/\s+/g, " ")).toContain("第 19 節，共 408 節： xiangshe.zhushu.0019");
    expect(screen.getByTestId("plan-next").textContent).toBe("下一節");
    expect(screen.getByTestId("plan-play").textContent).toBe("播放");
    expect(screen.getByTestId("plan-pace").querySelector("option")?.textContent).toBe("每節 1 秒");
    const items = Array.from(screen.getByTestId("plan-list").querySelectorAll("li")).map((li) =>
      li.textContent!.replace(/\s+/g, " ").trim(),
    );
    expect(items).toEqual(["主人 — 阼階上 — 北面", "賓 — 門左 — 東面 移至此處 （自門外）", "眾賓 — 門左 — 東面 移至此處 （自門外）", "司射 — 西階西 — 未言面向"]);
    const moves = screen.getByTestId("plan-moves").textContent!.replace(/\s+/g, " ");
    expect(moves).toContain("（位置：據注推定：「初位,門內東面」（見 xiangshe.zhushu.0079））");
    expect(screen.getByTestId("plan-scale").textContent).toMatch(/^單位為丈，北在上；鋸齒斷線處未按比例，南北距離已縮短：3\.5 至 18\.8 丈/);
    expect(figure("司射").getAttribute("aria-label")).toBe("司射，西階西");
    // The card: its words in Chinese, the figure's English gloss marked as English.
    await fireEvent.focus(figure("司射"));
    expect(screen.getByTestId("plan-card-basis").textContent!.replace(/\s+/g, " ").trim()).toBe("位置：沿自 xiangshe.zhushu.0008");
    expect(screen.getByTestId("plan-card-alternatives").textContent).toContain("疏以為：堂西 東面 「司射在堂西」");
    expect(screen.getByTestId("plan-card-gloss").getAttribute("lang")).toBe("en");
    expect(screen.getByTestId("plan-card-passage").getAttribute("href")).toBe("#/read/xiangshe.zhushu.0010");
  });

  it("announces a step in Chinese, and follows a change of language", async () => {
    setLocale("zh-Hant");
    backend();
    await shown();
    await waitFor(() => expect(stage.views.has("xiangshe.zhushu.0020")).toBe(true));
    await fireEvent.keyDown(window, { key: "]" });
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0020"));
    cleanup();
    render(StagePlan, { passage: "xiangshe.zhushu.0020" });
    await waitFor(() => expect(screen.getByTestId("plan-announce").textContent).toBe("第 20 節，共 408 節：賓移至西階上"));
    setLocale("zh-Hans");
    await waitFor(() => expect(screen.getByTestId("plan-next").textContent).toBe("下一节"));
    setLocale("en");
    await waitFor(() => expect(screen.getByTestId("plan-next").textContent).toBe("Next step"));
  });
});
