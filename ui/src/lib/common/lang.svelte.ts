// Which language each piece of text is in. The document is in the
// interface's language (i18n/i18n.svelte.ts, never the display script); every
// element that shows Chinese carries the `lang` of what it shows, so a
// screen reader speaks it with a Chinese voice and fonts pick the glyphs:
// - in the original view, the edition's own script (the 通解 editions are
//   simplified, the 注疏 traditional; an imported text says which);
// - converted (繁 / 简), the script it was converted to;
// - Sheli's own Chinese labels (work titles, layer names) are traditional,
//   converted like the text.

import * as api from "../api";
import type { DisplayScript } from "../bindings/DisplayScript";
import { parsePassageId } from "./ids";

export type ChineseLang = "zh-Hant" | "zh-Hans";

/** The lang of text written in `edition` (its own script) shown in `display`. */
export function textLang(display: DisplayScript, edition: string | null | undefined = "traditional"): ChineseLang {
  if (display === "simplified") return "zh-Hans";
  if (display === "traditional") return "zh-Hant";
  return edition === "simplified" ? "zh-Hans" : "zh-Hant";
}

/** The script of each source (edition), from the backend's list of sources. */
class EditionScripts {
  #scripts: Record<string, string> = $state({});
  #loading: Promise<void> | null = null;

  /** Loads (or, with `again`, reloads after an import) the sources' scripts. */
  load(again = false): Promise<void> {
    if (this.#loading && !again) return this.#loading;
    this.#loading = api.sources().then(
      (list) => {
        this.#scripts = Object.fromEntries(list.map((s) => [s.id, s.script]));
      },
      () => {
        // Without the list every text counts as traditional (the built-in 注疏).
        this.#loading = null;
      },
    );
    return this.#loading;
  }

  /** The script a source is written in ("traditional" until known). */
  of(source: string | null | undefined): string {
    return (source && this.#scripts[source]) || "traditional";
  }

  /** For tests: the scripts, as if loaded. */
  set(scripts: Record<string, string>): void {
    this.#scripts = scripts;
    this.#loading = Promise.resolve();
  }
}

export const editionScripts = new EditionScripts();

/** The lang of a source's text (or of a passage's, by its id) shown in `display`. */
export function sourceLang(display: DisplayScript, source: string | null | undefined): ChineseLang {
  return textLang(display, editionScripts.of(source));
}

export function passageLang(display: DisplayScript, passageId: string | null | undefined): ChineseLang {
  return sourceLang(display, passageId ? parsePassageId(passageId)?.source : null);
}

/**
 * The lang of text the user wrote (a glossary's name), as far as it shows:
 * Chinese ("zh", script unsaid) when it is Han characters without Latin
 * letters; else nothing said (the interface's).
 */
export function userTextLang(text: string): "zh" | undefined {
  return /\p{Script=Han}/u.test(text) && !/[A-Za-z]/.test(text) ? "zh" : undefined;
}

/** A piece of text, and whether it is Chinese. */
export interface LangRun {
  text: string;
  zh: boolean;
}

// A Chinese run: Han characters with the CJK punctuation, brackets and
// spaces between them (「兩端為龍首,中央為蛇身相交也。」 is one run); it
// never starts or ends with a space, an ASCII comma or a bracket that is
// not CJK, so "the 記 (line 1706: 楅,長如笴)" gives 記 and 楅,長如笴.
const ZH_RUN =
  /[\p{Script=Han}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20「」『』〈〉《》【】]+(?:[\s,.;:·、]*[\p{Script=Han}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20「」『』〈〉《》【】]+)*/gu;

/**
 * Splits English text that quotes Chinese into runs, so that each Chinese
 * word can carry its own `lang` (Mixed.svelte): a screen reader then speaks
 * the word with a Chinese voice and the sentence with the English one.
 */
export function zhRuns(text: string): LangRun[] {
  const out: LangRun[] = [];
  let last = 0;
  for (const m of text.matchAll(ZH_RUN)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: text.slice(last, at), zh: false });
    out.push({ text: m[0], zh: true });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), zh: false });
  return out;
}
