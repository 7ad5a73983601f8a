// Which view is open, kept in the location hash so that Back and Forward
// work: `#/library`, `#/read/<passage id>` (with `?seg=<segment>&hl=<s>-<e>,…`
// when opened from a search hit: the ranges to mark in that segment),
// `#/terms` (the built-in glossary), `#/terms/<card id>`, `#/pictures`,
// `#/concordance/<query>` (every occurrence of a query, e.g. a character),
// `#/about` (version, licences, where every text and table comes from),
// `#/jing/<source>` (all the 經 of an edition as one flowing text).

import { parseStudyHash, studyHash, type StudyRoute } from "./study-routes";

/** A search hit to mark in the reader: character ranges of one segment. */
export interface Hit {
  segment: number;
  ranges: [number, number][];
}

export type Route =
  | {
      view: "library";
      /** The address that named no view (a broken link, a mistyped hash), shown to say why the library opened. */
      unknown?: string;
    }
  | { view: "reader"; id: string; hit?: Hit }
  | { view: "terms" }
  | { view: "term"; id: string }
  | { view: "pictures" }
  | { view: "about" }
  | { view: "concordance"; query: string }
  | { view: "jing"; source: string }
  | StudyRoute;

function parseHit(seg: string, hl: string): Hit | undefined {
  const ranges = hl
    .split(",")
    .map((r) => r.split("-").map(Number) as [number, number])
    .filter(([s, e]) => Number.isInteger(s) && Number.isInteger(e) && e > s);
  return ranges.length ? { segment: Number(seg), ranges } : undefined;
}

export function parseHash(hash: string): Route {
  const m = /^#\/read\/([A-Za-z0-9._-]{1,64})(?:\?seg=(\d{1,4})&hl=(\d{1,6}-\d{1,6}(?:,\d{1,6}-\d{1,6}){0,63}))?$/.exec(hash);
  if (m) {
    const hit = m[2] !== undefined ? parseHit(m[2], m[3]) : undefined;
    return hit ? { view: "reader", id: m[1], hit } : { view: "reader", id: m[1] };
  }
  // A passage with a highlight that cannot be read: the passage, unmarked.
  const bare = /^#\/read\/([A-Za-z0-9._-]{1,64})\?/.exec(hash);
  if (bare) return { view: "reader", id: bare[1] };
  const t = /^#\/terms(?:\/([a-z0-9-]{1,64}))?$/.exec(hash);
  if (t) return t[1] ? { view: "term", id: t[1] } : { view: "terms" };
  const j = /^#\/jing\/([a-z0-9._-]{1,64})$/.exec(hash);
  if (j) return { view: "jing", source: j[1] };
  if (hash === "#/pictures") return { view: "pictures" };
  if (hash === "#/about") return { view: "about" };
  const c = /^#\/concordance\/(.{1,400})$/.exec(hash);
  if (c) {
    try {
      const query = decodeURIComponent(c[1]).trim();
      if (query) return { view: "concordance", query };
    } catch {
      // a malformed escape: the library
    }
  }
  const study = parseStudyHash(hash);
  if (study) return study;
  if (hash === "" || hash === "#" || hash === "#/" || hash === "#/library") return { view: "library" };
  // Anything else named no view: the library, saying so (not silently).
  return { view: "library", unknown: hash.length > 80 ? `${hash.slice(0, 80)}…` : hash };
}

export function routeHash(r: Route): string {
  switch (r.view) {
    case "reader":
      return r.hit
        ? `#/read/${r.id}?seg=${r.hit.segment}&hl=${r.hit.ranges.map(([s, e]) => `${s}-${e}`).join(",")}`
        : `#/read/${r.id}`;
    case "terms":
      return "#/terms";
    case "term":
      return `#/terms/${r.id}`;
    case "pictures":
      return "#/pictures";
    case "about":
      return "#/about";
    case "concordance":
      return `#/concordance/${encodeURIComponent(r.query)}`;
    case "jing":
      return `#/jing/${r.source}`;
    case "glossaries":
    case "review":
    case "notes":
      return studyHash(r);
    default:
      return "#/library";
  }
}

/**
 * Whether a hash names a view: `#/…`, or nothing. Any other (`#main`, the
 * skip link's target) is a place in the page, and the view stays.
 */
export function isRouteHash(hash: string): boolean {
  return hash === "" || hash === "#" || hash.startsWith("#/");
}

class Router {
  route: Route = $state(parseHash(typeof location === "undefined" ? "" : location.hash));

  start(): () => void {
    const onHash = () => {
      // `go` has set the route already, and the event for its own hash
      // follows: the route is replaced only when the hash names another
      // place (a new object for the same place made every view that derives
      // from it run again — the reader reloaded its first passage in place
      // and dropped the window it was waiting for: "300–300 of 408").
      if (isRouteHash(location.hash) && location.hash !== routeHash(this.route)) this.route = parseHash(location.hash);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }

  /**
   * At start: opens `place` (where the reader was when the app last ran)
   * unless the window was opened on a view already. The place replaces the
   * first entry rather than adding one, so Back does not lead to an empty
   * library first.
   */
  restore(place: string): void {
    if (!place || !isRouteHash(place) || !(location.hash === "" || location.hash === "#")) return;
    history.replaceState(history.state, "", place);
    this.route = parseHash(place);
  }

  go(r: Route): void {
    const hash = routeHash(r);
    if (location.hash !== hash) location.hash = hash;
    this.route = r;
  }
}

export const router = new Router();
