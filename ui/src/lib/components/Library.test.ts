import { cleanup, fireEvent, render, screen } from "@testing-library/svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import Library from "./Library.svelte";
import { sampleLibrary } from "../../test/fixtures";

afterEach(() => {
  cleanup();
  setTransport(null);
});

describe("Library", () => {
  it("lists the works, their editions and the passages of the first edition with passages", async () => {
    setTransport(async (cmd) => {
      if (cmd === "library") return sampleLibrary();
      throw new Error(cmd);
    });
    render(Library);
    const titles = await screen.findAllByTestId("work-title");
    expect(titles.map((t) => t.textContent)).toEqual(["鄉射禮", "燕禮", "大射儀"]);
    expect(screen.getByTestId("edition-xiangshe.zhushu").getAttribute("aria-pressed")).toBe("true");
    const links = document.querySelectorAll("[data-passage-id]");
    expect(links.length).toBe(2);
    expect(links[0].getAttribute("href")).toBe("#/read/xiangshe.zhushu.0001");

    await fireEvent.click(screen.getByTestId("edition-yanli.zhushu"));
    expect(screen.getByText("No passages of this edition are available yet.")).toBeTruthy();
  });

  it("says so when there are no texts", async () => {
    setTransport(async () => ({ works: [] }));
    render(Library);
    expect(await screen.findByText("No texts are available yet.")).toBeTruthy();
  });

  it("shows the backend's message when the library cannot load", async () => {
    setTransport(() => Promise.reject({ kind: "corpus", message: "the texts are unavailable: bad file" }));
    render(Library);
    expect((await screen.findByRole("alert")).textContent).toContain("the texts are unavailable: bad file");
  });
});
