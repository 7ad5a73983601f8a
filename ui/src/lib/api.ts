// The one door to the backend. Every call to Rust goes through this module;
// no other file imports `@tauri-apps/*`. The types come from the Rust side
// (ts-rs, `src/lib/bindings/`, regenerated with `make bindings`).
//
// Adding a command: a function here, named like the Rust command, with its
// argument object spelled as the Rust parameters in camelCase.

import { invoke, isTauri } from "@tauri-apps/api/core";

import type { DisplayScript } from "./bindings/DisplayScript";
import type { ErrorKind } from "./bindings/ErrorKind";
import type { ErrorPayload } from "./bindings/ErrorPayload";
import type { LibraryView } from "./bindings/LibraryView";
import type { PassageView } from "./bindings/PassageView";
import type { Settings } from "./bindings/Settings";
import type { SourceView } from "./bindings/SourceView";

export type { DisplayScript, LibraryView, PassageView, Settings, SourceView };

/** A failed command: `kind` to branch on, `message` to show as it is. */
export class ApiError extends Error {
  readonly kind: ErrorKind | "transport";
  readonly command: string;
  constructor(command: string, kind: ErrorKind | "transport", message: string) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.command = command;
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
}

function isPayload(e: unknown): e is ErrorPayload {
  return typeof e === "object" && e !== null && "kind" in e && "message" in e;
}

/** Turns whatever a failed call threw into an `ApiError`. */
export function toApiError(command: string, e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (isPayload(e)) return new ApiError(command, e.kind, String(e.message));
  // Tauri rejects with a plain string when the arguments do not deserialize.
  const message = typeof e === "string" ? e : e instanceof Error ? e.message : String(e);
  return new ApiError(command, "transport", message);
}

async function call<T>(command: string, args: Record<string, unknown> = {}): Promise<T> {
  try {
    return (await transport(command, args)) as T;
  } catch (e) {
    throw toApiError(command, e);
  }
}

/** Every source with its edition, script and segment counts per layer. */
export function sources(): Promise<SourceView[]> {
  return call("sources");
}

/** Works → editions → sections → passages, in `script` (default: the setting). */
export function library(script?: DisplayScript): Promise<LibraryView> {
  return call("library", { script: script ?? null });
}

/** One passage with all its segments, converted to `script`. */
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
