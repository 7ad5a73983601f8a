// How the query was read, said beside the results. Each note comes with its
// code and the values of its slots (`QueryNoteView`: index/src/query/parser.rs
// gives them, the CLI prints the English sentence) and is said as an error
// is, by `errors.query.note.<…>` in the interface's language; a note of a
// code this window does not know is shown as it came, never dropped.

import type { QueryNoteView } from "../bindings/QueryNoteView";
import { errorText } from "../i18n/errors";

/** A note of the backend's in the interface's language. */
export function noteText(note: QueryNoteView): string {
  return errorText(note.code, note.params, note.message);
}
