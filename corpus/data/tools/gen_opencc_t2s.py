#!/usr/bin/env python3
"""Derive the per-character traditional->simplified table used by the search fold.

The fold is defined (../CORPUS contract, section 4) as OpenCC's `t2s` conversion
applied to one character at a time, so that a character folds the same way
whatever its neighbours are.  Instead of linking OpenCC at run time we ask the
reference implementation once, for every code point the fold keeps, and write
the pairs that change.  Re-run with the pinned version to refresh:

    pip install opencc==1.4.2
    python3 corpus/data/tools/gen_opencc_t2s.py > corpus/data/opencc-t2s-chars.tsv
"""
import opencc
from importlib.metadata import version

RANGES = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3134F)]

conv = opencc.OpenCC("t2s")
print(f"# OpenCC t2s, applied per character; generated from opencc {version('opencc')} (PyPI)")
print("# Data: OpenCC dictionaries TSCharacters, TSCharactersExt, TSPhrases (single-character entries),")
print("# CJK_Compatibility_Ideographs normalisation. Licence: Apache-2.0, https://github.com/BYVoid/OpenCC")
print("# columns: traditional<TAB>simplified (only characters that change)")
for lo, hi in RANGES:
    for cp in range(lo, hi + 1):
        ch = chr(cp)
        out = conv.convert(ch)
        if out != ch:
            assert len(out) == 1, (ch, out)
            print(f"{ch}\t{out}")
