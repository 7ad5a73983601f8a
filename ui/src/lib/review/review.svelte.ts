// The state of a review session: the due count, the card shown (front, then
// back after "Show answer"), grading, and the short history. The view
// (ReviewView.svelte) only renders this.

import * as api from "../api";
import type { Grade } from "../bindings/Grade";
import type { ReviewCard } from "../bindings/ReviewCard";
import type { ReviewLogEntry } from "../bindings/ReviewLogEntry";
import type { ReviewOutcome } from "../bindings/ReviewOutcome";
import type { DueSummary } from "../bindings/DueSummary";
import { messageOf } from "../common/format";
import { t } from "../i18n/i18n.svelte";
import type { Said } from "../i18n/i18n.svelte";

export type Phase = "idle" | "loading" | "front" | "back" | "done" | "error";

/** The grades in order, each with its key (the labels follow the interface's language: `gradeLabel`). */
export const GRADES: readonly { grade: Grade; key: string }[] = [
  { grade: "again", key: "1" },
  { grade: "hard", key: "2" },
  { grade: "good", key: "3" },
  { grade: "easy", key: "4" },
];

/** A grade's name as the interface says it (Good, 良好). */
export function gradeLabel(grade: Grade): string {
  return t(`review.grades.${grade}`);
}

export const HISTORY = 10;

export class ReviewFlow {
  glossaryId: number | null = $state(null);
  phase: Phase = $state("idle");
  summary: DueSummary | null = $state(null);
  card: ReviewCard | null = $state(null);
  last: ReviewOutcome | null = $state(null);
  history: ReviewLogEntry[] = $state([]);
  error: Said | null = $state(null);
  /** Cards graded in this session. */
  reviewed = $state(0);
  #busy = false;

  /** Starts (or restarts) reviewing a glossary. */
  async start(glossaryId: number): Promise<void> {
    this.glossaryId = glossaryId;
    this.phase = "loading";
    this.card = null;
    this.last = null;
    this.reviewed = 0;
    this.error = null;
    try {
      const step = await api.reviewNext(glossaryId);
      if (this.glossaryId !== glossaryId) return;
      this.#apply(step.summary, step.card);
      await this.loadHistory();
    } catch (e) {
      this.#fail(e);
    }
  }

  /** Turns the card over. */
  reveal(): void {
    if (this.phase === "front") this.phase = "back";
  }

  /** Grades the card shown (only once its back is shown). */
  async grade(grade: Grade): Promise<void> {
    const g = this.glossaryId;
    const card = this.card;
    if (this.phase !== "back" || !card || g === null || this.#busy) return;
    this.#busy = true;
    try {
      const step = await api.reviewGrade(g, card.card.id, grade);
      if (this.glossaryId !== g) return;
      this.last = step.outcome;
      this.reviewed += 1;
      this.#apply(step.summary, step.card);
      await this.loadHistory();
    } catch (e) {
      this.#fail(e);
    } finally {
      this.#busy = false;
    }
  }

  async loadHistory(): Promise<void> {
    if (this.glossaryId === null) return;
    try {
      this.history = await api.reviewHistory(this.glossaryId, HISTORY);
    } catch {
      // The history is a convenience: a failure leaves the last one shown.
    }
  }

  #apply(summary: DueSummary, card: ReviewCard | null): void {
    this.summary = summary;
    this.card = card;
    this.phase = card ? "front" : "done";
  }

  #fail(e: unknown): void {
    this.error = () => messageOf(e);
    this.phase = "error";
  }
}
