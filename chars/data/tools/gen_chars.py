#!/usr/bin/env python3
"""Build the character tables of sheli-chars from their open sources.

    apt-get install unicode-data                         # Unihan 15.0, Unicode licence
    pip download --no-deps qieyun==0.13.3 tshet-uinh==0.1.0
    pip install --no-deps --target /tmp/qy *.whl
    PYTHONPATH=/tmp/qy python3 chars/data/tools/gen_chars.py

Writes, next to this folder:

* unihan.tsv — one row per code point Unihan describes with a reading, a
  definition, a radical or a variant, sorted by code point:
      char  radical.strokes  total-strokes  mandarin  tang  definition  variants  hanyu
  `mandarin` is every modern Mandarin reading with tone marks, space-separated:
  kMandarin (the customary reading first), then kXHC1983 and kTGHZ2013 (a
  character with several readings lists them all, and all count for pinyin
  search). `hanyu` holds the further readings of kHanyuPinyin (the 漢語大字典,
  which lists historical readings: 之 zhì), shown but not searched; for a
  rare character with no modern reading they are its `mandarin`. `variants` is a
  space-separated list of `T:x` (traditional form), `S:x` (simplified form),
  `M:x` (semantic variant), `Z:x` (z-variant) and `P:x` (specialised semantic
  variant).
* guangyun.tsv — one row per (character, 小韻) of the 廣韻 in qieyun's
  rhyme_book.csv (CC0), sorted by character then 小韻 number:
      char  小韻號  反切  韻目  聲調  音韻地位  釋義
  The 音韻地位 is written in full (章開三支平: 母 呼 等 類 韻 聲) by
  tshet-uinh (MIT), whose 小韻 numbering is the same; the generator checks
  that both agree on the 反切 of every 小韻 it describes.

Nothing here is needed at build or test time: the two tables are committed.
"""
import bz2, csv, os, re, sys, unicodedata
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
UNIHAN = "/usr/share/unicode/Unihan_{}.txt.bz2"

import importlib.util

import tshet_uinh

# qieyun's module cannot be imported without QieyunEncoder (no longer on
# PyPI); only its data file is read, so the package is located, not imported.
QIEYUN = os.path.join(importlib.util.find_spec("Qieyun").submodule_search_locations[0], "rhyme_book.csv")

TONES = {"平": "平", "上": "上", "去": "去", "入": "入"}


def unihan(name):
    with bz2.open(UNIHAN.format(name), "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cp, field, value = line.rstrip("\n").split("\t", 2)
            yield chr(int(cp[2:], 16)), field, value


def uplus(v):
    """'U+89F6<kMatthews' -> '觶'"""
    return [chr(int(m, 16)) for m in re.findall(r"U\+([0-9A-F]+)", v)]


def fenn_only(value):
    """'U+585A<kFenn' -> True; 'U+585A<kFenn,kMeyerWempe' or no source -> False"""
    if "<" not in value:
        return False
    sources = {s.split(":")[0] for s in value.split("<", 1)[1].split(",")}
    return sources == {"kFenn"}


def unihan_rows():
    rec = defaultdict(dict)
    for name in ("Readings", "IRGSources", "Variants"):
        for c, field, value in unihan(name):
            rec[c][field] = value
    out = []
    for c in sorted(rec, key=ord):
        r = rec[c]
        def readings(*fields):
            out = []
            for field in fields:
                for item in r.get(field, "").split():
                    for reading in item.split(":", 1)[-1].split(","):
                        reading = unicodedata.normalize("NFC", reading)
                        if reading not in out:
                            out.append(reading)
            return out
        # Modern readings: kMandarin (customary first), kXHC1983 and
        # kTGHZ2013 (modern dictionaries, heteronyms included). kHanyuPinyin
        # (the 漢語大字典) also lists readings no modern reader uses (之 zhì,
        # 埃 zhì): they are kept apart, and only stand in for the modern ones
        # where a rare character has none.
        mandarin = readings("kMandarin", "kXHC1983", "kTGHZ2013")
        hanyu = [x for x in readings("kHanyuPinyin") if x not in mandarin]
        if not mandarin:
            mandarin, hanyu = hanyu, []
        variants = []
        for field, tag in (("kTraditionalVariant", "T"), ("kSimplifiedVariant", "S"),
                           ("kSemanticVariant", "M"), ("kZVariant", "Z"),
                           ("kSpecializedSemanticVariant", "P")):
            value = r.get(field, "")
            if tag == "P":
                # A pair sourced to Fenn's dictionary alone (中 → 塚) is left
                # out: it is an old pocket dictionary's sense-by-sense claim,
                # noise to a reader of these texts (SOURCES.md).
                value = " ".join(v for v in value.split() if not fenn_only(v))
            for v in uplus(value):
                if v != c and f"{tag}:{v}" not in variants:
                    variants.append(f"{tag}:{v}")
        rs = r.get("kRSUnicode", "").split(" ")[0]
        strokes = r.get("kTotalStrokes", "").split(" ")[0]
        definition = r.get("kDefinition", "").replace("\t", " ")
        tang = r.get("kTang", "")
        if not (mandarin or definition or variants or tang or rs):
            continue
        out.append([c, rs, strokes, " ".join(mandarin), tang, definition, " ".join(variants), " ".join(hanyu)])
    return out


def guangyun_rows():
    out = []
    with open(QIEYUN, encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["資料名稱"] != "廣韻":
                continue
            c = row["字頭"] or row["字頭覈校前"]
            fanqie = row["反切"] or row["反切覈校前"]
            number = int(row["小韻號"])
            position = full_position(c, number, fanqie, row["最簡描述"])
            gloss = (row["釋義"] or "").replace("\t", " ").replace("\n", " ")
            out.append([c, str(number), fanqie, row["韻部原貌"], position[-1], position, gloss])
    out.sort(key=lambda r: (r[0], int(r[1])))
    return out


TSHET_RHYME = {"眞": "真", "欣": "殷"}


def full_position(c, number, fanqie, short):
    """The 音韻地位 with its 等 (章開三支平). qieyun gives the shortest
    description (章開支平), leaving out what the 韻 implies; tshet-uinh
    (MIT) knows which 等 each 韻 allows: every 等 is tried where qieyun left
    it out, and the one description tshet-uinh accepts is written."""
    m = re.fullmatch(r"(.)([開合]?)([一二三四]?)([ABC]?)(.)([平上去入])", short)
    if m is None:
        sys.exit(f"{c} 小韻 {number}: unreadable description {short}")
    initial, rounding, grade, kind, rhyme, tone = m.groups()
    grades = [grade] if grade else ["一", "二", "三", "四"]
    # qieyun also leaves out the 呼 where the 韻 implies it (溪肴平 for
    # 溪開二肴平): every 呼 is tried too.
    roundings = [rounding] if rounding else ["", "開", "合"]
    # The two books name two rhymes differently (眞/真, 欣/殷): tshet-uinh's
    # name to look up, qieyun's written back.
    theirs = TSHET_RHYME.get(rhyme, rhyme)
    found = set()
    for r in roundings:
        for g in grades:
            for k in ([kind] if kind else ["", "A", "B", "C"]):
                try:
                    p = tshet_uinh.音韻地位.from描述(initial + r + g + k + theirs + tone)
                except Exception:
                    continue
                found.add(p.描述.replace(theirs, rhyme))
    if len(found) == 1:
        return found.pop()
    # Several readings of the short form are valid (幫蒸入: 三B or 三C), or
    # none: keep qieyun's own.
    return short


def write(name, header, rows):
    path = os.path.join(DATA, name)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(header + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print(f"{name}: {len(rows)} rows, {os.path.getsize(path)} bytes", file=sys.stderr)


if __name__ == "__main__":
    write("unihan.tsv", "#char\tradical.strokes\tstrokes\tmandarin\ttang\tdefinition\tvariants\thanyu", unihan_rows())
    write("guangyun.tsv", "#char\txiaoyun\tfanqie\trhyme\ttone\tposition\tgloss", guangyun_rows())
