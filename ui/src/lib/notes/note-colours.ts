// A note's colour: one of a small named palette (the backend's NoteColour).
// The window always shows the name beside the colour — in the chip's text,
// in the colour picker's labels, in the filter — so that colour is never the
// only sign and a screen reader reads the name. The colours themselves, for
// both themes, are in note-colours.css.
import type { NoteColour } from "../bindings/NoteColour";
import { t } from "../i18n/i18n.svelte";

/** The palette, in the backend's order. */
export const NOTE_COLOURS: readonly NoteColour[] = ["yellow", "green", "blue", "pink", "purple"];

/** The name shown for a colour, in the interface's language ("Yellow", "黃"). */
export function colourName(c: NoteColour): string {
  return t(`notes.colour.${c}`);
}

/** Whether `s` is a colour of the palette. */
export function isNoteColour(s: string): s is NoteColour {
  return (NOTE_COLOURS as readonly string[]).includes(s);
}
