import { cleanup, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { parseHash, routeHash } from "./router.svelte";
import About from "./About.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
});

describe("About", () => {
  it("names every text and table with its origin and licence", async () => {
    setTransport(async (cmd) => {
      if (cmd !== "about") throw new Error(cmd);
      return {
        version: "0.1.0",
        licence: "MIT OR Apache-2.0",
        texts: [
          {
            id: "xiangshe.yiwen",
            work: "鄉射禮",
            edition: "白話譯文",
            origin: "001.txt",
            provenance: "",
            licence: "unknown",
            user: false,
          },
        ],
        tables: [
          {
            name: "guangyun.tsv",
            purpose: "the 廣韻 readings",
            source: "qieyun",
            version: "qieyun 0.13.3",
            licence: "CC0 1.0",
            bytes: 1_551_283,
          },
          {
            name: "variants.tsv",
            purpose: "the search fold",
            source: "Sheli",
            version: "Unicode 15.0.0",
            licence: "MIT OR Apache-2.0",
            bytes: 9_400,
          },
        ],
        third_party_crates: 360,
        third_party_npm: 3,
        third_party_notices: "# Third-party notices\n\ncrate tauri@2.12.5 Apache-2.0 OR MIT\n",
      };
    });
    render(About);
    const texts = await screen.findByTestId("about-texts");
    expect(texts.textContent).toContain("鄉射禮 · 白話譯文");
    expect(texts.textContent).toContain("001.txt");
    expect(texts.textContent).toContain("unknown");
    const tables = screen.getByTestId("about-tables");
    expect(tables.textContent).toContain("guangyun.tsv");
    expect(tables.textContent).toContain("CC0 1.0");
    expect(tables.textContent).toContain("1.6 MB");
    // A small table in kB, not "0.0 MB".
    expect(tables.textContent).toContain("9 kB");
    expect(tables.textContent).not.toContain("0.0 MB");
    expect(screen.getByTestId("about").textContent).toContain("MIT OR Apache-2.0");
  });

  it("counts the third-party packages and shows their notices when asked", async () => {
    setTransport(async () => ({
      version: "0.1.0",
      licence: "MIT OR Apache-2.0",
      texts: [],
      tables: [],
      third_party_crates: 360,
      third_party_npm: 3,
      third_party_notices: "# Third-party notices\n\ncrate tauri@2.12.5 Apache-2.0 OR MIT\n",
    }));
    render(About);
    const summary = await screen.findByTestId("about-third-party");
    expect(summary.textContent).toContain("360 Rust crates and 3 npm packages");
    expect(screen.getByRole("heading", { name: "Third-party software" })).toBeTruthy();
    // Closed: the notices are not in the page yet.
    expect(screen.queryByTestId("about-notices")).toBeNull();
    const details = screen.getByText("Third-party notices").closest("details")!;
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    const notices = await screen.findByTestId("about-notices");
    expect(notices.textContent).toContain("crate tauri@2.12.5 Apache-2.0 OR MIT");
    expect(notices.getAttribute("tabindex")).toBe("0");
  });

  it("shows the backend's message when it cannot load", async () => {
    setTransport(() => Promise.reject({ kind: "corpus", message: "the texts are unavailable" }));
    render(About);
    expect((await screen.findByRole("alert")).textContent).toContain("the texts are unavailable");
  });

  it("has its own address", () => {
    expect(parseHash("#/about")).toEqual({ view: "about" });
    expect(routeHash({ view: "about" })).toBe("#/about");
  });
});
