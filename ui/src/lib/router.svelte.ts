// Which view is open, kept in the location hash so that Back and Forward
// work: `#/library`, `#/read/<passage id>`, and the study views
// (`#/glossaries`, `#/review`, `#/notes`: study-routes.ts).

import { parseStudyHash, studyHash, type StudyRoute } from "./study-routes";

export type Route = { view: "library" } | { view: "reader"; id: string } | StudyRoute;

export function parseHash(hash: string): Route {
  const m = /^#\/read\/([A-Za-z0-9._-]{1,64})$/.exec(hash);
  if (m) return { view: "reader", id: m[1] };
  const study = parseStudyHash(hash);
  if (study) return study;
  return { view: "library" };
}

export function routeHash(r: Route): string {
  if (r.view === "glossaries" || r.view === "review" || r.view === "notes") return studyHash(r);
  return r.view === "reader" ? `#/read/${r.id}` : "#/library";
}

class Router {
  route: Route = $state(parseHash(typeof location === "undefined" ? "" : location.hash));

  start(): () => void {
    const onHash = () => (this.route = parseHash(location.hash));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }

  go(r: Route): void {
    const hash = routeHash(r);
    if (location.hash !== hash) location.hash = hash;
    this.route = r;
  }
}

export const router = new Router();
