// What the character pop-over says, as plain data: labels of the relations
// between forms, the 釋文 readings with the passage being read first, the
// counts worth showing, and the card a character's entry makes. Labels are in
// the interface's language (ui/src/locales/<language>/chars.json); the card
// holds what the tables say, as they say it.

import type { NewCard } from "../bindings/NewCard";
import type { CharEntry } from "../bindings/CharEntry";
import type { Count } from "../bindings/Count";
import type { Fanqie } from "../bindings/Fanqie";
import type { Radical } from "../bindings/Radical";
import type { Relation } from "../bindings/Relation";
import type { ShiwenReading } from "../bindings/ShiwenReading";
import { formatNumber, t } from "../i18n/i18n.svelte";

/** How one form relates to another, in words ("simplified form"). */
export function relationLabel(r: Relation): string {
  return t(`chars.relation.${r}`);
}

/**
 * The lang of a related form, by its relation to the headword (tester h6,
 * finding 14: 乡, the simplified form, was marked zh-Hant with its
 * traditional headword): a simplified form is zh-Hans, a traditional one
 * zh-Hant; the variants of a traditional headword are old forms, zh-Hant;
 * a form the search folds together may be of either script, so only "zh".
 */
export function formLang(r: Relation): "zh-Hant" | "zh-Hans" | "zh" {
  if (r === "simplified") return "zh-Hans";
  if (r === "fold") return "zh";
  return "zh-Hant";
}

/**
 * A character's code point, "U+89F6": shown whatever the fonts hold, so a
 * character beyond them (CJK Extension B and later, a box) is still named.
 */
export function codePoint(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** "觯 → 觶, simplified form" when the character asked is not the texts' form. */
export function leadsTo(entry: CharEntry): string | null {
  if (entry.char === entry.headword) return null;
  if (!entry.relation) return `${entry.char} → ${entry.headword}`;
  return t("chars.leadsTo", { char: entry.char, headword: entry.headword, relation: relationLabel(entry.relation) });
}

/** 章移 → 章移切 (the rhyme book's way of writing it). */
export function fanqieText(f: Fanqie): string {
  return f.fanqie.endsWith("切") || f.fanqie.endsWith("反") ? f.fanqie : `${f.fanqie}切`;
}

/** The 釋文 readings, those of `passage` first and marked. */
export function orderShiwen(
  readings: readonly ShiwenReading[],
  passage: string | null,
): { reading: ShiwenReading; current: boolean }[] {
  const marked = readings.map((reading) => ({ reading, current: passage !== null && reading.passage === passage }));
  return [...marked.filter((r) => r.current), ...marked.filter((r) => !r.current)];
}

/** "148 角 + 12 · 19 strokes". */
export function radicalText(radical: Radical | null, strokes: number | null): string | null {
  const parts: string[] = [];
  if (radical)
    parts.push(
      t("chars.radical", {
        number: formatNumber(radical.number),
        radical: radical.radical,
        residual: formatNumber(radical.residual_strokes),
      }),
    );
  if (strokes !== null) parts.push(t("chars.strokes", { count: strokes, n: formatNumber(strokes) }));
  return parts.length ? parts.join(" · ") : null;
}

/** The counts worth a line: non-zero, largest first, at most `n`. */
export function topCounts(counts: readonly Count[], n = 4): Count[] {
  return counts
    .filter((c) => c.count > 0)
    .slice()
    .sort((a, b) => b.count - a.count)
    .slice(0, n);
}

/** A text cut to at most `max` characters (code points), at a sentence or clause if it can. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join("");
  const head = chars.slice(0, max - 1).join("");
  const stop = Math.max(head.lastIndexOf("; "), head.lastIndexOf(". "), head.lastIndexOf("。"), head.lastIndexOf(", "));
  const cut = stop >= max / 2 ? head.slice(0, stop + 1) : head;
  return `${cut.trimEnd()}…`;
}

/** Readings for a card: Mandarin, then the 廣韻 反切. */
export function readingLine(entry: CharEntry): string {
  const parts = [entry.mandarin.join(", ")];
  const fq = entry.fanqie.map((f) => `${fanqieText(f)} ${f.rhyme}${f.tone}`.trim());
  if (fq.length) parts.push(fq.join("; "));
  return parts.filter((p) => p).join(" · ");
}

/**
 * The card an entry makes when no reader selection is at hand: headword,
 * readings, a short definition with the 釋文 reading of the passage (if
 * any), the passage linked.
 */
export function cardFromEntry(entry: CharEntry, passage: string | null): NewCard {
  const def = entry.definitions[0]?.text ?? "";
  const shiwen = orderShiwen(entry.shiwen, passage)[0];
  const lines = [clip(def, 160)];
  if (shiwen?.current) lines.push(`釋文: ${shiwen.reading.character}${shiwen.reading.reading}`);
  return {
    headword: entry.headword,
    reading: readingLine(entry),
    definition: lines.filter((l) => l).join("\n"),
    tags: [],
    passages: passage ? [passage] : [],
  };
}
