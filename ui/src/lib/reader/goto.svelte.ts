// What the Go-to box reads on this side before the backend is asked, and
// the note it leaves for the passage it opened.
//
// The backend's `locate` (corpus/src/locate.rs, with corpus/src/place.rs)
// is the one parser of places; this module only spells a passage id the
// way the backend does — full-width folded, lower case, the ordinal padded
// to four digits as the reader shows "250" — so a typed id can be asked for
// early (opening.ts) in every spelling `locate` accepts.

import type { PlaceNote } from "../bindings/PlaceNote";
import { parsePassageId, type PassageRef } from "../common/ids";
import { foldWidth } from "../common/width";


/** The passage id `text` spells, in its canonical form, or null if it is not one id alone. */
export function passageIdOf(text: string): { id: string; ref: PassageRef } | null {
  const m = /^(.+)\.(\d+)$/.exec(foldWidth(text).trim().toLowerCase());
  if (!m) return null;
  const n = Number(m[2]);
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const id = `${m[1]}.${m[2].length >= 4 ? m[2] : String(n).padStart(4, "0")}`;
  const ref = parsePassageId(id);
  return ref ? { id, ref } : null;
}

/**
 * The note of the last Go-to, for the passage it opened: the reader is
 * made anew for that passage (App.svelte keys it by id), so the note is
 * kept here for the new Go-to box to say. Cleared by the next Go-to.
 */
export const arrival: { passage: string; note: PlaceNote | null } = $state({ passage: "", note: null });
