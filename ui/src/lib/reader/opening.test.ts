import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { askEarly, heldIn, passagesFrom } from "./opening";
import type { PassageView } from "../bindings/PassageView";

afterEach(() => setTransport(null));

function backend() {
  const asked: string[] = [];
  setTransport(async (cmd, args) => {
    if (cmd !== "passages") throw new Error(cmd);
    asked.push(`${args.source} ${args.start} ${args.count}`);
    return [];
  });
  return asked;
}

describe("opening a passage", () => {
  it("gives the reader the page Go to asked for early, once", async () => {
    const asked = backend();
    askEarly("xiangshe.zhushu", 143, 3, "original");
    await passagesFrom("xiangshe.zhushu", 143, 3, "original");
    expect(asked).toEqual(["xiangshe.zhushu 143 3"]);
    // Taken: the next opening asks again.
    await passagesFrom("xiangshe.zhushu", 143, 3, "original");
    expect(asked).toEqual(["xiangshe.zhushu 143 3", "xiangshe.zhushu 143 3"]);
  });

  it("asks anew for another passage or script than the one asked for early", async () => {
    const asked = backend();
    askEarly("xiangshe.zhushu", 143, 3, "original");
    await passagesFrom("xiangshe.zhushu", 144, 3, "original");
    askEarly("xiangshe.zhushu", 143, 3, "original");
    await passagesFrom("xiangshe.zhushu", 143, 3, "simplified");
    expect(asked).toEqual(["xiangshe.zhushu 143 3", "xiangshe.zhushu 144 3", "xiangshe.zhushu 143 3", "xiangshe.zhushu 143 3"]);
  });

  it("tells Go to whether the early answer holds the passage named, so locate need not be asked", async () => {
    const page = Promise.resolve([{ id: "xiangshe.zhushu.0143" } as PassageView]);
    expect(await heldIn(page, "xiangshe.zhushu.0143")).toBe("xiangshe.zhushu.0143");
    // Another passage, nothing, a refusal, no early answer: locate decides.
    expect(await heldIn(page, "xiangshe.zhushu.0144")).toBeNull();
    expect(await heldIn(Promise.resolve([]), "xiangshe.zhushu.9999")).toBeNull();
    expect(await heldIn(Promise.reject(new Error("no such source")), "nowhere.zhushu.0001")).toBeNull();
    expect(await heldIn(null, "xiangshe.zhushu:661")).toBeNull();
  });
});
