// Passage ids are `<source id>.<ordinal, 4 digits>` (corpus/src/model.rs).

export interface PassageRef {
  source: string;
  ordinal: number;
}

export function parsePassageId(id: string): PassageRef | null {
  const m = /^([a-z0-9_-]+(?:\.[a-z0-9_-]+)*)\.(\d{4,})$/.exec(id);
  if (!m) return null;
  const ordinal = Number(m[2]);
  return ordinal >= 1 ? { source: m[1], ordinal } : null;
}
