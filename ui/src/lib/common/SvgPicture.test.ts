// A drawing's labels say their language: Chinese labels zh-Hant, a label
// that mixes in English is English with its Chinese in tspans, an English
// one English (whatever the interface's language), and the description
// (English quoting Chinese) is English with each Chinese run marked.
import { cleanup, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import SvgPicture from "./SvgPicture.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
});

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
  <title>楅:承矢之器</title>
  <desc>The arrow rest of the 記 (line 1706: 楅,長如笴)</desc>
  <text x="1" y="1">龍首</text>
  <text x="1" y="5">據鄉射記「鄉矦上个五尋」(xiangshe.zhushu line 1706)</text>
  <text x="1" y="9">north</text>
</svg>`;

describe("a drawing's labels", () => {
  it("say they are Chinese, word by word where English is mixed in", async () => {
    setTransport(async (cmd) => {
      if (cmd === "picture") return SVG;
      throw new Error(cmd);
    });
    render(SvgPicture, { name: "test-labels.svg", large: true });
    const fig = await screen.findByTestId("picture");
    await waitFor(() => expect(fig.querySelectorAll("svg text").length).toBe(3));
    const texts = Array.from(fig.querySelectorAll("svg text"));
    expect(texts[0].getAttribute("lang")).toBe("zh-Hant");
    // Mixed: the text itself is English; its Chinese run says it is Chinese.
    expect(texts[1].getAttribute("lang")).toBe("en");
    expect(texts[1].textContent).toBe("據鄉射記「鄉矦上个五尋」(xiangshe.zhushu line 1706)");
    expect(Array.from(texts[1].querySelectorAll("tspan[lang=zh-Hant]")).map((t) => t.textContent)).toEqual(["據鄉射記「鄉矦上个五尋」"]);
    expect(texts[2].getAttribute("lang")).toBe("en");
    expect(fig.querySelector("svg title")?.getAttribute("lang")).toBe("zh-Hant");
    // The description under the drawing: English, its Chinese runs marked.
    const desc = fig.querySelector(".picture-desc")!;
    expect(desc.getAttribute("lang")).toBe("en");
    expect(Array.from(desc.querySelectorAll("[lang]")).map((e) => e.textContent)).toEqual(["記", "楅,長如笴"]);
  });
});
