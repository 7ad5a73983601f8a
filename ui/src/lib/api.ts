// The one door to the backend. Every call to Rust goes through this module;
// no other file imports `@tauri-apps/*`. The types come from the Rust side
// (ts-rs, `src/lib/bindings/`, regenerated with `make bindings`).
//
// Adding a command: a function here, named like the Rust command, with its
// argument object spelled as the Rust parameters in camelCase.

import { invoke, isTauri } from "@tauri-apps/api/core";
import { listen } from "@tauri-apps/api/event";

import type { DisplayScript } from "./bindings/DisplayScript";
import type { ErrorKind } from "./bindings/ErrorKind";
import type { ErrorPayload } from "./bindings/ErrorPayload";
import type { ErrorItem } from "./bindings/ErrorItem";
import type { LibraryView } from "./bindings/LibraryView";
import type { PassageView } from "./bindings/PassageView";
import type { Location } from "./bindings/Location";
import type { Settings } from "./bindings/Settings";
import type { SourceView } from "./bindings/SourceView";
import type { AlignedView } from "./bindings/AlignedView";
import type { CardView } from "./bindings/CardView";
import type { CardsView } from "./bindings/CardsView";
import type { IndexStatus } from "./bindings/IndexStatus";
import type { HitListView } from "./bindings/HitListView";
import type { SearchQuery } from "./bindings/SearchQuery";
import type { SearchView } from "./bindings/SearchView";
import { errorText } from "./i18n/errors";
import { locale } from "./i18n/i18n.svelte";

export type { DisplayScript, LibraryView, PassageView, Settings, SourceView };
export type { AlignedView, CardView, CardsView, IndexStatus, SearchQuery, SearchView };

/**
 * A failed command: `kind` to branch on, `message` to show as it is. The
 * message is the backend's `code` with its `params` in the interface's
 * language, written when it is read (so it follows a change of language),
 * or the backend's English sentence, `english`, for a code the UI does not know.
 */
export class ApiError extends Error {
  readonly kind: ErrorKind | "transport";
  readonly command: string;
  /** For a `query` error: the characters `[start, end)` of the query at fault. */
  readonly span: [number, number] | null;
  /** The stable id of the sentence (`errors.<code>`), if the backend sent one. */
  readonly code: string | null;
  readonly params: Record<string, string>;
  /** The parts of an error about several things (each file an import refused), each with its code. */
  readonly items: readonly ErrorItem[];
  /** The backend's own sentence, in English. */
  readonly english: string;
  constructor(
    command: string,
    kind: ErrorKind | "transport",
    message: string,
    span?: [number, number] | null,
    code?: string | null,
    params?: Record<string, string>,
    items?: readonly ErrorItem[],
  ) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.command = command;
    this.span = span ?? null;
    this.code = code ?? null;
    this.params = params ?? {};
    this.items = items ?? [];
    this.english = message;
    Object.defineProperty(this, "message", {
      get: () => errorText(this.code, this.params, this.english, this.items),
      configurable: true,
      enumerable: false,
    });
  }
}

/** How a command reaches the backend; tests replace it with `setTransport`. */
export type Transport = (command: string, args: Record<string, unknown>) => Promise<unknown>;

const tauriTransport: Transport = (command, args) => {
  if (!isTauri()) {
    return Promise.reject(
      new ApiError(command, "transport", "Not running inside the Sheli app: the texts are unavailable."),
    );
  }
  return invoke(command, args);
};

let transport: Transport = tauriTransport;

/** Replaces the transport (tests); `null` restores the real one. */
export function setTransport(t: Transport | null): void {
  transport = t ?? tauriTransport;
  sourcesAnswer = null;
}

function isPayload(e: unknown): e is ErrorPayload {
  return typeof e === "object" && e !== null && "kind" in e && "message" in e;
}

/** Turns whatever a failed call threw into an `ApiError`. */
export function toApiError(command: string, e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (isPayload(e)) {
    const span = Array.isArray(e.span) ? e.span : null;
    const code = typeof e.code === "string" ? e.code : null;
    const params = typeof e.params === "object" && e.params !== null ? e.params : {};
    const items = Array.isArray(e.items) ? e.items : [];
    return new ApiError(command, e.kind, String(e.message), span, code, params as Record<string, string>, items);
  }
  // Tauri rejects with a plain string when the arguments do not deserialize.
  const message = typeof e === "string" ? e : e instanceof Error ? e.message : String(e);
  return new ApiError(command, "transport", message);
}

// The first calls of a start are marked for the start-up trace that
// `make bench` prints (shell/startup.ts sends the marks with `ui_ready`):
// which calls the first view waits for, and in what order.
const TRACED_CALLS = 24;
let tracedCalls = 0;
function traceMark(name: string): void {
  if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(name);
}

async function call<T>(command: string, args: Record<string, unknown> = {}): Promise<T> {
  const n = tracedCalls < TRACED_CALLS ? ++tracedCalls : 0;
  if (n) traceMark(`ipc${n}:${command}:sent`);
  try {
    return (await transport(command, args)) as T;
  } catch (e) {
    throw toApiError(command, e);
  } finally {
    if (n) traceMark(`ipc${n}:${command}:back`);
  }
}

// The list of sources changes only when texts are imported: asked once and
// shared (the start asks for it before the app mounts, and the reader, the
// parallel column and the texts' scripts all want it), asked again after an
// import, a failure or a new transport.
let sourcesAnswer: Promise<SourceView[]> | null = null;

/**
 * The sources as the backend wrote them into the page at the start
 * (`__SHELI_START__`, shell/startup.ts): taken as the answer to the first
 * `sources()`, so that the first view needs no round trip for them.
 */
export function seedSources(list: SourceView[]): void {
  if (!sourcesAnswer) sourcesAnswer = Promise.resolve(list);
}

/** Every source with its edition, script and segment counts per layer. */
export function sources(): Promise<SourceView[]> {
  if (!sourcesAnswer) {
    const answer = call<SourceView[]>("sources");
    sourcesAnswer = answer;
    answer.catch(() => {
      if (sourcesAnswer === answer) sourcesAnswer = null;
    });
  }
  return sourcesAnswer;
}

/** Works → editions → sections → passages, in `script` (default: the setting). */
export function library(script?: DisplayScript): Promise<LibraryView> {
  return call("library", { script: script ?? null });
}

import type { EditionEntry } from "./bindings/EditionEntry";
import type { ContentsHeadingView } from "./bindings/ContentsHeadingView";

/**
 * One edition with its sections and passages, in `script`: reads a user's
 * text the library lists unread (`sections` null there).
 */
export function edition(source: string, script?: DisplayScript): Promise<EditionEntry> {
  return call("edition", { source, script: script ?? null });
}

/** An edition's passages under section headings (corpus::headings), every passage under one. */
export function contents(source: string, script?: DisplayScript): Promise<ContentsHeadingView[]> {
  return call("contents", { source, script: script ?? null });
}

/** One passage with all its segments, converted to `script`. */
/** The passage and line a reader's words name: a passage id, a citation as Sheli writes it, or a source and line. */
export function locate(place: string): Promise<Location> {
  return call("locate", { place });
}

export function passage(id: string, script?: DisplayScript): Promise<PassageView> {
  return call("passage", { id, script: script ?? null });
}

/** Up to `count` passages of `source` from ordinal `start` (1-based) on. */
export function passages(
  source: string,
  start: number,
  count: number,
  script?: DisplayScript,
): Promise<PassageView[]> {
  return call("passages", { source, start, count, script: script ?? null });
}

export function getSettings(): Promise<Settings> {
  return call("get_settings");
}

/** Saves the settings; resolves to them as stored (validated, normalised). */
export function setSettings(settings: Settings): Promise<Settings> {
  return call("set_settings", { settings });
}

// ── search, the parallel column, glossary cards (reading_commands.rs) ──────

/** Counts by work and layer and a page of KWIC results; a malformed query
 * fails with kind `query` and a `span`, a missing index with `index_building`. */
export function search(request: SearchQuery, script?: DisplayScript): Promise<SearchView> {
  return call("search", { request, script: script ?? null });
}

/**
 * Saves every result of a search (not only the page shown), in the
 * request's order and with its filters, as a TSV or CSV table with citation
 * columns in the exports folder; says where. A malformed query fails as
 * `search` does, and nothing is written. `columns` names the header's 11
 * cells (the window's CSV, in the interface's language); without them the
 * English names scripts rely on. A CSV starts with a UTF-8 byte order mark.
 */
export function saveSearchExport(request: SearchQuery, format: "tsv" | "csv", columns?: Record<string, string>): Promise<SavedExport> {
  return call("save_search_export", { request, format, columns: columns ?? null });
}

/**
 * A page of the list of every segment `request` matches (its query, filters,
 * exact mode and order), from `offset`, up to 1000, with the total: what the
 * reader steps through from hit to hit, a page at a time.
 */
export function searchHits(request: SearchQuery, offset: number): Promise<HitListView> {
  return call("search_hits", { request, offset });
}

/** Where the search index is: building (with progress), ready or failed. */
export function indexStatus(): Promise<IndexStatus> {
  return call("index_status");
}

/** Calls `handler` with every `index-status` event (progress of the first
 * build); resolves to a function that stops listening. Outside the app
 * (tests, a plain browser) there are no events. */
export async function onIndexStatus(handler: (s: IndexStatus) => void): Promise<() => void> {
  if (!isTauri()) return () => {};
  return listen<IndexStatus>("index-status", (e) => handler(e.payload));
}

/** Passages aligned with `passageId`: other editions, parallels, translation lines. */
export function aligned(passageId: string, script?: DisplayScript): Promise<AlignedView[]> {
  return call("aligned", { passageId, script: script ?? null });
}

/** Every built-in glossary card (summaries), with the fold for headword matching. */
export function cards(): Promise<CardsView> {
  return call("cards");
}

/** One card, every citation resolved to its passage, Chinese in `script`. */
export function card(id: string, script?: DisplayScript): Promise<CardView> {
  return call("card", { id, script: script ?? null });
}

/** The SVG text of a built-in drawing (`hou.svg`). */
export function picture(name: string): Promise<string> {
  return call("picture", { name });
}

/** Version, licences, and the origin of every text and data table (about_commands.rs). */
export function about(): Promise<AboutView> {
  return call("about");
}

// ── every character explained (char_commands.rs) ───────────────────────────

import type { AboutView } from "./bindings/AboutView";
import type { CharEntry } from "./bindings/CharEntry";

export type { CharEntry };

/**
 * What Sheli knows of one character: its 廣韻 readings, 陸德明's 釋文
 * readings with their passages, Unihan's readings, definition, forms,
 * radical and strokes, its occurrences in the library with a few KWIC
 * lines, and the cards that contain it. A simplified or variant form comes
 * back with `headword`, the form the texts use.
 */
export function describeChar(char: string): Promise<CharEntry> {
  return call("describe_char", { char });
}

/** A new card for a selection, prefilled: reading(s), 反切, a short
 * definition and the sentence with its citation. Nothing is saved. */
export function draftCard(selection: TextSelection): Promise<NewCard> {
  // The window's language: a term's definition in it first (store/src/card_draft.rs).
  return call("draft_card", { selection, locale: locale() });
}

/** Tells the backend the first view is interactive (the start-up probe of `make bench`). */
export function uiReady(pageMs: number, marks?: [string, number][]): Promise<void> {
  return call("ui_ready", marks === undefined ? { pageMs } : { pageMs, marks });
}

// ── the user store: personal glossaries, review, notes (store_commands.rs) ──
// Ids are the store's row ids; text positions are code points of the
// displayed segment (see spans.ts). Exports come back as text for the UI to
// save; imports take a file's text.

import type { BuiltinCardHit } from "./bindings/BuiltinCardHit";
import type { CardEdit } from "./bindings/CardEdit";
import type { Glossary } from "./bindings/Glossary";
import type { GlossaryImport } from "./bindings/GlossaryImport";
import type { Grade } from "./bindings/Grade";
import type { NewCard } from "./bindings/NewCard";
import type { NoteColour } from "./bindings/NoteColour";
import type { NoteEdit } from "./bindings/NoteEdit";
import type { NoteFacets } from "./bindings/NoteFacets";
import type { NoteFilter } from "./bindings/NoteFilter";
import type { NoteView } from "./bindings/NoteView";
import type { NotePage } from "./bindings/NotePage";
import type { NoteDraft } from "./bindings/NoteDraft";
import type { DraftView } from "./bindings/DraftView";
import type { NotesImport } from "./bindings/NotesImport";
import type { ReviewLogEntry } from "./bindings/ReviewLogEntry";
import type { ReviewStep } from "./bindings/ReviewStep";
import type { SavedExport } from "./bindings/SavedExport";
import type { ImportedTextView } from "./bindings/ImportedTextView";
import type { TextFile } from "./bindings/TextFile";
import type { TextSelection } from "./bindings/TextSelection";
import type { UserCard } from "./bindings/UserCard";
import type { CardPage } from "./bindings/CardPage";

export type {
  BuiltinCardHit,
  CardEdit,
  SavedExport,
  Glossary,
  GlossaryImport,
  Grade,
  NewCard,
  NoteColour,
  NoteEdit,
  NoteFacets,
  NoteFilter,
  NoteView,
  NotesImport,
  ReviewLogEntry,
  ReviewStep,
  TextSelection,
  UserCard,
};

export function myGlossaries(): Promise<Glossary[]> {
  return call("my_glossaries");
}

/**
 * The glossary a form chose (`chosen` is its id as the select's value), or,
 * when none was, a new one named `newName`.
 */
export async function chosenOrNewGlossary(glossaries: Glossary[], chosen: string, newName: string): Promise<Glossary> {
  return glossaries.find((g) => String(g.id) === chosen) ?? (await createGlossary(newName.trim()));
}

export function createGlossary(name: string, description = ""): Promise<Glossary> {
  return call("create_glossary", { name, description });
}

export function renameGlossary(id: number, name: string): Promise<Glossary> {
  return call("rename_glossary", { id, name });
}

export function describeGlossary(id: number, description: string): Promise<Glossary> {
  return call("describe_glossary", { id, description });
}

/** Deletes a glossary with its cards and their review history. */
export function deleteGlossary(id: number): Promise<void> {
  return call("delete_glossary", { id });
}

/** At most `limit` of a glossary's cards (with `query`, those matching it, folded like text search), from the `offset`th on, and how many in all. */
export function listCardsPage(glossaryId: number, query: string, offset: number, limit: number): Promise<CardPage> {
  return call("list_cards_page", { glossaryId, query, offset, limit });
}

export function addBuiltinCard(glossaryId: number, builtinId: string): Promise<UserCard> {
  return call("add_builtin_card", { glossaryId, builtinId });
}

export function addNewCard(glossaryId: number, card: NewCard): Promise<UserCard> {
  return call("add_new_card", { glossaryId, card });
}

/** A card whose headword is the selected text, its passage linked. */
export function addCardFromSelection(glossaryId: number, selection: TextSelection): Promise<UserCard> {
  return call("add_card_from_selection", { glossaryId, selection, locale: locale() });
}

export function updateCard(id: number, edit: CardEdit): Promise<UserCard> {
  return call("update_card", { id, edit });
}

export function removeCard(id: number): Promise<void> {
  return call("remove_card", { id });
}

/** Built-in glossary cards matching `query` (forms, pinyin, definitions; folded). */
export function findBuiltinCards(query = ""): Promise<BuiltinCardHit[]> {
  return call("find_builtin_cards", { query });
}

/**
 * Adds the user's own texts (all or nothing); the search index is rebuilt
 * afterwards, its progress reported through onIndexStatus.
 */
export function importTexts(files: TextFile[], work?: string): Promise<ImportedTextView[]> {
  sourcesAnswer = null;
  return call<ImportedTextView[]>("import_texts", { files, work: work?.trim() || null }).finally(() => {
    sourcesAnswer = null;
  });
}

/**
 * Whether another Sheli (an import or restore from the command line, another
 * window) changed the library since the app read it; when it did, the app
 * has read the texts again and reopens the index (progress through
 * onIndexStatus), and the list of sources is asked for anew.
 */
export async function libraryChanged(): Promise<boolean> {
  const changed = await call<boolean>("library_changed");
  if (changed) sourcesAnswer = null;
  return changed;
}

/**
 * Saves a glossary's export (Anki TSV, an Anki package with the drawings, or
 * JSON) in the Downloads folder; says where.
 */
export function saveGlossaryExport(id: number, format: "tsv" | "apkg" | "json"): Promise<SavedExport> {
  return call("save_glossary_export", { id, format });
}

/** Imports a TSV (Anki) or JSON glossary file as a new glossary. */
export function importGlossary(text: string, format: "tsv" | "json" | "auto" = "auto", name?: string): Promise<GlossaryImport> {
  return call("import_glossary", { text, format, name: name ?? null });
}

/** The due count of a glossary and the next card to review. */
export function reviewNext(glossaryId: number): Promise<ReviewStep> {
  return call("review_next", { glossaryId });
}

/** Grades a card now; resolves to the next step (with what the grade did). */
export function reviewGrade(glossaryId: number, cardId: number, grade: Grade): Promise<ReviewStep> {
  return call("review_grade", { glossaryId, cardId, grade });
}

export function reviewHistory(glossaryId: number, limit = 10): Promise<ReviewLogEntry[]> {
  return call("review_history", { glossaryId, limit });
}

export function addNote(
  selection: TextSelection,
  body: string,
  tags: string[] = [],
  colour: NoteColour | null = null,
): Promise<NoteView> {
  return call("add_note", { selection, body, tags, colour });
}

/** Note `id` is also on this selection (another passage, for a note comparing two). */
export function addNoteAnchor(id: number, selection: TextSelection): Promise<NoteView> {
  return call("add_note_anchor", { id, selection });
}

/** Takes anchor `index` (0: the first) off note `id`; the others move up. */
export function removeNoteAnchor(id: number, index: number, script?: DisplayScript): Promise<NoteView> {
  return call("remove_note_anchor", { id, index, script: script ?? null });
}

/** At most `limit` of the notes `filter` finds, from the `offset`th on, and how many it finds in all. */
export function listNotesPage(
  filter: Partial<NoteFilter>,
  offset: number,
  limit: number,
  script?: DisplayScript,
): Promise<NotePage> {
  return call("list_notes_page", { filter: { deleted: false, ...filter }, offset, limit, script: script ?? null });
}

/** Keeps what note editor `key` holds (`note:<id>`, or `new:<passage>:…`), so a crash loses at most a second. */
export function saveNoteDraft(key: string, body: string, tags: string, colour: string): Promise<void> {
  return call("save_note_draft", { key, body, tags, colour });
}

/** The draft note editor `key` left, if any. */
export function noteDraft(key: string): Promise<NoteDraft | null> {
  return call("note_draft", { key });
}

/** The drafts of edits left behind (a crash, a window closed mid-edit), the latest first, each with its note. */
export function noteDrafts(script?: DisplayScript): Promise<DraftView[]> {
  return call("note_drafts", { script: script ?? null });
}

/** Moves when another Sheli (or the CLI) wrote to the store; not for this window's own writes. */
export function storeStamp(): Promise<number> {
  return call("store_stamp");
}

/** Forgets note editor `key`'s draft (saved or cancelled). */
export function clearNoteDraft(key: string): Promise<void> {
  return call("clear_note_draft", { key });
}

/** The notes of these passages, with their spans in the displayed segments. */
export function passageNotes(passageIds: string[], script?: DisplayScript): Promise<NoteView[]> {
  return call("passage_notes", { passageIds, script: script ?? null });
}

export function updateNote(id: number, edit: NoteEdit, script?: DisplayScript): Promise<NoteView> {
  return call("update_note", { id, edit, script: script ?? null });
}

export function undoNoteEdit(id: number, script?: DisplayScript): Promise<NoteView> {
  return call("undo_note_edit", { id, script: script ?? null });
}

export function deleteNote(id: number): Promise<void> {
  return call("delete_note", { id });
}

export function undeleteNote(id: number, script?: DisplayScript): Promise<NoteView> {
  return call("undelete_note", { id, script: script ?? null });
}

export function noteFacets(): Promise<NoteFacets> {
  return call("note_facets");
}

/** Saves the notes (Markdown or W3C Web Annotation JSON) in the Downloads folder; says where. */
export function saveNotesExport(format: "markdown" | "json", filter: Partial<NoteFilter> = {}): Promise<SavedExport> {
  return call("save_notes_export", { format, filter: { deleted: false, ...filter } });
}

/** Imports W3C Web Annotation JSON (notes already there are skipped). */
export function importNotes(text: string): Promise<NotesImport> {
  return call("import_notes", { text });
}

/** A note's Markdown as safe HTML (for the preview while writing). */
export function renderMarkdown(text: string): Promise<string> {
  return call("render_markdown", { text });
}

// ── the living 儀禮圖: who stands where (stage_commands.rs) ─────────────────

import type { ItineraryStop } from "./bindings/ItineraryStop";
import type { Plan } from "./bindings/Plan";
import type { StageView } from "./bindings/StageView";

export type { ItineraryStop, Plan, StageView };

/**
 * The figures on the ground after a passage (a passage of another edition
 * shows the step aligned with it); a passage with no step fails with kind
 * `corpus`, its message saying so.
 */
export function stageAt(passage: string): Promise<StageView> {
  return call("stage_at", { passage });
}

/** A work's ground (鄉射禮, 燕禮, 大射儀): places, outlines and landmarks, in 丈. */
export function stagePlan(work: string): Promise<Plan> {
  return call("stage_plan", { work });
}

/** Every move of one figure, in reading order, in one work or all. */
export function stageItinerary(actor: string, work?: string): Promise<ItineraryStop[]> {
  return call("stage_itinerary", { actor, work: work ?? null });
}

// ── Citations, reading aids and the study sheet (cite_commands.rs) ──────────

import type { PassageAids } from "./bindings/PassageAids";
export type { PassageAids };

/** The standard citation of a selection (corpus::locate): work, edition, layer, passage, line. */
export function cite(selection: TextSelection): Promise<string> {
  return call("cite", { selection });
}

/** For each passage: its citation, why it has no translation line, its source's known faults marked. */
export function passageAids(passageIds: string[], script?: DisplayScript): Promise<PassageAids[]> {
  return call("passage_aids", { passageIds, script: script ?? null });
}

/**
 * The system's print dialog for the page (GTK's, through the backend: the
 * page's own `window.print()` opens nothing in the window on Linux).
 */
export function printPage(): Promise<void> {
  return call("print_page");
}

/** A study sheet (a whole HTML document) of passages `first`..`last`, saved in the exports folder. */
export function saveStudySheet(html: string, first: string, last: string): Promise<SavedExport> {
  return call("save_study_sheet", { html, first, last });
}
