import { afterEach, describe, expect, it } from "vitest";

import { focusFirst, focusLost, handFocus, keepFocus, tabLeaves } from "./focus";

afterEach(() => {
  document.body.innerHTML = "";
});

function page(html: string) {
  document.body.innerHTML = `<main id="main" tabindex="-1">${html}</main>`;
}

describe("the focus helper", () => {
  it("focuses the first candidate that is there and can take the focus", () => {
    page(`<button id="a" hidden>a</button><button id="b" disabled>b</button><button id="c">c</button>`);
    expect(focusFirst(["#gone", "#a", "#b", "#c"])?.id).toBe("c");
    expect(document.activeElement?.id).toBe("c");
  });

  it("falls back to the main view, never the body", () => {
    page(`<p>nothing to focus</p>`);
    expect(focusFirst(["#gone", null, () => null])?.id).toBe("main");
    expect(focusLost()).toBe(false);
  });

  it("says when the focus is lost", () => {
    page(`<button id="a">a</button>`);
    (document.getElementById("a") as HTMLElement).focus();
    expect(focusLost()).toBe(false);
    document.getElementById("a")!.remove();
    expect(focusLost()).toBe(true);
  });

  it("hands the focus to a successor rendered after the update", async () => {
    page(`<button id="open">Open</button>`);
    const done = handFocus(() => document.getElementById("form-field"));
    document.querySelector("main")!.innerHTML = `<input id="form-field" />`;
    expect((await done)?.id).toBe("form-field");
    expect(document.activeElement?.id).toBe("form-field");
  });

  it("keeps the focus: only when the change lost it", async () => {
    page(`<button id="a">a</button><button id="b">b</button>`);
    (document.getElementById("a") as HTMLElement).focus();
    await keepFocus(() => {}, "#b");
    expect(document.activeElement?.id).toBe("a");
    await keepFocus(() => document.getElementById("a")!.remove(), "#b");
    expect(document.activeElement?.id).toBe("b");
  });
});

describe("tabLeaves", () => {
  it("is true for Tab on the last stop and Shift+Tab on the first, not in between", () => {
    const box = document.createElement("div");
    box.innerHTML = '<button>a</button><button disabled>x</button><a href="#">b</a><span tabindex="-1">s</span><button>c</button>';
    document.body.appendChild(box);
    const [a, , b, , c] = Array.from(box.children) as HTMLElement[];
    const tab = (shiftKey = false) => new KeyboardEvent("keydown", { key: "Tab", shiftKey });
    a.focus();
    expect(tabLeaves(tab(), box)).toBe(false);
    expect(tabLeaves(tab(true), box)).toBe(true);
    b.focus();
    expect(tabLeaves(tab(), box)).toBe(false);
    expect(tabLeaves(tab(true), box)).toBe(false);
    c.focus();
    expect(tabLeaves(tab(), box)).toBe(true);
    expect(tabLeaves(new KeyboardEvent("keydown", { key: "Enter" }), box)).toBe(false);
    box.remove();
  });
});
