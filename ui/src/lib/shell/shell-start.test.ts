import { afterEach, describe, expect, it, vi } from "vitest";

import { DEFAULT_SETTINGS } from "./settings.svelte";

// shell-start.ts reads the settings once per page: each test takes fresh
// modules, with the settings the backend writes into the page.
async function fresh(start: unknown) {
  vi.resetModules();
  (globalThis as { __SHELI_START__?: unknown }).__SHELI_START__ = start;
  const api = await import("../api");
  const calls: string[] = [];
  api.setTransport(async (cmd) => {
    calls.push(cmd);
    return { ...DEFAULT_SETTINGS, place: "#/library" };
  });
  const { loadShellSettings } = await import("./shell-start");
  const { settings } = await import("./settings.svelte");
  const { router } = await import("./router.svelte");
  const i18n = await import("../i18n/i18n.svelte");
  return { loadShellSettings, settings, router, i18n, calls };
}

afterEach(() => {
  (globalThis as { __SHELI_START__?: unknown }).__SHELI_START__ = undefined;
  history.replaceState(null, "", "#");
});

describe("the shell's settings before the app mounts", () => {
  it("given in the page, are applied before loadShellSettings returns: the first render is the place, in the language", async () => {
    const place = "#/read/xiangshe.zhushu.0143";
    const { loadShellSettings, settings, router, i18n, calls } = await fresh({
      settings: { ...DEFAULT_SETTINGS, place, locale: "zh-Hant" },
    });
    // main.ts loads the language's messages before it mounts.
    await i18n.loadLocale("zh-Hant");
    loadShellSettings();
    // No await in between: the first render already sees all of it (the
    // reader, not "Loading" then the reader; no flash of the library).
    expect(settings.loaded).toBe(true);
    expect(router.route).toMatchObject({ view: "reader", id: "xiangshe.zhushu.0143" });
    expect(i18n.locale()).toBe("zh-Hant");
    expect(calls).toEqual([]);
    // Once per page: a second call does not read again.
    loadShellSettings();
    expect(calls).toEqual([]);
  });

  it("not given (a reload), are asked for, and the view waits for them", async () => {
    const { loadShellSettings, settings, calls } = await fresh(undefined);
    loadShellSettings();
    expect(settings.loaded).toBe(false);
    await vi.waitFor(() => expect(settings.loaded).toBe(true));
    expect(calls).toEqual(["get_settings"]);
  });
});
