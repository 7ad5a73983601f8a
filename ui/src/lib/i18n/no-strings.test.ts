// No interface text in components: every word a reader sees or hears comes
// from a message file (ui/src/locales), so that all of it can be read in
// 繁體中文, 简体中文 or English.
import { describe, expect, it } from "vitest";

import { hardCodedWords } from "./no-strings";

const components = Object.entries(
  import.meta.glob("/src/**/*.svelte", { query: "?raw", import: "default", eager: true }) as Record<string, string>,
).filter(([path]) => !path.startsWith("/src/test/"));

describe("interface text lives in message files", () => {
  it("finds text written into markup, and not expressions, script or style", () => {
    const sample = `<script>const a = "Hello there";</script>
      <button aria-label="Close the card" onclick={() => go("away")}>{t("x.close")} ×</button>
      <p title={t("x.y")}>Ctrl+F <!-- a comment --></p><style>.a { color: red }</style>`;
    expect(hardCodedWords(sample)).toEqual(["Close", "the", "card"]);
  });

  for (const [path, source] of components) {
    it(`${path} has no text of its own`, () => {
      expect(hardCodedWords(source)).toEqual([]);
    });
  }
});
