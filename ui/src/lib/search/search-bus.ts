// Asking the search box (in the top bar) to search for something, from
// anywhere: the character pop-over's "Search".

type Handler = (query: string) => void;
let handler: Handler | null = null;

/** The search box registers itself; returns an undo. */
export function onSearchRequest(fn: Handler): () => void {
  handler = fn;
  return () => {
    if (handler === fn) handler = null;
  };
}

/** Searches for `query` in the search box; false when there is none. */
export function searchFor(query: string): boolean {
  if (!handler) return false;
  handler(query);
  return true;
}
