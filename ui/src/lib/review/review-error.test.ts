// A failure shown in a view follows a change of language: the view keeps the
// error, not the sentence it gave at the time.
import { cleanup, render, screen } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { afterEach, describe, expect, it } from "vitest";

import { setTransport } from "../api";
import { setLocale } from "../i18n/i18n.svelte";
import ReviewView from "./ReviewView.svelte";

afterEach(() => {
  cleanup();
  setTransport(null);
  setLocale("en");
});

describe("a view's error", () => {
  it("is said again in the language chosen while it is shown", async () => {
    setTransport(async () => {
      throw { kind: "storage", code: "store.disk_full", params: {}, message: "database error: database or disk is full" };
    });
    render(ReviewView, { id: null });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("The disk is full: nothing was saved. Free some space and try again.");
    setLocale("zh-Hant");
    flushSync();
    expect(alert.textContent).toBe("磁碟已滿，未儲存任何內容。請騰出空間後再試。");
  });
});
