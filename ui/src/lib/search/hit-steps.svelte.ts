// From hit to hit (issue 11, point 5): after a search result is opened, n /
// Shift+N (or F3 / Shift+F3) and the ‹ › buttons above the reader walk
// through every result of that search, across passages, in the order the
// results were listed. A hit is one matching segment — a line of the
// results — with every match in it marked; "Hit 3 of 1,450" counts the same
// segments as the panel's "Showing 20 of 1,450 segments".
//
// The list comes from the backend a page at a time (`search_hits`), asked
// for when a step leaves the pages already here, so the last hit is as
// reachable as the first and nothing is cut silently. The stepper holds the
// search as it was when the result was opened: typing a new query in the
// box does not change what n walks through until another result is opened.

import * as api from "../api";
import type { HitListView } from "../bindings/HitListView";
import type { HitRefView } from "../bindings/HitRefView";
import type { SearchQuery } from "../bindings/SearchQuery";
import { formatNumber, SILENT, type Said, t } from "../i18n/i18n.svelte";
import type { Route } from "../shell/router.svelte";

/** The most ranges a reader route carries (its parser takes 64). */
export const MAX_ROUTE_RANGES = 64;

/** A hit as the stepper and the reader know it. */
export type StepHit = Pick<HitRefView, "id" | "segment" | "ranges">;

/** The reader's route for a hit: its passage, with the hit's segment and ranges marked. */
export function hitRoute(h: StepHit): Route {
  const ranges = h.ranges.slice(0, MAX_ROUTE_RANGES).map(([s, e]) => [s, e] as [number, number]);
  return ranges.length
    ? { view: "reader", id: h.id, hit: { segment: h.segment, ranges } }
    : { view: "reader", id: h.id };
}

/** "3 of 1,450" (`index` from 0), in the interface's language. */
export function ofTotal(index: number, total: number): string {
  return t("search.stepper.of", { index: formatNumber(index + 1), total: formatNumber(total) });
}

/** "Hit 3 of 1,450" ("第 3 處，共 1,450 處"). */
export function stepLabel(index: number, total: number): string {
  return t("search.stepper.count", { index: formatNumber(index + 1), total: formatNumber(total) });
}

/** Where a step from `index` by `by` lands among `total` hits, or why it cannot. */
export function stepTarget(index: number, by: number, total: number): number | "first" | "last" {
  const to = index + by;
  if (to < 0) return "first";
  if (to >= total) return "last";
  return to;
}

/** The search a stepper walks through: `request` without its page and extras. */
export function stepRequest(request: SearchQuery): SearchQuery {
  const r: SearchQuery = { query: request.query, exact: request.exact, limit: 0, offset: 0 };
  if (request.work) r.work = request.work;
  if (request.layer) r.layer = request.layer;
  if (request.source) r.source = request.source;
  if (request.sort && request.sort !== "relevance") r.sort = request.sort;
  return r;
}

export type FetchHits = (request: SearchQuery, offset: number) => Promise<HitListView>;

export class HitSteps {
  /** The search walked through (null: none; the bar is hidden). */
  request = $state<SearchQuery | null>(null);
  /** The search as its title shows it (`start`). */
  shown = $state("");
  /** Position of the current hit among all of them, from 0. */
  index = $state(0);
  total = $state(0);
  current = $state<StepHit | null>(null);
  // Kept as a lookup, written out when read: what the live region says
  // follows a change of language.
  #said: Said = $state(SILENT);

  /** What the live region says after a step. */
  get message(): string {
    return this.#said();
  }
  busy = $state(false);
  #pages = new Map<number, StepHit[]>();
  #fetch: FetchHits;
  #pageSize: number;
  /** Bumped by every start and stop: answers for an older search are dropped. */
  #generation = 0;
  /** Steps asked for while one was under way, to take after it. */
  #queued = 0;

  /** `pageSize`: how far back a step back asks from (the backend's page, `HIT_PAGE` in search.rs). */
  constructor(fetch: FetchHits, pageSize = 1000) {
    this.#fetch = fetch;
    this.#pageSize = pageSize;
  }

  get active(): boolean {
    return this.request !== null && this.total > 0;
  }

  /**
   * A result was opened: the `index`-th of `total` results of `request`;
   * `shown`, the search as the user sees it (a collocate's chip as the
   * texts write it, where `request` has its folded key).
   */
  start(request: SearchQuery, index: number, total: number, hit: StepHit, shown: string = request.query): void {
    this.#generation++;
    this.#pages.clear();
    this.request = stepRequest(request);
    this.shown = shown;
    this.index = index;
    this.total = total;
    this.current = hit;
    this.#said = SILENT;
    this.busy = false;
    this.#queued = 0;
  }

  stop(): void {
    this.#generation++;
    this.#pages.clear();
    this.request = null;
    this.current = null;
    this.total = 0;
    this.#said = SILENT;
    this.busy = false;
    this.#queued = 0;
  }

  /**
   * The reader shows `id` / `segment` (Back, Forward, a link): if it is a
   * hit already listed here, the steps go on from it.
   */
  follow(id: string, segment: number): void {
    if (!this.active || (this.current?.id === id && this.current.segment === segment)) return;
    for (const [offset, page] of this.#pages) {
      const at = page.findIndex((h) => h.id === id && h.segment === segment);
      if (at >= 0) {
        this.index = offset + at;
        this.current = page[at];
        return;
      }
    }
  }

  /**
   * The hit `by` steps away (the next page asked for when needed), or null
   * with the reason said. A step asked for while one is under way (n held
   * down, or pressed faster than a page arrives) is not dropped: it is
   * counted, and the step under way goes on by that many before it answers,
   * so that each press moves one hit (the outside tester's finding 15:
   * 5 × n went 4 hits); the caller of that later step gets null.
   */
  async step(by: number): Promise<StepHit | null> {
    if (!this.active || !this.request) return null;
    if (this.busy) {
      this.#queued += by;
      return null;
    }
    let hit = await this.#stepOnce(by);
    while (hit && this.#queued !== 0 && this.active) {
      const more = this.#queued;
      this.#queued = 0;
      hit = (await this.#stepOnce(more)) ?? hit;
    }
    this.#queued = 0;
    return hit;
  }

  async #stepOnce(by: number): Promise<StepHit | null> {
    if (!this.active || !this.request) return null;
    const target = stepTarget(this.index, by, this.total);
    const [index, total] = [this.index, this.total];
    if (target === "first") {
      this.#said = () => t("search.stepper.first", { of: ofTotal(index, total) });
      return null;
    }
    if (target === "last") {
      this.#said = () => t("search.stepper.last", { of: ofTotal(index, total) });
      return null;
    }
    const generation = this.#generation;
    this.busy = true;
    let hit: StepHit | undefined;
    try {
      hit = await this.#at(target, by, generation);
    } catch (e) {
      if (generation === this.#generation) {
        this.busy = false;
        this.#said = () => t("search.stepper.readError", { error: e instanceof Error ? e.message : String(e) });
      }
      return null;
    }
    if (generation !== this.#generation) return null;
    this.busy = false;
    if (!hit) {
      // the index changed under the search (texts added): fewer hits now
      this.#said = () => t("search.stepper.last", { of: ofTotal(index, total) });
      return null;
    }
    this.index = target;
    this.current = hit;
    const id = hit.id;
    this.#said = () => t("search.stepper.stepped", { hit: stepLabel(target, total), id });
    return hit;
  }

  /**
   * Hit `i`, from a page already here or a new one that begins at it (a
   * step on) or ends at it (a step back), so that the next steps that way
   * find theirs here, whatever the backend's page size.
   */
  async #at(i: number, by: number, generation: number): Promise<StepHit | undefined> {
    for (const [offset, page] of this.#pages) {
      if (i >= offset && i < offset + page.length) return page[i - offset];
    }
    const offset = by > 0 ? i : Math.max(0, i - this.#pageSize + 1);
    const list = await this.#fetch(this.request as SearchQuery, offset);
    if (generation !== this.#generation) return undefined;
    this.#pages.set(offset, list.items);
    this.total = list.total;
    return list.items[i - offset];
  }
}

/** The reader's stepper (one for the window). */
export const hitSteps = new HitSteps((request, offset) => api.searchHits(request, offset));
