// The interface's messages in 简体中文: one JSON file per feature (the
// folders of ui/src/lib) under ui/src/locales/zh-Hans/. Loaded when
// the interface first speaks it (i18n.svelte.ts, loadLocale): a start in
// another language does not parse it.
// Generated list, edited by hand when a feature folder is added (with
// resources.ts and the other languages' lists).

import type { Messages } from "./messages-en";
import shell from "../../locales/zh-Hans/shell.json";
import common from "../../locales/zh-Hans/common.json";
import reader from "../../locales/zh-Hans/reader.json";
import search from "../../locales/zh-Hans/search.json";
import chars from "../../locales/zh-Hans/chars.json";
import cards from "../../locales/zh-Hans/cards.json";
import glossaries from "../../locales/zh-Hans/glossaries.json";
import review from "../../locales/zh-Hans/review.json";
import notes from "../../locales/zh-Hans/notes.json";
import library from "../../locales/zh-Hans/library.json";
import stage from "../../locales/zh-Hans/stage.json";
import errors from "../../locales/zh-Hans/errors.json";

export const messages = { shell, common, reader, search, chars, cards, glossaries, review, notes, library, stage, errors } as Messages;
