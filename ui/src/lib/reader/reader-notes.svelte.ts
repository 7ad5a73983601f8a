// The notes of the passages the reader shows: loaded per window of passages
// in the display script, as marks for the text and cards for the margin. A
// note on several passages comes once per passage, placed by its anchor
// there (`NoteView.passage`).

import * as api from "../api";
import type { DisplayScript } from "../bindings/DisplayScript";
import type { NoteView } from "../bindings/NoteView";
import { messageOf } from "../common/format";
import type { Mark } from "../common/spans";
import type { Said } from "../i18n/i18n.svelte";

/** Most passages asked for at once (the backend's page size). */
const BATCH = 200;

/** The note last opened in the reader's margin (focused, edited or
 * pointed at): "Add to note…" on a new selection offers it first. */
export const openNote: { id: number | null; view?: NoteView | null } = $state({ id: null, view: null });

/** Where a new note's editor was (its words in a segment), as its draft's
 * key (`new:<passage>:<segment>:<start>:<end>`) names it. */
export interface NewNotePlace {
  passageId: string;
  segment: number;
  start: number;
  end: number;
}

/** The place of a new note's draft key, or null for an edit's key. */
export function newNotePlace(key: string): NewNotePlace | null {
  const m = /^new:(.+):(\d+):(\d+):(\d+)$/.exec(key);
  if (!m) return null;
  const [segment, start, end] = [m[2], m[3], m[4]].map(Number);
  return end > start ? { passageId: m[1], segment, start, end } : null;
}

/** A new note's draft opened from the Notes view: the reader chooses its
 * words again and opens the note's editor on them (where the draft is
 * offered), once the passage is shown. */
export const resumeNewNote: { at: NewNotePlace | null } = $state({ at: null });

export class ReaderNotes {
  byPassage: Record<string, NoteView[]> = $state({});
  error: Said | null = $state(null);
  /** The note whose mark or margin card is pointed at. */
  active: number | null = $state(null);
  #generation = 0;

  /** Loads the notes of `ids` (replacing what was known of them). */
  async load(ids: readonly string[], script: DisplayScript): Promise<void> {
    const gen = ++this.#generation;
    try {
      const found: NoteView[] = [];
      for (let i = 0; i < ids.length; i += BATCH) {
        found.push(...(await api.passageNotes(ids.slice(i, i + BATCH), script)));
      }
      if (gen !== this.#generation) return;
      const next: Record<string, NoteView[]> = {};
      for (const id of ids) next[id] = [];
      for (const n of found) (next[n.passage ?? n.note.passage_id] ??= []).push(n);
      this.byPassage = next;
      this.error = null;
    } catch (e) {
      if (gen === this.#generation) this.error = () => messageOf(e);
    }
  }

  notes(passageId: string): NoteView[] {
    return this.byPassage[passageId] ?? [];
  }

  /** The note marks of one segment of a passage. */
  marks(passageId: string, segment: number): Mark[] {
    return this.notes(passageId)
      .filter((n) => n.span && n.span.segment === segment)
      .map((n) => ({ start: n.span!.start, end: n.span!.end, kind: "note", id: n.note.id, colour: n.note.colour }));
  }
}
