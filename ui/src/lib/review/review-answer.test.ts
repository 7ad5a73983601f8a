import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { forgetEntries } from "../chars/char-cache";
import { ANSWER_MAX, fanqieFor, shortAnswer } from "./review-answer";
import { sampleEntry } from "../../test/char-fixtures";
import { sampleCard } from "../../test/user-fixtures";

afterEach(() => {
  setTransport(null);
  forgetEntries();
});

const ESSAY =
  "The arrow rest: a low wooden rack set in the middle of the court, on which the arrows shot are laid once they have " +
  "been gathered, so that each pair of archers can take theirs again. Its ends are carved as the heads of beasts; " +
  "鄭玄 glosses it by the pun 幅, and 賈公彥 adds that it stands on the line of the middle of the court. ".repeat(3);

describe("the short answer of a flashcard", () => {
  it("keeps the reading, adds a 反切 and cuts a built-in essay to about 200 characters", () => {
    const a = shortAnswer(sampleCard({ definition: ESSAY }), "楅音逼");
    expect(a.reading).toBe("bī");
    expect(a.fanqie).toBe("楅音逼");
    expect(a.clipped).toBe(true);
    const total = [a.reading, a.fanqie!, a.definition].map((s) => Array.from(s).length).reduce((x, y) => x + y);
    expect(total).toBeLessThanOrEqual(ANSWER_MAX);
    expect(a.definition.startsWith("The arrow rest")).toBe(true);
    expect(a.href).toBe("#/terms/bi");
  });

  it("leaves a short card whole, links a user's card to its glossary, and does not repeat a 反切", () => {
    const card = sampleCard({ builtin_id: null, glossary_id: 4, reading: "zhì · 章移切", definition: "a cup" });
    const a = shortAnswer(card, "章移切");
    expect(a).toEqual({ reading: "zhì · 章移切", fanqie: null, definition: "a cup", clipped: false, href: "#/glossaries/4" });
  });

  it("finds a 反切: 陸德明's for a built-in term, the 廣韻's for one character, none when the reading has one", async () => {
    const calls: string[] = [];
    setTransport(async (cmd, args) => {
      calls.push(cmd);
      if (cmd === "card")
        return {
          readings: [
            { character: "楅", reading: "音逼", fanqie: false },
            { character: "楅", reading: "彼力反", fanqie: true },
          ],
          id: args.id,
        };
      if (cmd === "describe_char") return sampleEntry();
      throw new Error(cmd);
    });
    expect(await fanqieFor(sampleCard())).toBe("楅彼力反");
    expect(await fanqieFor(sampleCard({ builtin_id: null, headword: "觶", reading: "zhì" }))).toBe("章移切");
    expect(await fanqieFor(sampleCard({ builtin_id: null, headword: "司射", reading: "sīshè" }))).toBeNull();
    expect(await fanqieFor(sampleCard({ reading: "bī · 彼力切" }))).toBeNull();
    expect(calls).toEqual(["card", "describe_char"]);
  });

  it("goes without when the backend cannot say", async () => {
    setTransport(() => Promise.reject({ kind: "not_found", message: "no" }));
    expect(await fanqieFor(sampleCard())).toBeNull();
  });
});
