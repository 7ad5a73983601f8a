import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { NavHistory, navAction, selectorFor } from "./history.svelte";

/** Resolves once the window has moved to another hash (Back, Forward or a visit). */
function moved(): Promise<void> {
  return new Promise((r) => window.addEventListener("hashchange", () => setTimeout(r, 0), { once: true }));
}

async function visit(hash: string) {
  if (location.hash === hash) return;
  const m = moved();
  location.hash = hash;
  await m;
}

let nav: NavHistory;
let stop: () => void;

beforeEach(async () => {
  document.body.innerHTML = "";
  nav = new NavHistory();
  stop = nav.start(window);
});

afterEach(() => {
  stop();
  document.body.innerHTML = "";
});

describe("Back and Forward", () => {
  it("go over the views visited, and a new visit drops what was ahead", async () => {
    const start = nav.at;
    expect(nav.canForward).toBe(false);
    await visit("#/read/xiangshe.zhushu.0001");
    await visit("#/read/xiangshe.zhushu.0002");
    await visit("#/terms/she");
    expect(nav.at).toBe(start + 3);
    expect(nav.canBack).toBe(true);

    let m = moved();
    nav.back();
    await m;
    expect(location.hash).toBe("#/read/xiangshe.zhushu.0002");
    expect(nav.canForward).toBe(true);
    m = moved();
    nav.back();
    await m;
    expect(location.hash).toBe("#/read/xiangshe.zhushu.0001");
    m = moved();
    nav.forward();
    await m;
    expect(location.hash).toBe("#/read/xiangshe.zhushu.0002");

    // Going somewhere else from here: Forward no longer reaches the card.
    await visit("#/library");
    expect(nav.canForward).toBe(false);
    expect(nav.at).toBe(start + 3);
  });

  it("give the focus back to the search box a hit was opened from, and to the passage read", async () => {
    // The library view, with the search box in the top bar.
    document.body.innerHTML = `<input id="search-input"><main id="main"></main>`;
    await visit("#/library");
    const box = document.getElementById("search-input") as HTMLInputElement;
    box.focus();
    // The hit opens a passage; the box loses the focus first (as it does).
    box.blur();
    await visit("#/read/xiangshe.zhushu.0143?seg=0&hl=0-2");
    const main = document.getElementById("main")!;
    main.innerHTML = `<section id="p-xiangshe.zhushu.0143" tabindex="-1"></section><section id="p-xiangshe.zhushu.0144" tabindex="-1"><span class="c">射</span></section>`;
    nav.landed(document.getElementById("p-xiangshe.zhushu.0143"));
    expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0143");
    // Reading on: j to the next passage, a character in it.
    (document.getElementById("p-xiangshe.zhushu.0144") as HTMLElement).focus();

    const m = moved();
    nav.back();
    await m;
    await Promise.resolve();
    main.innerHTML = ""; // the library again
    expect(document.activeElement).toBe(box);

    // Forward: the reader loads again, and hands the focus to the passage
    // last read, not the one the route names.
    const f = moved();
    nav.forward();
    await f;
    main.innerHTML = `<section id="p-xiangshe.zhushu.0143" tabindex="-1"></section><section id="p-xiangshe.zhushu.0144" tabindex="-1"></section>`;
    nav.landed(document.getElementById("p-xiangshe.zhushu.0143"));
    expect(document.activeElement?.id).toBe("p-xiangshe.zhushu.0144");
  });

  it("wait for a view that renders late to show the element to focus", async () => {
    document.body.innerHTML = `<main id="main"></main>`;
    await visit("#/library");
    const main = document.getElementById("main")!;
    main.innerHTML = `<a href="#/read/a.b.0001" data-passage-id="a.b.0001">1</a>`;
    (main.querySelector("a") as HTMLElement).focus();
    await visit("#/read/a.b.0001");
    main.innerHTML = "";
    const m = moved();
    nav.back();
    await m;
    expect(document.activeElement).toBe(document.body);
    main.innerHTML = `<a href="#/read/a.b.0001" data-passage-id="a.b.0001">1</a>`;
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.getAttribute("data-passage-id")).toBe("a.b.0001");
  });
});

describe("with nothing to give the focus back to", () => {
  it("the main view takes it, not the page", async () => {
    document.body.innerHTML = `<main id="main" tabindex="-1"></main>`;
    await visit("#/terms");
    await visit("#/terms/bi");
    (document.activeElement as HTMLElement | null)?.blur();
    const m = moved();
    nav.back();
    await m;
    await new Promise((r) => setTimeout(r, 350));
    expect(document.activeElement?.id).toBe("main");
  });
});

describe("the mouse's side buttons", () => {
  it("go back once: by themselves, or not again when the web view went back on its own", async () => {
    await visit("#/read/a.b.0001");
    await visit("#/read/a.b.0002");
    await visit("#/read/a.b.0003");
    // Our own: the press and release of button 3, nothing else moving.
    let m = moved();
    nav.mouse(new MouseEvent("mousedown", { button: 3 }));
    nav.mouse(new MouseEvent("mouseup", { button: 3 }));
    await m;
    expect(location.hash).toBe("#/read/a.b.0002");
    // The web view went back itself between press and release: not twice.
    nav.mouse(new MouseEvent("mousedown", { button: 3 }));
    m = moved();
    history.back();
    await m;
    nav.mouse(new MouseEvent("mouseup", { button: 3 }));
    await new Promise((r) => setTimeout(r, 150));
    expect(location.hash).toBe("#/read/a.b.0001");
    // Button 4: forward.
    m = moved();
    nav.mouse(new MouseEvent("mousedown", { button: 4 }));
    nav.mouse(new MouseEvent("mouseup", { button: 4 }));
    await m;
    expect(location.hash).toBe("#/read/a.b.0002");
  });
});

describe("what finds an element again", () => {
  it("is its id, the passage link, or the passage it is in", () => {
    document.body.innerHTML = `<a data-passage-id="x.y.0001"><span id="">1</span></a><section id="p-x.y.0002"><span>射</span></section><p>loose</p>`;
    expect(selectorFor(document.querySelector("span"))).toBe(`[data-passage-id="x.y.0001"]`);
    expect(selectorFor(document.querySelector("section span"))).toBe('[id="p-x.y.0002"]');
    expect(selectorFor(document.querySelector("p"))).toBeNull();
    expect(selectorFor(document.body)).toBeNull();
  });
});

describe("the keys and buttons", () => {
  it("are Alt+← / Alt+→ and the mouse's side buttons, nothing else", () => {
    const key = (key: string, mods: KeyboardEventInit = {}) => new KeyboardEvent("keydown", { key, ...mods });
    expect(navAction(key("ArrowLeft", { altKey: true }))).toBe("back");
    expect(navAction(key("ArrowRight", { altKey: true }))).toBe("forward");
    expect(navAction(key("ArrowLeft"))).toBeNull(); // the reading cursor's
    expect(navAction(key("ArrowLeft", { altKey: true, shiftKey: true }))).toBeNull();
    expect(navAction(new MouseEvent("mouseup", { button: 3 }))).toBe("back");
    expect(navAction(new MouseEvent("mouseup", { button: 4 }))).toBe("forward");
    expect(navAction(new MouseEvent("mouseup", { button: 0 }))).toBeNull();
  });
});
