// Saving and deleting a note, each followed by an offer to undo it. The
// margin beside a passage and the notes view do both the same way; only
// what they reload afterwards differs (`reload`).
import * as api from "../api";
import type { DisplayScript } from "../bindings/DisplayScript";
import type { NoteColour } from "../bindings/NoteColour";
import type { NoteView } from "../bindings/NoteView";
import type { UndoToast } from "../shell/undo.svelte";
import { t } from "../i18n/i18n.svelte";

type Reload = () => unknown;

/** Saves a new body, tags and colour; Undo restores the previous version.
 * Returns the note as saved. */
export async function saveNote(
  toast: UndoToast,
  n: NoteView,
  body: string,
  tags: string[],
  script: DisplayScript,
  reload: Reload,
  colour: NoteColour = n.note.colour,
): Promise<NoteView> {
  const saved = await api.updateNote(n.note.id, { body, tags, colour }, script);
  await reload();
  toast.show(() => t("notes.edits.saved"), async () => {
    await api.undoNoteEdit(n.note.id, script);
    await reload();
  });
  return saved;
}

/** Deletes a note; Undo brings it back. */
export async function deleteNote(toast: UndoToast, n: NoteView, script: DisplayScript, reload: Reload): Promise<void> {
  await api.deleteNote(n.note.id);
  await reload();
  toast.show(() => t("notes.edits.deleted"), async () => {
    await api.undeleteNote(n.note.id, script);
    await reload();
  });
}
