// Small formatting helpers of the study views.

/** A delay in seconds as a reader says it: 10 min, 5 h, 3 d, 2 mo, 1.5 y. */
export function formatInterval(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const min = 60;
  const hour = 60 * min;
  const day = 24 * hour;
  if (s < hour) return `${Math.max(1, Math.round(s / min))} min`;
  if (s < day) return `${Math.round(s / hour)} h`;
  if (s < 30 * day) return `${Math.round(s / day)} d`;
  if (s < 365 * day) return `${Math.round(s / (30 * day))} mo`;
  const years = s / (365 * day);
  return `${years < 10 ? Math.round(years * 10) / 10 : Math.round(years)} y`;
}

/** A count with thousands separators: 1,234. */
export function formatCount(n: number): string {
  return n.toLocaleString("en");
}

/** A Unix time (seconds) as a local date and time, `2025-06-01 14:05`. */
export function formatTime(unix: number): string {
  const d = new Date(unix * 1000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Tags typed as words separated by spaces or commas. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[\s,，、]+/).filter((t) => t.length > 0))];
}

/** Passage ids typed separated by spaces, commas or lines. */
export function parsePassageIds(text: string): string[] {
  return [...new Set(text.split(/[\s,，、]+/).filter((t) => t.length > 0))];
}

/** An error as a sentence. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
