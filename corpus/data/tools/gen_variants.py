#!/usr/bin/env python3
"""Build corpus/data/variants.tsv: the variant folds applied after OpenCC t2s.

Two kinds of rows, each with its provenance in the third column:

* every row of variants-curated.tsv (the corpus contract's table);
* pairs from Unihan (Debian package `unicode-data`, Unihan_Variants.txt) that
  are true synonyms: kZVariant (the same abstract character drawn differently)
  and kSemanticVariant pairs marked T ("tong", identical in meaning) by at
  least one dictionary.  kSpecializedSemanticVariant (synonyms in some senses
  only) is never used.

A Unihan pair is refused when it would
  - join two characters of one nonfolds.tsv group, or
  - join two characters that are both standard simplified characters (both
    encodable in GB2312): those are distinct words in modern use, and only the
    curated table may merge them.
Each variant folds to the group's standard character (GB2312, else the lowest
code point), after the t2s table has been applied to both sides.

    apt-get install unicode-data
    python3 corpus/data/tools/gen_variants.py > corpus/data/variants.tsv
"""
import bz2, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
UNIHAN = "/usr/share/unicode/Unihan_Variants.txt.bz2"


def rows(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            yield line.rstrip("\n").split("\t")


t2s = {a: b for a, b in rows(os.path.join(DATA, "opencc-t2s-chars.tsv"))}
fold = lambda c: t2s.get(c, c)
curated = {a: (b, why) for a, b, why in rows(os.path.join(DATA, "variants-curated.tsv"))}
nonfold = {}
for i, (chars, _why) in enumerate(rows(os.path.join(DATA, "nonfolds.tsv"))):
    for c in chars:
        nonfold[fold(c)] = i


def standard(c):
    try:
        c.encode("gb2312")
        return True
    except UnicodeEncodeError:
        return False


def kept(c):
    o = ord(c)
    return 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x3134F


pairs = {}  # (a, b) folded, a < b -> provenance
with bz2.open(UNIHAN, "rt", encoding="utf-8") as f:
    version = "unknown"
    for line in f:
        m = re.match(r"#\s*Unihan_Variants.txt\s*$", line)
        v = re.match(r"#\s*Date:.*|#\s*Unicode version:\s*(\S+)", line)
        if v and v.group(1):
            version = v.group(1)
        if line.startswith("#") or not line.strip():
            continue
        cp, field, value = line.rstrip("\n").split("\t")
        if field not in ("kZVariant", "kSemanticVariant"):
            continue
        a = chr(int(cp[2:], 16))
        for item in value.split():
            target, _, sources = item.partition("<")
            if field == "kSemanticVariant" and not re.search(r":[A-Z]*T", sources):
                continue
            b = chr(int(target[2:], 16))
            fa, fb = fold(a), fold(b)
            if fa == fb or not (kept(fa) and kept(fb)):
                continue
            key = tuple(sorted((fa, fb)))
            pairs.setdefault(key, f"Unihan {version} {field} {cp}>{target}")

# union-find over accepted pairs
parent = {}
def find(x):
    parent.setdefault(x, x)
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x

accepted, refused = [], []
for (a, b), why in sorted(pairs.items()):
    if a in curated or b in curated:
        continue  # the curated table decides these characters
    ra, rb = find(a), find(b)
    if ra == rb:
        continue
    group_a = [c for c in parent if find(c) == ra] or [a]
    group_b = [c for c in parent if find(c) == rb] or [b]
    if any(c in nonfold and d in nonfold and nonfold[c] == nonfold[d] for c in group_a for d in group_b):
        refused.append((a, b, why + " (non-fold group)"))
        continue
    if sum(standard(c) for c in set(group_a) | set(group_b)) > 1:
        refused.append((a, b, why + " (joins two standard characters)"))
        continue
    parent[ra] = rb
    accepted.append((a, b, why))

groups = {}
for c in parent:
    groups.setdefault(find(c), []).append(c)

print("# Variant folds applied after the OpenCC t2s table (see tools/gen_variants.py).")
print(f"# Unihan data: Unicode {version} Unihan_Variants.txt, Debian package unicode-data; Unicode licence (Unicode-3.0).")
print("# columns: variant<TAB>folds to<TAB>provenance")
for a, (b, why) in curated.items():
    print(f"{a}\t{b}\tcorpus contract: {why}")
prov = {}
for a, b, why in accepted:
    prov.setdefault(a, why)
    prov.setdefault(b, why)
for members in sorted(groups.values(), key=lambda g: min(g)):
    if len(members) < 2:
        continue
    std = sorted(members, key=lambda c: (not standard(c), ord(c)))[0]
    for c in sorted(members):
        if c != std:
            print(f"{c}\t{std}\t{prov[c]}")
print(f"# refused: {len(refused)}", file=sys.stderr)
for a, b, why in refused:
    print(f"refused {a} {b} {why}", file=sys.stderr)
