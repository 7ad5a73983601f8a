// Sample user-store data in the shapes of the generated bindings.
import type { DueSummary } from "../lib/bindings/DueSummary";
import type { Glossary } from "../lib/bindings/Glossary";
import type { NoteView } from "../lib/bindings/NoteView";
import type { ReviewCard } from "../lib/bindings/ReviewCard";
import type { UserCard } from "../lib/bindings/UserCard";

export function sampleGlossary(over: Partial<Glossary> = {}): Glossary {
  return { id: 1, name: "射器", description: "", cards: 2, created: 1_700_000_000, modified: 1_700_000_000, ...over };
}

export function sampleCard(over: Partial<UserCard> = {}): UserCard {
  return {
    id: 1,
    glossary_id: 1,
    builtin_id: "bi",
    headword: "楅",
    reading: "bī",
    definition: "The arrow rest.",
    tags: [],
    passages: [],
    position: 0,
    created: 1_700_000_000,
    modified: 1_700_000_000,
    ...over,
  };
}

export function sampleReviewCard(card: UserCard = sampleCard()): ReviewCard {
  return {
    card,
    front: card.headword,
    back: `${card.reading}\n${card.definition}`,
    is_new: true,
    due: card.created,
    reps: 0,
    lapses: 0,
    intervals: [600, 86_400, 3 * 86_400, 8 * 86_400],
  };
}

export function sampleSummary(over: Partial<DueSummary> = {}): DueSummary {
  return { glossary_id: 1, due: 2, new: 2, total: 2, next_due: null, ...over };
}

export function sampleNote(over: Partial<NoteView["note"]> = {}, view: Partial<NoteView> = {}): NoteView {
  const note = {
    id: 1,
    uuid: "7b0f1c9e-7d0a-4c61-9f67-3a3d2f1b9d11",
    passage_id: "xiangshe.zhushu.0001",
    source_id: "xiangshe.zhushu",
    work: "鄉射禮",
    layer: "注" as const,
    exact: "州長",
    prefix: "主人,",
    suffix: "也。",
    start: 13,
    end: 15,
    body: "*the* officer",
    tags: ["office"],
    colour: "yellow" as const,
    orphaned: false,
    more_anchors: [],
    created: 1_700_000_000,
    modified: 1_700_000_000,
    deleted: null,
    ...over,
  };
  return {
    note,
    html: "<p><em>the</em> officer</p>\n",
    quote: note.exact,
    span: { segment: 1, layer: "注", start: 3, end: 5 },
    passage: null,
    anchor: 0,
    more_quotes: [],
    ...view,
  };
}
