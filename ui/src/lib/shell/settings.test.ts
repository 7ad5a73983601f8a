import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import type { Settings } from "../bindings/Settings";
import { SettingsStore, clampCharSize } from "./settings.svelte";
import { SAMPLE_SETTINGS } from "../../test/fixtures";

afterEach(() => setTransport(null));

/** A fake backend that keeps settings like the Rust side (validating the size). */
function fakeBackend(initial: Settings) {
  let stored = { ...initial };
  const saves: Settings[] = [];
  setTransport(async (cmd, args) => {
    if (cmd === "get_settings") return stored;
    if (cmd === "set_settings") {
      const s = args.settings as Settings;
      if (s.char_size > 48) throw { kind: "invalid_input", message: "character size must be between 14 and 48" };
      saves.push(s);
      stored = { ...s };
      return stored;
    }
    throw new Error(`unexpected ${cmd}`);
  });
  return { saves, stored: () => stored };
}

describe("settings written into the page at start", () => {
  afterEach(() => {
    delete (globalThis as { __SHELI_START__?: unknown }).__SHELI_START__;
  });

  it("show the first view without asking the backend, the place and language with them", async () => {
    const asked: string[] = [];
    setTransport(async (cmd) => {
      asked.push(cmd);
      return SAMPLE_SETTINGS;
    });
    (globalThis as { __SHELI_START__?: unknown }).__SHELI_START__ = {
      settings: { ...SAMPLE_SETTINGS, place: "#/read/xiangshe.zhushu.0143", locale: "zh-Hant" },
    };
    const s = new SettingsStore();
    let seen: Settings | null = null;
    const done = s.load((v) => (seen = v));
    // In the same turn: no flash of a loading view or the library first.
    expect(s.loaded).toBe(true);
    expect(seen!.place).toBe("#/read/xiangshe.zhushu.0143");
    expect(s.value.locale).toBe("zh-Hant");
    await done;
    expect(asked).toEqual([]);
  });

  it("are used once: a second load asks the backend", async () => {
    fakeBackend({ ...SAMPLE_SETTINGS, script: "simplified" });
    (globalThis as { __SHELI_START__?: unknown }).__SHELI_START__ = { settings: { ...SAMPLE_SETTINGS, script: "traditional" } };
    const first = new SettingsStore();
    await first.load();
    expect(first.value.script).toBe("traditional");
    const again = new SettingsStore();
    await again.load();
    expect(again.value.script).toBe("simplified");
  });
});

describe("SettingsStore", () => {
  it("loads the stored settings", async () => {
    fakeBackend({ ...SAMPLE_SETTINGS, script: "simplified" });
    const s = new SettingsStore();
    expect(s.loaded).toBe(false);
    await s.load();
    expect(s.loaded).toBe(true);
    expect(s.value.script).toBe("simplified");
  });

  it("applies a change at once and saves it", async () => {
    const backend = fakeBackend(SAMPLE_SETTINGS);
    const s = new SettingsStore();
    await s.load();
    const saving = s.update({ script: "simplified", theme: "dark" });
    expect(s.value.script).toBe("simplified");
    await saving;
    expect(backend.stored().script).toBe("simplified");
    expect(backend.stored().theme).toBe("dark");
    expect(s.error).toBeNull();
  });

  it("saves changes in order, the last one wins", async () => {
    const backend = fakeBackend(SAMPLE_SETTINGS);
    const s = new SettingsStore();
    await s.load();
    s.update({ char_size: 26 });
    s.update({ char_size: 28 });
    await s.update({ char_size: 30 });
    expect(backend.saves.map((x) => x.char_size)).toEqual([26, 28, 30]);
    expect(s.value.char_size).toBe(30);
  });

  it("clamps the size before saving", async () => {
    const backend = fakeBackend(SAMPLE_SETTINGS);
    const s = new SettingsStore();
    await s.load();
    await s.update({ char_size: 400 });
    expect(backend.stored().char_size).toBe(48);
    expect(clampCharSize(3)).toBe(14);
  });

  it("goes back to the stored value when the backend refuses", async () => {
    setTransport(async (cmd) => {
      if (cmd === "get_settings") return SAMPLE_SETTINGS;
      throw { kind: "settings", message: "settings: could not save" };
    });
    const s = new SettingsStore();
    await s.load();
    await s.update({ script: "simplified" });
    expect(s.value.script).toBe("original");
    expect(s.error).toBe("settings: could not save");
  });

  it("keeps the defaults and reports when loading fails", async () => {
    setTransport(() => Promise.reject({ kind: "internal", message: "internal error: x" }));
    const s = new SettingsStore();
    await s.load();
    expect(s.loaded).toBe(true);
    expect(s.value.char_size).toBe(24);
    expect(s.error).toBe("internal error: x");
  });
});
