// TEMPORARY: the shapes of the `describe_char` reply (issue 9), written by
// hand until the Rust side generates them with ts-rs into ./bindings/.
// Once `bindings/CharEntry.ts` exists, imports switch to it and this file goes.
import type { Layer } from "./bindings/Layer";

export type Relation = "traditional" | "simplified" | "semantic" | "z-variant" | "specialized-semantic" | "fold";
export type Form = { char: string; relation: Relation };
export type Radical = { number: number; radical: string; residual_strokes: number };
export type Fanqie = {
  fanqie: string;
  rhyme: string;
  tone: string;
  position: string;
  gloss: string;
  xiaoyun: number;
  source: string;
};
export type ShiwenReading = {
  passage: string;
  source: string;
  line: number;
  character: string;
  reading: string;
  text: string;
};
export type DefinitionEntry = { text: string; source: string };
export type Count = { key: string; label: string; count: number };
export type Occurrences = { total: number; segments: number; by_work: Count[]; by_source: Count[]; by_layer: Count[] };
export type KwicLine = {
  id: string;
  passage: string;
  source: string;
  work: string;
  layer: Layer;
  line: number;
  snippet: string;
  highlights: [number, number][];
};
export type CardMention = {
  builtin_id: string | null;
  glossary_id: number | null;
  glossary: string | null;
  card_id: number | null;
  headword: string;
};
export type CharEntry = {
  char: string;
  headword: string;
  relation: Relation | null;
  forms: Form[];
  mandarin: string[];
  hanyu_readings: string[];
  tang: string[];
  fanqie: Fanqie[];
  shiwen: ShiwenReading[];
  definitions: DefinitionEntry[];
  radical: Radical | null;
  strokes: number | null;
  occurrences: Occurrences;
  kwic: KwicLine[];
  cards: CardMention[];
  notes: string[];
};
