// Character entries, fetched once per character and kept while the app runs
// (a few hundred at most). A character whose cards change is forgotten.

import * as api from "../api";
import type { CharEntry } from "../bindings/CharEntry";

const LIMIT = 300;
const entries = new Map<string, Promise<CharEntry>>();

export function entryOf(char: string): Promise<CharEntry> {
  let p = entries.get(char);
  if (!p) {
    p = api.describeChar(char);
    entries.set(char, p);
    p.catch(() => entries.delete(char));
    if (entries.size > LIMIT) entries.delete(entries.keys().next().value!);
  }
  return p;
}

/** Forgets what was fetched for these characters (all, without arguments). */
export function forgetEntries(...chars: string[]): void {
  if (!chars.length) entries.clear();
  for (const c of chars) entries.delete(c);
}
