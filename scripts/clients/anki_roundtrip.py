#!/usr/bin/env python3
"""The real Anki (PyPI `anki`, pinned in scripts/install-deps.sh) reading and
writing Sheli's glossary files, for src-tauri/tests/integration/real_clients.rs.

    anki_roundtrip.py OUT_DIR FILE...

Imports each FILE (Sheli's TSV exports) into one fresh collection, in order,
as Anki's own File > Import does for a text file with headers; then prints
the collection's notes as JSON (guid, note type, deck, fields, tags) and
writes Anki's own "Notes in Plain Text" export, with every header column
(GUID, note type, deck, tags), to OUT_DIR/anki-export.txt.
"""
import json
import os
import sys
import tempfile

from anki.collection import Collection, ImportCsvRequest

out_dir, files = sys.argv[1], sys.argv[2:]
col = Collection(os.path.join(tempfile.mkdtemp(), "collection.anki2"))
for path in files:
    metadata = col.get_csv_metadata(path=path, delimiter=None)
    col.import_csv(ImportCsvRequest(path=path, metadata=metadata))
notes = []
for nid in col.find_notes(""):
    note = col.get_note(nid)
    card = col.get_card(note.card_ids()[0])
    notes.append({
        "guid": note.guid,
        "notetype": note.note_type()["name"],
        "deck": col.decks.name(card.did),
        "fields": dict(note.items()),
        "tags": note.tags,
    })
col.export_note_csv(
    out_path=os.path.join(out_dir, "anki-export.txt"), limit=None, with_html=True,
    with_tags=True, with_deck=True, with_notetype=True, with_guid=True,
)
col.close()
print(json.dumps(notes, ensure_ascii=False))
