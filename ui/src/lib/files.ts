// Reading imports without file-system access: an import is read from a file
// the user picks (<input type=file> + FileReader). Exports are saved by the
// backend (api.saveGlossaryExport, api.saveNotesExport): a download from the
// page would land, unannounced, in the app's working directory.

/** Largest file read (as the backend's import limit). */
export const MAX_IMPORT_BYTES = 64 << 20;

/** Reads a picked file as UTF-8 text. */
export function readFileText(file: File): Promise<string> {
  if (file.size > MAX_IMPORT_BYTES) {
    return Promise.reject(new Error(`${file.name} is too large to import (${file.size} bytes).`));
  }
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result ?? ""));
    r.onerror = () => reject(new Error(`${file.name} could not be read.`));
    r.readAsText(file, "utf-8");
  });
}
