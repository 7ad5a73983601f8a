// Every message in every language: the same keys as English (plural forms
// aside: English has _one and _other, Chinese only _other), the same
// placeholders, nothing empty; and the pieces around the lookup.
import { afterEach, describe, expect, it } from "vitest";

import i18next from "i18next";

import { formatNumber, loadLocale, localeLoaded, LOCALES, locale, setLocale, t } from "./i18n.svelte";
import { resources } from "./resources";

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(o: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof o === "string") out.set(prefix, o);
  else if (o && typeof o === "object")
    for (const [k, v] of Object.entries(o)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Keys with their plural suffix taken off, and each one's placeholders. */
function shape(messages: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, text] of flatten(messages)) {
    const vars = [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).filter((v) => v !== "count");
    const base = key.replace(PLURAL, "");
    const seen = out.get(base);
    const mine = [...new Set(vars)].sort().join(",");
    // Plural forms of one key may differ in whether they say the count.
    out.set(base, seen === undefined || seen.length >= mine.length ? (seen ?? mine) : mine);
  }
  return out;
}

afterEach(() => setLocale("en"));

describe("message files", () => {
  const en = shape(resources.en.translation);

  it("English has messages", () => {
    expect(en.size).toBeGreaterThan(0);
  });

  for (const l of LOCALES.filter((l) => l !== "en")) {
    it(`${l} has every English key and no other, with the same placeholders`, () => {
      const other = shape(resources[l].translation);
      expect([...other.keys()].filter((k) => !en.has(k)), "keys English lacks").toEqual([]);
      expect([...en.keys()].filter((k) => !other.has(k)), "keys missing").toEqual([]);
      const differ = [...en].filter(([k, vars]) => other.get(k) !== vars).map(([k]) => k);
      expect(differ, "placeholders differ").toEqual([]);
    });
  }

  for (const l of LOCALES) {
    it(`${l} has no empty message`, () => {
      const empty = [...flatten(resources[l].translation)].filter(([, v]) => v.trim() === "").map(([k]) => k);
      expect(empty).toEqual([]);
    });
  }
});

describe("the interface's language", () => {
  it("switches messages, numbers and the document's lang", () => {
    expect(t("shell.language.label")).toBe("Interface language");
    expect(formatNumber(1450)).toBe("1,450");
    setLocale("zh-Hant");
    expect(locale()).toBe("zh-Hant");
    expect(t("shell.language.label")).toBe("介面語言");
    expect(document.documentElement.lang).toBe("zh-Hant");
    setLocale("zh-Hans");
    expect(t("shell.language.label")).toBe("界面语言");
  });

  // The app bundles English only and loads a Chinese language when first
  // spoken (a start parses one language's messages, issue 12's start-up).
  it("speaks a language not loaded yet once its messages are, and the last one asked for wins", async () => {
    i18next.removeResourceBundle("zh-Hans", "translation");
    expect(localeLoaded("zh-Hans")).toBe(false);
    setLocale("zh-Hans");
    // Not half switched: English until the messages are there.
    expect(locale()).toBe("en");
    expect(t("shell.language.label")).toBe("Interface language");
    await loadLocale("zh-Hans");
    expect(locale()).toBe("zh-Hans");
    expect(t("shell.language.label")).toBe("界面语言");
    expect(document.documentElement.lang).toBe("zh-Hans");

    setLocale("en");
    i18next.removeResourceBundle("zh-Hant", "translation");
    setLocale("zh-Hant");
    setLocale("en");
    await loadLocale("zh-Hant");
    // The switch back to English came later: the late messages do not undo it.
    expect(locale()).toBe("en");
    expect(t("shell.language.label")).toBe("Interface language");
    // Loaded now: the next switch is at once.
    setLocale("zh-Hant");
    expect(t("shell.language.label")).toBe("介面語言");
  });
});
