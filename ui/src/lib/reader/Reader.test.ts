import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { PassageView } from "../bindings/PassageView";
import Reader from "./Reader.svelte";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

function backend() {
  const calls: string[] = [];
  const three: PassageView[] = [1, 2, 3].map((n) =>
    samplePassage({ id: `xiangshe.zhushu.000${n}`, ordinal: n, total: 3 }),
  );
  setTransport(async (cmd, args) => {
    calls.push(cmd);
    if (cmd === "passages") {
      const script = args.script as string;
      return three.map((p) => (script === "simplified" ? { ...p, title: "乡射礼", script: "simplified" } : p));
    }
    if (cmd === "set_settings") return args.settings;
    if (cmd === "get_settings") return SAMPLE_SETTINGS;
    throw new Error(cmd);
  });
  return calls;
}

describe("Reader", () => {
  it("shows the passages with 經 and the commentary layers, without reloading in a loop", async () => {
    const calls = backend();
    render(Reader, { id: "xiangshe.zhushu.0002" });
    await screen.findByTestId("reader-title");
    const p = document.querySelector('[data-passage="xiangshe.zhushu.0002"]')!;
    expect(p.querySelector('[data-layer="jing"]')!.textContent).toBe("鄉射之禮。主人戒賓。");
    expect(p.querySelector('[data-layer="zhu"]')!.textContent).toContain("主人,州長也。");
    expect(p.classList.contains("current")).toBe(true);
    expect(document.querySelectorAll("[data-passage]").length).toBe(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c === "passages").length).toBe(1);
  });

  it("hides a layer for the whole view when it is switched off", async () => {
    backend();
    render(Reader, { id: "xiangshe.zhushu.0001" });
    await screen.findByTestId("reader-title");
    expect(document.querySelectorAll('[data-layer="zhu"]').length).toBe(3);
    await fireEvent.click(screen.getByTestId("toggle-zhu"));
    await waitFor(() => expect(document.querySelectorAll('[data-layer="zhu"]').length).toBe(0));
    expect(document.querySelectorAll('[data-layer="jing"]').length).toBe(3);
    await fireEvent.click(screen.getByTestId("toggle-zhu"));
    await waitFor(() => expect(document.querySelectorAll('[data-layer="zhu"]').length).toBe(3));
  });

  it("says so when the passage does not exist", async () => {
    backend();
    render(Reader, { id: "xiangshe.zhushu.0099" });
    expect((await screen.findByRole("alert")).textContent).toContain("does not exist");
  });

  it("refuses an id that is not a passage id", async () => {
    backend();
    render(Reader, { id: "nonsense" });
    expect((await screen.findByRole("alert")).textContent).toContain("is not a passage id");
  });

  // A backend of 100 passages that records what it is asked for.
  function hundred() {
    const requests: [number, number][] = [];
    setTransport(async (cmd, args) => {
      if (cmd !== "passages") throw new Error(cmd);
      const start = args.start as number;
      const count = args.count as number;
      requests.push([start, count]);
      const out: PassageView[] = [];
      for (let n = start; n < start + count && n <= 100; n++) {
        out.push(samplePassage({ id: `xiangshe.zhushu.${String(n).padStart(4, "0")}`, ordinal: n, total: 100 }));
      }
      return out;
    });
    return requests;
  }

  it("loads later passages on demand", async () => {
    const requests = hundred();
    render(Reader, { id: "xiangshe.zhushu.0001" });
    await screen.findByTestId("reader-title");
    // First the passage alone (painted and focused sooner), then the
    // window around it.
    expect(document.querySelectorAll("[data-passage]").length).toBe(1);
    await waitFor(() => expect(document.querySelectorAll("[data-passage]").length).toBe(40));
    expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0001");
    expect(requests).toEqual([
      [1, 1],
      [1, 40],
    ]);
    await fireEvent.click(screen.getByText("Later passages"));
    await waitFor(() => expect(document.querySelectorAll("[data-passage]").length).toBe(80));
    expect(requests.slice(2)).toEqual([[41, 40]]);
    expect(screen.queryByText("Earlier passages")).toBeNull();
  });

  it("opens a passage first, then puts the ones before it above, the focus kept on it", async () => {
    const requests = hundred();
    render(Reader, { id: "xiangshe.zhushu.0050" });
    await screen.findByTestId("reader-title");
    const ids = () => [...document.querySelectorAll("[data-passage]")].map((e) => e.getAttribute("data-passage"));
    expect(ids()).toEqual(["xiangshe.zhushu.0050"]);
    const opened = document.getElementById("p-xiangshe.zhushu.0050");
    await waitFor(() => expect(document.activeElement).toBe(opened));
    await waitFor(() => expect(ids().length).toBe(40));
    expect(ids()[0]).toBe("xiangshe.zhushu.0045");
    expect(ids()[5]).toBe("xiangshe.zhushu.0050");
    // The same node, still focused: nothing was drawn anew under the reader.
    expect(document.getElementById("p-xiangshe.zhushu.0050")).toBe(opened);
    expect(document.activeElement).toBe(opened);
    expect(screen.getByText("Earlier passages")).toBeTruthy();
    expect(requests).toEqual([
      [50, 1],
      [45, 40],
    ]);
  });
  // The outside tester's finding 15: 45 × j from 0100 stopped at 0134, the
  // last passage loaded, and k at the first.
  it("walks on with j and k past the passages loaded, every press counted", async () => {
    const requests = hundred();
    render(Reader, { id: "xiangshe.zhushu.0001" });
    await waitFor(() => expect(document.querySelectorAll("[data-passage]").length).toBe(40));
    await waitFor(() => expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0001"));
    for (let i = 0; i < 45; i++) await fireEvent.keyDown(window, { key: "j" });
    await waitFor(() => expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0046"));
    expect(requests.slice(2)).toEqual([[41, 40]]);
    for (let i = 0; i < 45; i++) await fireEvent.keyDown(window, { key: "k" });
    await waitFor(() => expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0001"));
  });

  it("counts j presses that arrive while the next passages are asked for", async () => {
    hundred();
    render(Reader, { id: "xiangshe.zhushu.0001" });
    await waitFor(() => expect(document.querySelectorAll("[data-passage]").length).toBe(40));
    await waitFor(() => expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0001"));
    // All at once, none awaited: the 40th press asks for more; the rest come meanwhile.
    for (let i = 0; i < 50; i++) window.dispatchEvent(new KeyboardEvent("keydown", { key: "j" }));
    await waitFor(() => expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0051"));
  });

  it("steps on with j pressed before the window around the opened passage has come, each passage once", async () => {
    hundred();
    render(Reader, { id: "xiangshe.zhushu.0050" });
    // The passage alone is shown and focused; j j at once (Later and the
    // window then come back over one another).
    await waitFor(() => expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0050"));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "j" }));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "j" }));
    await waitFor(() => expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0052"));
    await waitFor(() => expect(document.querySelectorAll("[data-passage]").length).toBeGreaterThanOrEqual(40));
    const ids = [...document.querySelectorAll("[data-passage]")].map((e) => e.getAttribute("data-passage"));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe("xiangshe.zhushu.0045");
  });
});
