import { describe, expect, it } from "vitest";

import { sanitizeSvg } from "./svg";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" width="100" height="100" onload="alert(1)" stroke="currentColor">
  <title>楅</title><desc>The arrow rest</desc>
  <script>alert(1)</script>
  <foreignObject><div>html</div></foreignObject>
  <g id="rack" style="fill:red"><line x1="0" y1="0" x2="10" y2="10" onclick="alert(2)"/></g>
  <use href="#rack" x="1"/>
  <use xlink:href="http://example.com/x.svg#a"/>
  <a href="javascript:alert(3)"><text x="1" y="5">龍首</text></a>
  <text x="1" y="9" fill="url(#rack)">蛇交</text>
</svg>`;

describe("inlined drawings", () => {
  it("keep drawing elements and presentation attributes only", () => {
    const d = sanitizeSvg(SVG)!;
    expect(d.title).toBe("楅");
    expect(d.desc).toBe("The arrow rest");
    const svg = d.svg;
    expect(svg.getAttribute("viewBox")).toBe("0 0 10 10");
    expect(svg.getAttribute("onload")).toBeNull();
    expect(svg.hasAttribute("width")).toBe(false);
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toBe("楅");
    expect(svg.querySelector("script, foreignObject, a")).toBeNull();
    expect(svg.querySelector("line")!.getAttribute("onclick")).toBeNull();
    expect(svg.querySelector("g")!.getAttribute("style")).toBeNull();
    // Nothing links outside the drawing.
    const uses = svg.querySelectorAll("use");
    expect(uses.length).toBe(2);
    expect(uses[1].getAttribute("href")).toBeNull();
    expect(svg.outerHTML).not.toContain("example.com");
    expect(svg.outerHTML).not.toContain("javascript");
    expect(svg.textContent).not.toContain("龍首"); // inside the dropped <a>
  });

  it("prefix ids so two drawings on a page never share one", () => {
    const a = sanitizeSvg(SVG)!.svg;
    const b = sanitizeSvg(SVG)!.svg;
    const idA = a.querySelector("g")!.id;
    const idB = b.querySelector("g")!.id;
    expect(idA).not.toBe(idB);
    expect(idA.endsWith("rack")).toBe(true);
    expect(a.querySelector("use")!.getAttribute("href")).toBe(`#${idA}`);
    expect(a.querySelectorAll("text")[0].getAttribute("fill")).toBe(`url(#${idA})`);
  });

  it("refuse what is not SVG", () => {
    expect(sanitizeSvg("<html><body>x</body></html>")).toBeNull();
    expect(sanitizeSvg("<svg")).toBeNull();
  });
});
