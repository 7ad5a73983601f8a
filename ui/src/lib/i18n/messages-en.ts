// The interface's messages in English: one JSON file per feature (the
// folders of ui/src/lib) under ui/src/locales/en/. English is the
// reference (its keys type `t`) and the fallback, so it is always in the
// bundle.
// Generated list, edited by hand when a feature folder is added (with
// resources.ts and the other languages' lists).

import shell from "../../locales/en/shell.json";
import common from "../../locales/en/common.json";
import reader from "../../locales/en/reader.json";
import search from "../../locales/en/search.json";
import chars from "../../locales/en/chars.json";
import cards from "../../locales/en/cards.json";
import glossaries from "../../locales/en/glossaries.json";
import review from "../../locales/en/review.json";
import notes from "../../locales/en/notes.json";
import library from "../../locales/en/library.json";
import stage from "../../locales/en/stage.json";
import errors from "../../locales/en/errors.json";

export const messages = { shell, common, reader, search, chars, cards, glossaries, review, notes, library, stage, errors };

/** The shape of every language's messages: English's. */
export type Messages = typeof messages;
