// The search index's status as reactive state: the first start (or a change
// of texts) builds the index in the background, and the views say so instead
// of failing. Events (`index-status`) carry the progress; a slow poll covers
// an event missed before the listener was in place.

import * as api from "../api";
import type { IndexStatus } from "../bindings/IndexStatus";
import { errorText } from "../i18n/errors";
import { formatNumber, t } from "../i18n/i18n.svelte";

const POLL_MS = 400;

export class IndexStatusStore {
  status: IndexStatus | null = $state(null);
  #readyCallbacks: (() => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;

  get ready(): boolean {
    return this.status?.state === "ready";
  }

  /**
   * The status in the interface's language, from its state and progress
   * (the backend's `message` is English); a failure's reason by its code
   * (the library's: the index folder busy…), in English only for a code
   * this window does not know.
   */
  get text(): string {
    const s = this.status;
    if (!s) return t("shell.index.building");
    switch (s.state) {
      case "ready":
        return t("shell.index.ready");
      case "failed":
        return t("shell.index.failedBecause", { detail: errorText(s.code, s.params, s.message) });
      default:
        return s.total > 0
          ? t("shell.index.progress", { percent: formatNumber(Math.floor((s.done * 100) / s.total)) })
          : t("shell.index.building");
    }
  }

  /**
   * Why the index was built anew on this start, in the interface's
   * language (`index.rebuilt.*`): damaged, its format or the texts changed.
   * Empty when it was not, or when it only did not exist yet (the first
   * start, which the progress already says).
   */
  get rebuiltText(): string {
    const r = this.status?.rebuilt;
    if (!r || r.code === "index.rebuilt.missing") return "";
    return errorText(r.code, r.params, r.message);
  }

  /**
   * What was damaged, in the index's own words (English: ours, or the index
   * library's): shown apart from the sentence, behind a disclosure, marked
   * as English and cut short, since a library's words may quote the file.
   */
  get rebuiltDetail(): string {
    if (!this.rebuiltText) return "";
    const d = this.status?.rebuilt?.params.detail ?? "";
    return d.length > 240 ? `${d.slice(0, 240)}…` : d;
  }

  /** Runs `f` once the index is ready (at once if it is). */
  whenReady(f: () => void): void {
    if (this.ready) f();
    else this.#readyCallbacks.push(f);
  }

  set(s: IndexStatus): void {
    const was = this.ready;
    this.status = s;
    if (!was && this.ready) {
      const callbacks = this.#readyCallbacks;
      this.#readyCallbacks = [];
      for (const f of callbacks) f();
    }
  }

  /** Listens for events and polls until the index is ready or has failed. */
  async start(): Promise<() => void> {
    this.#stopped = false;
    const unlisten = await api.onIndexStatus((s) => this.set(s));
    const poll = async () => {
      if (this.#stopped) return;
      try {
        this.set(await api.indexStatus());
      } catch {
        // Outside the app, or a transient failure: keep the last status.
      }
      const s = this.status?.state;
      if (!this.#stopped && s !== "ready" && s !== "failed") this.#timer = setTimeout(poll, POLL_MS);
    };
    await poll();
    return () => {
      this.#stopped = true;
      if (this.#timer) clearTimeout(this.#timer);
      unlisten();
    };
  }
}

export const indexStatus = new IndexStatusStore();
