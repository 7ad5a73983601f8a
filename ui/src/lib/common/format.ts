// Small formatting helpers of the study views.

import { formatDate, formatNumber, t } from "../i18n/i18n.svelte";

/**
 * A delay in seconds as a reader says it, in the interface's language:
 * 10 min, 5 h, 3 d, 2 mo, 1.5 y (10 分鐘, 5 小時 …). Abbreviated units read
 * the same for one and for many, so the messages need no plural forms.
 */
export function formatInterval(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const min = 60;
  const hour = 60 * min;
  const day = 24 * hour;
  const say = (unit: "minutes" | "hours" | "days" | "months" | "years", n: number) =>
    t(`common.interval.${unit}`, { n: formatNumber(n) });
  if (s < hour) return say("minutes", Math.max(1, Math.round(s / min)));
  if (s < day) return say("hours", Math.round(s / hour));
  if (s < 30 * day) return say("days", Math.round(s / day));
  if (s < 365 * day) return say("months", Math.round(s / (30 * day)));
  const years = s / (365 * day);
  return say("years", years < 10 ? Math.round(years * 10) / 10 : Math.round(years));
}

/** A count with thousands separators: 1,234. */
export function formatCount(n: number): string {
  return n.toLocaleString("en");
}

// A review's due time or a note's date, to the minute, on a 24-hour clock:
// a reader compares them down a column, where 上午/下午 or AM/PM would only
// get in the way.
const TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/**
 * A Unix time (seconds) as a local date and time in the interface's
 * language: 2026年11月26日 09:30, Nov 26, 2026, 09:30. Shown inside
 * `<time datetime={isoTime(unix)}>` for a machine to read.
 */
export function formatTime(unix: number): string {
  return formatDate(unix * 1000, TIME);
}

/** A Unix time (seconds) as `<time datetime>` wants it (ISO 8601, UTC). */
export function isoTime(unix: number): string {
  return new Date(unix * 1000).toISOString();
}

/** Tags typed as words separated by spaces or commas. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[\s,，、]+/).filter((t) => t.length > 0))];
}

/** Passage ids typed separated by spaces, commas or lines. */
export function parsePassageIds(text: string): string[] {
  return [...new Set(text.split(/[\s,，、]+/).filter((t) => t.length > 0))];
}

/**
 * An error as a sentence; an ApiError says itself in the interface's
 * language at the moment it is read, so a view keeps the error and calls
 * this where it shows it.
 */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
