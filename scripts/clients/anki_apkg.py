#!/usr/bin/env python3
"""The real Anki (PyPI `anki`, pinned in scripts/install-deps.sh) importing
Sheli's glossary packages, for src-tauri/tests/integration/real_clients.rs.

    anki_apkg.py FILE.apkg...

Imports each package into one fresh collection, in order, with the options
Anki's import dialog starts with (notes and note types updated if newer,
note types not merged); then prints JSON: the import logs (counts of new,
updated and duplicate notes), the notes (GUID, note type, deck, fields,
tags, and the media files their fields name, as Anki's media check finds
them), the media folder's files with their bytes' SHA-256, and the HTML of
each note's card question and answer as Anki renders them.
"""
import hashlib
import json
import os
import sys
import tempfile

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

col = Collection(os.path.join(tempfile.mkdtemp(), "collection.anki2"))
logs = []
for path in sys.argv[1:]:
    out = col.import_anki_package(
        ImportAnkiPackageRequest(package_path=path, options=ImportAnkiPackageOptions())
    )
    log = out.log
    logs.append({
        "new": len(log.new), "updated": len(log.updated), "duplicate": len(log.duplicate),
        "conflicting": len(log.conflicting), "found": log.found_notes,
    })
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
        "media": sorted(col.media.files_in_str(note.mid, note.joined_fields())),
        "cards": len(note.card_ids()),
        "question": card.question(),
        "answer": card.answer(),
    })
media_dir = col.media.dir()
media = {
    name: hashlib.sha256(open(os.path.join(media_dir, name), "rb").read()).hexdigest()
    for name in sorted(os.listdir(media_dir))
    if os.path.isfile(os.path.join(media_dir, name))
}
col.close()
print(json.dumps({"imports": logs, "notes": notes, "media": media}, ensure_ascii=False))
