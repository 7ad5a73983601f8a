// Times as each interface language writes them, on a 24-hour clock, with the
// ISO form beside them for `<time datetime>`.
import { afterEach, describe, expect, it } from "vitest";

import { setLocale } from "../i18n/i18n.svelte";
import { formatTime, isoTime } from "./format";

afterEach(() => setLocale("en"));

// 26 November 2026, 09:30 on this machine's clock, whatever its time zone.
const unix = new Date(2026, 10, 26, 9, 30).getTime() / 1000;

describe("formatTime", () => {
  it("writes the date and time as the interface's language does", () => {
    expect(formatTime(unix)).toBe("Nov 26, 2026, 09:30");
    setLocale("zh-Hant");
    expect(formatTime(unix)).toBe("2026年11月26日 09:30");
    setLocale("zh-Hans");
    expect(formatTime(unix)).toBe("2026年11月26日 09:30");
  });

  it("keeps a 24-hour clock in the afternoon", () => {
    setLocale("zh-Hant");
    expect(formatTime(unix + 8 * 3600)).toBe("2026年11月26日 17:30");
    expect(formatTime(unix + 8 * 3600)).not.toMatch(/下午|PM/);
  });

  it("gives the machine-readable form in UTC", () => {
    expect(isoTime(0)).toBe("1970-01-01T00:00:00.000Z");
  });
});
