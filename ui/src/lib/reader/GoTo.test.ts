import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/svelte";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError, setTransport } from "../api";
import GoTo from "./GoTo.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
  location.hash = "";
});

describe("GoTo", () => {
  it("opens the passage a citation names, and says so when nothing is named", async () => {
    const asked: unknown[] = [];
    setTransport(async (cmd, args) => {
      if (cmd !== "locate") throw new Error(cmd);
      asked.push((args as { place: string }).place);
      if ((args as { place: string }).place.includes("0123")) {
        return { passage: "xiangshe.zhushu.0123", source: "xiangshe.zhushu", origin: "000_fc068ac90b3961d7.txt", line: 456 };
      }
      throw new ApiError("locate", "not_found", "place `nowhere` does not exist");
    });
    render(GoTo);
    const input = screen.getByTestId("goto-input") as HTMLInputElement;
    // A citation as Copy writes it.
    await fireEvent.input(input, { target: { value: "《儀禮註疏·鄉射禮》，xiangshe.zhushu.0123，000_fc068ac90b3961d7.txt 第456行" } });
    await fireEvent.submit(screen.getByTestId("goto"));
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0123"));
    expect(asked).toHaveLength(1);
    expect(input.value).toBe("");
    // Words that name no place: the message, the box marked, the route unchanged.
    await fireEvent.input(input, { target: { value: "nowhere" } });
    await fireEvent.submit(screen.getByTestId("goto"));
    await waitFor(() => expect(screen.getByTestId("goto-error").textContent).toContain("does not exist"));
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(location.hash).toBe("#/read/xiangshe.zhushu.0123");
    // An empty box asks nothing.
    await fireEvent.input(input, { target: { value: "  " } });
    await fireEvent.submit(screen.getByTestId("goto"));
    expect(asked).toHaveLength(2);
  });

  it("opens a passage id on its first page's answer, asking locate only for an id that is not there", async () => {
    const asked: string[] = [];
    setTransport(async (cmd, args) => {
      const a = args as { place?: string; source?: string; start?: number; count?: number };
      asked.push(cmd === "locate" ? `locate ${a.place}` : `${cmd} ${a.source} ${a.start} ${a.count}`);
      if (cmd === "passages") return a.start === 143 ? [{ id: "xiangshe.zhushu.0143", ordinal: 143 }] : [];
      if (cmd === "locate") throw new ApiError("locate", "not_found", "place `xiangshe.zhushu.0999` does not exist");
      throw new Error(cmd);
    });
    render(GoTo);
    const input = screen.getByTestId("goto-input") as HTMLInputElement;
    await fireEvent.input(input, { target: { value: "xiangshe.zhushu.0143" } });
    await fireEvent.submit(screen.getByTestId("goto"));
    await waitFor(() => expect(location.hash).toBe("#/read/xiangshe.zhushu.0143"));
    expect(asked).toEqual(["passages xiangshe.zhushu 143 1"]);
    // An id of no passage: locate says so, and the route stays.
    await fireEvent.input(input, { target: { value: "xiangshe.zhushu.0999" } });
    await fireEvent.submit(screen.getByTestId("goto"));
    await waitFor(() => expect(screen.getByTestId("goto-error").textContent).toContain("does not exist"));
    expect(asked.slice(1)).toEqual(["passages xiangshe.zhushu 999 1", "locate xiangshe.zhushu.0999"]);
    expect(location.hash).toBe("#/read/xiangshe.zhushu.0143");
  });
  // The outside tester's finding 19: at 250 % the message was inside the
  // toolbar's own scroll area, below its visible part.
  it("brings the message into view when a place is not found", async () => {
    setTransport(async () => {
      throw new ApiError("locate", "not_found", "place `nowhere` does not exist");
    });
    const seen: Element[] = [];
    const was = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      seen.push(this);
    });
    try {
      render(GoTo);
      await fireEvent.input(screen.getByTestId("goto-input"), { target: { value: "nowhere" } });
      await fireEvent.submit(screen.getByTestId("goto"));
      await waitFor(() => expect(seen).toContain(screen.getByTestId("goto-error")));
      expect(screen.getByTestId("goto-error").textContent).toContain("does not exist");
      expect(screen.getByTestId("goto-error").getAttribute("role")).toBe("status");
    } finally {
      Element.prototype.scrollIntoView = was;
    }
  });
});
