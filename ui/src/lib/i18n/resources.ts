// The interface's messages: one JSON file per feature (the folders of
// ui/src/lib) in each language, under ui/src/locales/<language>/. English
// is the reference: its keys type `t` (i18next.d.ts), and i18n.test.ts checks
// that every language has every key with the same placeholders.
// Generated list, edited by hand when a feature folder is added.

import en_shell from "../../locales/en/shell.json";
import en_common from "../../locales/en/common.json";
import en_reader from "../../locales/en/reader.json";
import en_search from "../../locales/en/search.json";
import en_chars from "../../locales/en/chars.json";
import en_cards from "../../locales/en/cards.json";
import en_glossaries from "../../locales/en/glossaries.json";
import en_review from "../../locales/en/review.json";
import en_notes from "../../locales/en/notes.json";
import en_library from "../../locales/en/library.json";
import en_stage from "../../locales/en/stage.json";
import en_errors from "../../locales/en/errors.json";
import zhHant_shell from "../../locales/zh-Hant/shell.json";
import zhHant_common from "../../locales/zh-Hant/common.json";
import zhHant_reader from "../../locales/zh-Hant/reader.json";
import zhHant_search from "../../locales/zh-Hant/search.json";
import zhHant_chars from "../../locales/zh-Hant/chars.json";
import zhHant_cards from "../../locales/zh-Hant/cards.json";
import zhHant_glossaries from "../../locales/zh-Hant/glossaries.json";
import zhHant_review from "../../locales/zh-Hant/review.json";
import zhHant_notes from "../../locales/zh-Hant/notes.json";
import zhHant_library from "../../locales/zh-Hant/library.json";
import zhHant_stage from "../../locales/zh-Hant/stage.json";
import zhHant_errors from "../../locales/zh-Hant/errors.json";
import zhHans_shell from "../../locales/zh-Hans/shell.json";
import zhHans_common from "../../locales/zh-Hans/common.json";
import zhHans_reader from "../../locales/zh-Hans/reader.json";
import zhHans_search from "../../locales/zh-Hans/search.json";
import zhHans_chars from "../../locales/zh-Hans/chars.json";
import zhHans_cards from "../../locales/zh-Hans/cards.json";
import zhHans_glossaries from "../../locales/zh-Hans/glossaries.json";
import zhHans_review from "../../locales/zh-Hans/review.json";
import zhHans_notes from "../../locales/zh-Hans/notes.json";
import zhHans_library from "../../locales/zh-Hans/library.json";
import zhHans_stage from "../../locales/zh-Hans/stage.json";
import zhHans_errors from "../../locales/zh-Hans/errors.json";

const en = { shell: en_shell, common: en_common, reader: en_reader, search: en_search, chars: en_chars, cards: en_cards, glossaries: en_glossaries, review: en_review, notes: en_notes, library: en_library, stage: en_stage, errors: en_errors };
const zhHant = { shell: zhHant_shell, common: zhHant_common, reader: zhHant_reader, search: zhHant_search, chars: zhHant_chars, cards: zhHant_cards, glossaries: zhHant_glossaries, review: zhHant_review, notes: zhHant_notes, library: zhHant_library, stage: zhHant_stage, errors: zhHant_errors };
const zhHans = { shell: zhHans_shell, common: zhHans_common, reader: zhHans_reader, search: zhHans_search, chars: zhHans_chars, cards: zhHans_cards, glossaries: zhHans_glossaries, review: zhHans_review, notes: zhHans_notes, library: zhHans_library, stage: zhHans_stage, errors: zhHans_errors };

/** The shape of every language's messages: English's. */
export type Messages = typeof en;

export const resources = {
  en: { translation: en },
  "zh-Hant": { translation: zhHant as Messages },
  "zh-Hans": { translation: zhHans as Messages },
};
