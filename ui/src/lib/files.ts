// Saving exports and reading imports without file-system access: an export
// is offered as a download (a Blob URL), an import is read from a file the
// user picks (<input type=file> + FileReader).

/** Offers `text` as a file download named `fileName`. */
export function saveText(fileName: string, mime: string, text: string): void {
  const blob = new Blob([text], { type: `${mime};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
