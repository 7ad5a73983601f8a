// A toast that offers to undo what was just done ("Note deleted · Undo"),
// for a few seconds. One at a time: a new one replaces the last (whose
// change then stays).

import { SILENT, type Said, t } from "../i18n/i18n.svelte";

export const UNDO_MS = 8000;

export class UndoToast {
  // Kept as lookups, written out when shown: a toast on screen follows a
  // change of language.
  #message: Said = $state(SILENT);
  #status: Said = $state(SILENT);

  /** What was done, in the interface's language now. */
  get message(): string {
    return this.#message();
  }

  /** Set while the undo runs, or after it failed. */
  get status(): string {
    return this.#status();
  }
  #undo: (() => Promise<unknown>) | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;

  get visible(): boolean {
    return this.message !== "";
  }

  get canUndo(): boolean {
    return this.#undo !== null;
  }

  /** Shows `message` with an Undo button running `undo`, for `ms`. */
  show(message: Said, undo: () => Promise<unknown>, ms = UNDO_MS): void {
    this.#clearTimer();
    this.#message = message;
    this.#status = SILENT;
    this.#undo = undo;
    this.#timer = setTimeout(() => this.dismiss(), ms);
  }

  /** Runs the undo (once); the toast closes when it succeeded. */
  async undo(): Promise<boolean> {
    const run = this.#undo;
    if (!run) return false;
    this.#undo = null;
    this.#clearTimer();
    try {
      await run();
      this.dismiss();
      return true;
    } catch (e) {
      this.#status = () => t("shell.undo.failed", { error: e instanceof Error ? e.message : String(e) });
      this.#timer = setTimeout(() => this.dismiss(), UNDO_MS);
      return false;
    }
  }

  dismiss(): void {
    this.#clearTimer();
    this.#message = SILENT;
    this.#status = SILENT;
    this.#undo = null;
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
