// The plan's data and the state that outlives one reader view. The reader
// is made anew for every passage it opens (App.svelte keys it by the route),
// and the plan column with it: so the answers of the backend are kept here
// (each step's figures by passage, each work's ground), the next and
// previous steps are asked for ahead of time (stepping then draws at once),
// and Play, its pace and an open itinerary carry over to the next view.

import { SvelteMap } from "svelte/reactivity";

import * as api from "../api";
import type { ItineraryStop } from "../bindings/ItineraryStop";
import type { Plan } from "../bindings/Plan";
import type { StageView } from "../bindings/StageView";
import { router } from "../shell/router.svelte";

/** An answer: the data, or why there is none (a message to show as it is). */
export type Answer<T> = { ok: T } | { error: string; calm: boolean };

/** Seconds per step that Play offers. */
export const PACES = [1, 2, 4] as const;

function answerOf<T>(e: unknown): Answer<T> {
  const err = api.toApiError("stage", e);
  // "No step on the plan" is a fact about the passage, not a failure. The
  // message is read when shown (by its code, app.not_found.step…), so it
  // follows a change of language.
  return {
    get error() {
      return err.message;
    },
    calm: err.kind === "corpus" || err.kind === "not_found",
  };
}

/** Runs `f` after the next frame is painted (a task queued from the frame's callback). */
function afterPaint(f: () => void): void {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(f, 0));
  else setTimeout(f, 0);
}

class StageStore {
  /** Each passage's step, by the passage asked for. */
  readonly views = new SvelteMap<string, Answer<StageView>>();
  /** Each work's ground. */
  readonly plans = new SvelteMap<string, Answer<Plan>>();
  readonly itineraries = new SvelteMap<string, Answer<ItineraryStop[]>>();
  #asked = new Set<string>();

  playing = $state(false);
  pace: number = $state(2);
  /** The figure whose itinerary is open in the column, if any. */
  itinerary: string | null = $state(null);
  /** The step being stepped to: the plan shows it at once, the reader opens it a frame later. */
  pending: string | null = $state(null);

  /** The passage Play stepped to: a view of another passage stops it. */
  expect: string | null = null;
  /** The control that stepped (its data-testid), to take the focus again in the next view. */
  refocus: string | null = null;
  /** Whether the next view shown is announced (it came from stepping). */
  announceNext = false;

  #fetch<T>(map: SvelteMap<string, Answer<T>>, kind: string, key: string, get: () => Promise<T>): void {
    const k = `${kind}:${key}`;
    if (map.has(key) || this.#asked.has(k)) return;
    this.#asked.add(k);
    get()
      .then(
        (ok) => map.set(key, { ok }),
        (e) => map.set(key, answerOf<T>(e)),
      )
      .finally(() => this.#asked.delete(k));
  }

  /** Asks for a passage's step (once); `views` gets the answer. */
  load(passage: string): void {
    this.#fetch(this.views, "view", passage, () => api.stageAt(passage));
  }

  /** Asks for a work's ground (once). */
  loadPlan(work: string): void {
    this.#fetch(this.plans, "plan", work, () => api.stagePlan(work));
  }

  loadItinerary(actor: string, work: string): void {
    this.#fetch(this.itineraries, "itinerary", `${work}:${actor}`, () => api.stageItinerary(actor, work));
  }

  /** The steps either side, asked for ahead, so stepping draws at once. */
  prefetch(v: StageView): void {
    if (v.next) this.load(v.next);
    if (v.previous) this.load(v.previous);
  }

  /**
   * Steps to a step's passage: the plan shows it at once (`pending`), and
   * once that is painted the reader opens the passage (made anew, it scrolls
   * to it), and the plan made with it follows it.
   */
  step(to: string | undefined, control: string | null = null): void {
    if (!to) return;
    this.announceNext = true;
    this.refocus = control;
    this.pending = to;
    if (this.playing) this.expect = to;
    afterPaint(() => {
      router.go({ view: "reader", id: to });
      if (this.pending === to) this.pending = null;
    });
  }

  /** For tests: everything forgotten. */
  reset(): void {
    this.views.clear();
    this.plans.clear();
    this.itineraries.clear();
    this.#asked.clear();
    this.playing = false;
    this.pace = 2;
    this.itinerary = null;
    this.expect = null;
    this.refocus = null;
    this.announceNext = false;
    this.pending = null;
  }
}

export const stage = new StageStore();
