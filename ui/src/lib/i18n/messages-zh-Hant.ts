// The interface's messages in 繁體中文: one JSON file per feature (the
// folders of ui/src/lib) under ui/src/locales/zh-Hant/. Loaded when
// the interface first speaks it (i18n.svelte.ts, loadLocale): a start in
// another language does not parse it.
// Generated list, edited by hand when a feature folder is added (with
// resources.ts and the other languages' lists).

import type { Messages } from "./messages-en";
import shell from "../../locales/zh-Hant/shell.json";
import common from "../../locales/zh-Hant/common.json";
import reader from "../../locales/zh-Hant/reader.json";
import search from "../../locales/zh-Hant/search.json";
import chars from "../../locales/zh-Hant/chars.json";
import cards from "../../locales/zh-Hant/cards.json";
import glossaries from "../../locales/zh-Hant/glossaries.json";
import review from "../../locales/zh-Hant/review.json";
import notes from "../../locales/zh-Hant/notes.json";
import library from "../../locales/zh-Hant/library.json";
import stage from "../../locales/zh-Hant/stage.json";
import errors from "../../locales/zh-Hant/errors.json";

export const messages = { shell, common, reader, search, chars, cards, glossaries, review, notes, library, stage, errors } as Messages;
