// Go to a passage id: the passage is shown alone first, then the window of
// passages around it comes in. The router sets its route at once and again
// when the browser's hashchange event follows; the second, naming the same
// passage, once made the reader load again in place — one passage — and
// drop the window it was waiting for (h5 tester, finding 0: "300–300 of 408"
// for every passage id typed into Go to).
import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { PassageView } from "../bindings/PassageView";
import { router } from "../shell/router.svelte";
import RoutedReader from "../../test/RoutedReader.svelte";
import { askEarly, FIRST_PAGE } from "./opening";
import { SAMPLE_SETTINGS, samplePassage } from "../../test/fixtures";

const TOTAL = 408;
const passage = (n: number): PassageView =>
  samplePassage({ id: `xiangshe.zhushu.${String(n).padStart(4, "0")}`, ordinal: n, total: TOTAL });

let stop = () => {};
afterEach(() => {
  stop();
  cleanup();
  setTransport(null);
  history.replaceState(null, "", "#");
});

describe("Reader opened by Go to", () => {
  it("gets the window of passages around the target though the route is set twice", async () => {
    const asked: string[] = [];
    setTransport(async (cmd, args) => {
      if (cmd === "passages") {
        const start = args.start as number;
        const count = args.count as number;
        asked.push(`${start}+${count}`);
        return Array.from({ length: Math.min(count, TOTAL - start + 1) }, (_, i) => passage(start + i));
      }
      if (cmd === "set_settings") return args.settings;
      if (cmd === "get_settings") return SAMPLE_SETTINGS;
      return [];
    });
    stop = router.start();
    // What GoTo.svelte does: the first page asked early, then the route.
    await askEarly("xiangshe.zhushu", 300, FIRST_PAGE, SAMPLE_SETTINGS.script);
    render(RoutedReader);
    router.go({ view: "reader", id: "xiangshe.zhushu.0300" });
    await screen.findByTestId("reader-title");
    // The browser's hashchange for the same place, while the reader waits
    // for the first paint to ask for the window.
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toEqual(["300+1", "295+40"]);
    expect(document.querySelectorAll("[data-passage]").length).toBe(40);
  });
});
