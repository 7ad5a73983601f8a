// An edition's name, said in the interface's language where Sheli names it.
// The backend sends every text's edition kind beside its name
// (`edition_kind`: `builtin` or `imported`, src-tauri/src/app/dto.rs
// EditionKind), and a source facet's parts apart (`FacetCount.source`), so
// nothing here reads meaning out of a name. A built-in edition is a Chinese
// name (儀禮註疏), shown as written in the text's script; an imported text
// has no edition of its own, and the interface's word for it (匯入, imported)
// is shown instead of the manifest's English placeholder (the outside
// tester's fault 5).
import type { EditionKind } from "../bindings/EditionKind";
import type { FacetCount } from "../bindings/FacetCount";
import { locale, t } from "../i18n/i18n.svelte";

/** Anything the backend names an edition on: a passage, a hit, a library entry. */
export interface Edition {
  edition: string;
  /** Always sent by the backend; a view built before it counts as built-in. */
  edition_kind?: EditionKind;
}

const imported = (e: Edition) => e.edition_kind === "imported";

/** An edition's name as shown: an imported text's in the interface's language, a built-in one as written. */
export function editionName(e: Edition): string {
  return imported(e) ? t("common.edition.imported") : e.edition;
}

/** The `lang` of an edition's name: the interface's for an imported text, else the text's. */
export function editionLang(e: Edition, textLang: string): string {
  return imported(e) ? locale() : textLang;
}

/** What a source facet needs to be named. */
export type SourceFacet = Pick<FacetCount, "label" | "source">;

/** A source's label as shown: edition·work as the backend joined it, an imported text by its title. */
export function sourceLabel(f: SourceFacet): string {
  return f.source?.kind === "imported" ? t("common.edition.importedTitle", { title: f.source.title }) : f.label;
}
