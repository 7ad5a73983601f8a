import { afterEach, describe, expect, it } from "vitest";

import * as api from "./api";
import { ApiError, setTransport, toApiError } from "./api";
import { SAMPLE_SETTINGS } from "../test/fixtures";

afterEach(() => setTransport(null));

function recorder(reply: unknown = null) {
  const calls: [string, Record<string, unknown>][] = [];
  setTransport(async (cmd, args) => {
    calls.push([cmd, args]);
    return reply;
  });
  return calls;
}

describe("api", () => {
  it("sends each command with its arguments named as in Rust", async () => {
    const calls = recorder([]);
    await api.sources();
    await api.library("simplified");
    await api.library();
    await api.passage("xiangshe.zhushu.0001", "traditional");
    await api.passages("xiangshe.zhushu", 1, 40);
    await api.getSettings();
    await api.setSettings(SAMPLE_SETTINGS);
    expect(calls).toEqual([
      ["sources", {}],
      ["library", { script: "simplified" }],
      ["library", { script: null }],
      ["passage", { id: "xiangshe.zhushu.0001", script: "traditional" }],
      ["passages", { source: "xiangshe.zhushu", start: 1, count: 40, script: null }],
      ["get_settings", {}],
      ["set_settings", { settings: SAMPLE_SETTINGS }],
    ]);
  });

  it("turns the backend's error payload into an ApiError", async () => {
    setTransport(() => Promise.reject({ kind: "not_found", message: "passage `x.0001` does not exist" }));
    const err = await api.passage("x.0001").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe("not_found");
    expect((err as ApiError).message).toBe("passage `x.0001` does not exist");
    expect((err as ApiError).command).toBe("passage");
  });

  it("treats strings and exceptions as transport errors", () => {
    expect(toApiError("library", "invalid args `script`").kind).toBe("transport");
    expect(toApiError("library", new Error("boom")).message).toBe("boom");
  });

  it("refuses politely outside the app", async () => {
    const err = await api.sources().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe("transport");
    expect((err as ApiError).message).toMatch(/Not running inside the Sheli app/);
  });
});
