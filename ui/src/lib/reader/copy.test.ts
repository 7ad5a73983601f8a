import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { citationNow, citationOf, citedSpans, fillCopyEvent, writeClipboard } from "./copy";
import type { SegmentSpan } from "../common/spans";

const CITE = "《儀禮註疏·鄉射禮》鄭注，xiangshe.zhushu.0250，000_fc068ac90b3961d7.txt 第1168行";
const span = (start = 0): SegmentSpan => ({ passageId: "xiangshe.zhushu.0250", segment: 1, start, end: start + 5, text: "皆已揖左還" });

/** A copy event as the webview hands it over: the data set on it, and whether the default was prevented. */
function copyEvent() {
  const data = new Map<string, string>();
  let prevented = false;
  const e = {
    clipboardData: { setData: (type: string, v: string) => data.set(type, v) },
    preventDefault: () => (prevented = true),
  } as unknown as ClipboardEvent;
  return { e, data, prevented: () => prevented };
}

afterEach(() => setTransport(null));

describe("copying from the reader", () => {
  it("asks for a selection's citation once, in the script shown, and keeps it", async () => {
    const calls: unknown[] = [];
    setTransport(async (cmd, args) => {
      calls.push([cmd, args]);
      return CITE;
    });
    expect(citationNow(span(10), "original")).toBeNull();
    await citationOf(span(10), "original");
    await citationOf(span(10), "original");
    expect(calls).toEqual([
      ["cite", { selection: { passage_id: "xiangshe.zhushu.0250", segment: 1, start: 10, end: 15, script: "original" } }],
    ]);
    expect(citationNow(span(10), "original")).toBe(CITE);
    expect(citationNow(span(10), "simplified")).toBeNull();
  });

  it("fills Ctrl+C's event with the text and its citation once the citation is here, else leaves it to the browser", async () => {
    setTransport(async () => CITE);
    const before = copyEvent();
    expect(fillCopyEvent(before.e, [span(20)], "original", () => "zh-Hant")).toBe(false);
    expect(before.prevented()).toBe(false);
    await citationOf(span(20), "original");
    const after = copyEvent();
    expect(fillCopyEvent(after.e, [span(20)], "original", () => "zh-Hant")).toBe(true);
    expect(after.prevented()).toBe(true);
    expect(after.data.get("text/plain")).toBe(`皆已揖左還\n${CITE}`);
    expect(after.data.get("text/html")).toContain(`<cite lang="zh-Hant">${CITE}</cite>`);
  });

  it("a refused citation is asked for again next time", async () => {
    let n = 0;
    setTransport(async () => {
      n++;
      if (n === 1) throw { kind: "not_found", message: "no passage" };
      return CITE;
    });
    await expect(citationOf(span(30), "original")).rejects.toThrow("no passage");
    await expect(citationOf(span(30), "original")).resolves.toBe(CITE);
  });

  it("writes both flavours through a copy event from a click", async () => {
    const seen = new Map<string, string>();
    // jsdom has no clipboard: execCommand("copy") fires the copy event here.
    document.execCommand = ((cmd: string) => {
      if (cmd !== "copy") return false;
      const ev = new Event("copy", { cancelable: true }) as ClipboardEvent;
      Object.defineProperty(ev, "clipboardData", { value: { setData: (t: string, v: string) => seen.set(t, v) } });
      document.dispatchEvent(ev);
      return true;
    }) as typeof document.execCommand;
    expect(await writeClipboard({ plain: "a\nb", html: "<p>a</p>" })).toBe(true);
    expect(Object.fromEntries(seen)).toEqual({ "text/plain": "a\nb", "text/html": "<p>a</p>" });
  });

  it("copies a selection from the 經 into its 注 piece by piece, each with its own citation, in reading order", async () => {
    // Passage 250 as the reader renders it: the 經, then the 注 with its tag.
    document.body.innerHTML =
      `<section data-passage="xiangshe.zhushu.0250">` +
      `<p data-segment="0">揖退。</p>` +
      `<p data-segment="1"><span class="layer-tag">注</span>皆已揖左還,各由其塗反位。</p></section>`;
    const texts = ["揖退。", "皆已揖左還,各由其塗反位。"];
    const segmentText = (_: string, i: number) => texts[i] ?? null;
    const jing = document.querySelector('[data-segment="0"]')!.firstChild!;
    const zhu = document.querySelector('[data-segment="1"]')!.lastChild!;
    const range = document.createRange();
    range.setStart(jing, 1);
    range.setEnd(zhu, 2);
    const spans = citedSpans(range, segmentText);
    expect(spans.map((s) => [s.segment, s.start, s.end, s.text])).toEqual([
      [0, 1, 3, "退。"],
      [1, 0, 2, "皆已"],
    ]);

    const JING = "《儀禮註疏·鄉射禮》，xiangshe.zhushu.0250，000_fc068ac90b3961d7.txt 第1166行";
    setTransport(async (_cmd, args) => ((args as { selection: { segment: number } }).selection.segment === 0 ? JING : CITE));
    await Promise.all(spans.map((s) => citationOf(s, "original")));
    const ev = copyEvent();
    expect(fillCopyEvent(ev.e, spans, "original", () => "zh-Hant")).toBe(true);
    // Nothing dropped: the 注's words are there, cited as 鄭注.
    expect(ev.data.get("text/plain")).toBe(`退。\n${JING}\n\n皆已\n${CITE}`);
    const html = ev.data.get("text/html")!;
    expect(html.indexOf("退。")).toBeLessThan(html.indexOf("皆已"));
    expect(html).toContain(`<cite lang="zh-Hant">${CITE}</cite>`);
    document.body.innerHTML = "";
  });

  it("leaves a many-segment copy to the browser until every piece's citation is here", async () => {
    setTransport(async () => CITE);
    const a = span(40);
    const b = { ...span(0), segment: 2 };
    await citationOf(a, "original");
    const ev = copyEvent();
    expect(fillCopyEvent(ev.e, [a, b], "original", () => "zh-Hant")).toBe(false);
    expect(ev.prevented()).toBe(false);
  });
});
