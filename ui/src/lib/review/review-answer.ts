// The answer side of a flashcard, short: the reading, a 反切, and the
// definition cut to what fits in about 200 characters in all, with a link
// to the whole card (a built-in term's page, or the user's glossary).

import * as api from "../api";
import type { UserCard } from "../bindings/UserCard";
import { entryOf } from "../chars/char-cache";
import { clip, fanqieText } from "../chars/char-entry";
import { isHan } from "../common/han";

export const ANSWER_MAX = 200;

export interface ShortAnswer {
  reading: string;
  /** A 反切 the reading does not already give. */
  fanqie: string | null;
  definition: string;
  /** Whether the definition was cut. */
  clipped: boolean;
  /** Where the whole card is. */
  href: string;
}

const HAS_FANQIE = /[切反]/;

export function shortAnswer(card: UserCard, fanqie: string | null = null, max = ANSWER_MAX): ShortAnswer {
  const reading = clip(card.reading, 60);
  const fq = fanqie && !HAS_FANQIE.test(card.reading) ? clip(fanqie, 30) : null;
  const used = Array.from(reading).length + (fq ? Array.from(fq).length : 0);
  const room = Math.max(40, max - used);
  const def = card.definition.trim();
  const definition = clip(def, room);
  return {
    reading,
    fanqie: fq,
    definition,
    clipped: definition !== def,
    href: card.builtin_id ? `#/terms/${card.builtin_id}` : `#/glossaries/${card.glossary_id}`,
  };
}

/**
 * A 反切 for a card whose reading gives none: 陸德明's, from a built-in
 * term's 音義 readings; the 廣韻's first, for a card of one character.
 * Null when there is none to be had (or the backend cannot say).
 */
export async function fanqieFor(card: UserCard): Promise<string | null> {
  if (HAS_FANQIE.test(card.reading)) return null;
  try {
    if (card.builtin_id) {
      const full = await api.card(card.builtin_id);
      const r = full.readings.find((x) => x.fanqie);
      return r ? `${r.character}${r.reading}` : null;
    }
    const chars = Array.from(card.headword.trim());
    if (chars.length === 1 && isHan(chars[0])) {
      const f = (await entryOf(chars[0])).fanqie[0];
      return f ? fanqieText(f) : null;
    }
  } catch {
    // the answer goes without
  }
  return null;
}
