// An imported text's edition, said in the interface's language. The backend
// names every text the user imports with the edition "imported"
// (corpus/src/manifest.rs, SourceInfo::user_text) and its search facet
// "imported·<title>"; shown as they come, both read in English in the Chinese
// interfaces (the outside tester's fault 5). A built-in edition is a Chinese
// name (儀禮註疏), shown as written.
import { locale, t } from "../i18n/i18n.svelte";

/** The edition name the backend gives every imported text. */
export const IMPORTED = "imported";

/** An edition's name as shown: "imported" in the interface's language, any other as written. */
export function editionName(edition: string): string {
  return edition === IMPORTED ? t("common.edition.imported") : edition;
}

/** The `lang` of an edition's name: the interface's for "imported", else the text's. */
export function editionLang(edition: string, textLang: string): string {
  return edition === IMPORTED ? locale() : textLang;
}

/** A source's label (edition·work, as search's facets give it) as shown: an imported one by its title. */
export function sourceLabel(label: string): string {
  const prefix = `${IMPORTED}·`;
  return label.startsWith(prefix) ? t("common.edition.importedTitle", { title: label.slice(prefix.length) }) : label;
}
