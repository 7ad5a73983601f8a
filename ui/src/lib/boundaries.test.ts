import { describe, expect, it } from "vitest";

// Every source file of the UI, as text.
const sources = import.meta.glob("/src/**/*.{ts,svelte}", { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;

describe("boundaries", () => {
  it("only api.ts talks to Tauri", () => {
    const offenders = Object.entries(sources)
      .filter(([path]) => path !== "/src/lib/api.ts" && !path.endsWith(".test.ts"))
      .filter(([, text]) => /from\s+["']@tauri-apps\//.test(text) || /__TAURI/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
    expect(sources["/src/lib/api.ts"]).toMatch(/from "@tauri-apps\/api\/core"/);
  });

  it("loads nothing from the network", () => {
    const remote = Object.entries(sources)
      .filter(([path]) => !path.endsWith(".test.ts"))
      .filter(([, text]) => /(src|href)=["']https?:|url\(["']?https?:|@import\s+["']?https?:/.test(text))
      .map(([path]) => path);
    expect(remote).toEqual([]);
  });
});
