// The study views' places in the location hash: `#/glossaries`,
// `#/glossaries/<id>`, `#/review`, `#/review/<id>` (a glossary's id),
// `#/notes`. Part of the router's routes (router.svelte.ts).

export type StudyRoute =
  | { view: "glossaries"; id: number | null }
  | { view: "review"; id: number | null }
  | { view: "notes" };

export function parseStudyHash(hash: string): StudyRoute | null {
  const m = /^#\/(glossaries|review)(?:\/([1-9]\d{0,15}))?$/.exec(hash);
  if (m) return { view: m[1] as "glossaries" | "review", id: m[2] ? Number(m[2]) : null };
  if (hash === "#/notes") return { view: "notes" };
  return null;
}

export function studyHash(r: StudyRoute): string {
  if (r.view === "notes") return "#/notes";
  return r.id === null ? `#/${r.view}` : `#/${r.view}/${r.id}`;
}
