// Reading imports without file-system access: an import is read from a file
// the user picks (<input type=file> + FileReader). Exports are saved by the
// backend (api.saveGlossaryExport, api.saveNotesExport): a download from the
// page would land, unannounced, in the app's working directory.

import { formatNumber, t } from "../i18n/i18n.svelte";

/**
 * The files picked in an <input type=file> (its change event); the input is
 * cleared so that picking the same file again is noticed.
 */
export function takePickedFiles(e: Event): File[] {
  const input = e.currentTarget as HTMLInputElement;
  const files = Array.from(input.files ?? []);
  input.value = "";
  return files;
}

/** What the window says once the backend has saved an export. */
export function savedMessage(f: { file_name: string; path: string }): string {
  return t("common.files.saved", { file: f.file_name, path: f.path });
}

/** Largest file read (as the backend's import limit). */
export const MAX_IMPORT_BYTES = 64 << 20;

/** Largest text imported (as `sheli import`'s limit). */
export const MAX_TEXT_BYTES = 20 << 20;

/** Reads a picked file's bytes as base64 (texts to import: their encoding is the backend's to detect). */
export function readFileBase64(file: File): Promise<string> {
  if (file.size > MAX_TEXT_BYTES) {
    return Promise.reject(new Error(t("common.files.tooLarge", { name: file.name, bytes: formatNumber(file.size) })));
  }
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    // A data: URL is "data:<type>;base64,<bytes>".
    r.onload = () => resolve(String(r.result ?? "").replace(/^[^,]*,/, ""));
    r.onerror = () => reject(new Error(t("common.files.unreadable", { name: file.name })));
    r.readAsDataURL(file);
  });
}

/** Reads a picked file as UTF-8 text. */
export function readFileText(file: File): Promise<string> {
  if (file.size > MAX_IMPORT_BYTES) {
    return Promise.reject(new Error(t("common.files.tooLarge", { name: file.name, bytes: formatNumber(file.size) })));
  }
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result ?? ""));
    r.onerror = () => reject(new Error(t("common.files.unreadable", { name: file.name })));
    r.readAsText(file, "utf-8");
  });
}
