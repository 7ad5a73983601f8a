//! A glossary as an Anki package (`.apkg`), with the drawings of the
//! built-in cards as the package's media.
//!
//! The package is Anki's "legacy" format, which every Anki since 2.1 (and
//! AnkiDroid, AnkiMobile) imports: a zip holding `collection.anki2` (an
//! SQLite collection of schema 11, whose note types, decks and deck options
//! are JSON in the `col` row), `media` (JSON: zip member name → media file
//! name) and the media files under the names `0`, `1`, …. The newer format
//! (`collection.anki21b`, zstd, protobuf media list) would need zstd and
//! protobuf for nothing more. The zip entries are stored, not deflated: the
//! whole package is a few hundred kilobytes, and the zip crate then needs
//! no compression back-end.
//!
//! What Anki shows: one note type, "Sheli glossary", with the fields
//! Headword, Reading, Definition, Picture (an `<img>` of the drawing, an SVG
//! file, which Anki's web views draw) and Passages, and one card per note
//! (the headword asked, the rest on the back). The note type's id is fixed,
//! so a second import finds it again instead of adding a copy; each note's
//! GUID is the card's (the same as in the TSV export) and its modification
//! time the card's, so Anki's default "update notes if newer" updates a card
//! edited in Sheli and leaves the others. A note that came in through the
//! TSV export (note type Basic) has the same GUID: Anki reports it as of a
//! different note type, and its "Merge note types" option converts it.

use std::collections::BTreeMap;
use std::io::{Cursor, Write};

use rusqlite::{Connection, MAIN_DB, params};
use serde_json::{Value, json};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::anki_tsv::{card_guid, html_field};
use crate::{Result, Store, StoreError, builtin_card, now};

/// The note type's id: fixed, so that Anki matches it on every import.
pub const NOTETYPE_ID: i64 = 1_732_000_000_000;
/// The note type's name as Anki shows it.
pub const NOTETYPE_NAME: &str = "Sheli glossary";
/// When the note type (fields, templates, style) last changed, in seconds:
/// raise it with any change to them, so that Anki updates the note type it
/// already has.
const NOTETYPE_MTIME: i64 = 1_764_028_800;
/// The note type's fields, in order (the first is the sort field).
pub const FIELDS: [&str; 5] = ["Headword", "Reading", "Definition", "Picture", "Passages"];

/// Prefix of the media files' names: Anki keeps every deck's media in one
/// folder, and `zhi.svg` alone could be some other deck's file.
const MEDIA_PREFIX: &str = "sheli-";

const FRONT: &str = r#"<div class="headword" lang="zh-Hant">{{Headword}}</div>"#;
const BACK: &str = r#"{{FrontSide}}
<hr id="answer">
{{#Reading}}<div class="reading">{{Reading}}</div>{{/Reading}}
<div class="definition">{{Definition}}</div>
{{#Picture}}<div class="picture">{{Picture}}</div>{{/Picture}}
{{#Passages}}<div class="passages">{{Passages}}</div>{{/Passages}}"#;
// The drawings use `currentColor`, which an SVG drawn as an <img> takes as
// black: a white ground keeps them legible in Anki's night mode.
const CSS: &str = ".card { font-family: serif; font-size: 20px; text-align: center; }
.headword { font-size: 2.4em; }
.reading { font-style: italic; }
.definition { text-align: left; white-space: normal; }
.picture img { max-width: 100%; height: auto; background: #fff; border-radius: 4px; }
.passages { font-size: 0.7em; opacity: 0.7; }
";

const SCHEMA: &str = "
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL,
  scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL,
  ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
  dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
  sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL,
  ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL,
  queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
  reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL,
  odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,
  ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL,
  time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
";

fn notetype() -> Value {
    let fields: Vec<Value> = FIELDS
        .iter()
        .enumerate()
        .map(|(ord, name)| {
            json!({"name": name, "ord": ord, "sticky": false, "rtl": false,
                   "font": "serif", "size": 20, "media": []})
        })
        .collect();
    json!({
        "id": NOTETYPE_ID.to_string(), "name": NOTETYPE_NAME, "type": 0,
        "mod": NOTETYPE_MTIME, "usn": -1, "sortf": 0, "did": null,
        "tmpls": [{"name": "Headword", "ord": 0, "qfmt": FRONT, "afmt": BACK,
                   "bqfmt": "", "bafmt": "", "did": null, "bfont": "", "bsize": 0}],
        "flds": fields, "css": CSS, "latexPre": "", "latexPost": "", "latexsvg": false,
        // The card exists when the headword is not empty.
        "req": [[0, "any", [0]]], "tags": [], "vers": [],
    })
}

fn deck(id: i64, name: &str, description: &str, mtime: i64) -> Value {
    json!({
        "id": id, "name": name, "desc": description, "mod": mtime, "usn": -1,
        "collapsed": false, "browserCollapsed": false, "dyn": 0, "conf": 1,
        "extendNew": 0, "extendRev": 0,
        "newToday": [0, 0], "revToday": [0, 0], "lrnToday": [0, 0], "timeToday": [0, 0],
    })
}

/// Anki's default deck options (the ones a new collection has).
fn deck_options() -> Value {
    json!({"1": {
        "id": 1, "name": "Default", "mod": 0, "usn": 0, "maxTaken": 60, "autoplay": true,
        "timer": 0, "replayq": true, "dyn": false,
        "new": {"bury": false, "delays": [1.0, 10.0], "initialFactor": 2500, "ints": [1, 4, 0],
                "order": 1, "perDay": 20},
        "lapse": {"delays": [10.0], "leechAction": 1, "leechFails": 8, "minInt": 1, "mult": 0.0},
        "rev": {"bury": false, "ease4": 1.3, "ivlFct": 1.0, "maxIvl": 36500, "perDay": 200,
                "hardFactor": 1.2},
    }})
}

/// The package's media: file name → SVG text, one entry per drawing.
type Media = BTreeMap<String, &'static str>;

/// The media file name and SVG text of a built-in card's drawing, if it
/// has one. The corpus checks that drawings are `*.svg` file names.
fn picture(builtin: Option<&str>) -> Option<(String, &'static str)> {
    let file = builtin_card(builtin?).ok()?.picture.as_deref()?;
    let svg = sheli_corpus::glossary::builtin_picture(file)?;
    Some((format!("{MEDIA_PREFIX}{file}"), svg))
}

/// The parts of the package, each said by its own code when it could not
/// be written: the window names the part in its language, and the zip
/// library's words are only the quoted detail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part<'a> {
    /// The cards' database (`collection.anki2`).
    Collection,
    /// The list of the drawings' names (`media`).
    MediaList,
    /// One drawing, by its file name.
    Drawing(&'a str),
    /// Closing the package.
    Whole,
}

/// A zip written into memory fails only if Sheli wrote it wrongly; said
/// as what it is, with the part that failed, rather than unwrapped.
fn package_error<E: std::fmt::Display>(part: Part<'_>) -> impl Fn(E) -> StoreError + '_ {
    use crate::StoreCode as C;
    move |e| {
        let detail = ("detail", e.to_string());
        let (code, params, what) = match part {
            Part::Collection => (C::RefusedApkgCollection, vec![detail], "its cards".to_owned()),
            Part::MediaList => (C::RefusedApkgMedia, vec![detail], "its list of drawings".into()),
            Part::Drawing(name) => (
                C::RefusedApkgDrawing,
                vec![("name", name.to_owned()), detail],
                format!("the drawing {name}"),
            ),
            Part::Whole => (C::RefusedApkg, vec![detail], "the package".into()),
        };
        crate::refused(code, params, format!("the Anki package could not be made ({what}): {e}"))
    }
}

impl Store {
    /// A glossary as an Anki package (see the module documentation).
    pub fn export_glossary_apkg(&self, id: i64) -> Result<Vec<u8>> {
        let g = self.glossary(id)?;
        let cards = self.cards(id)?;
        let stored = crate::cards::stored_guids(&self.conn, id)?;
        let at = now();
        // Anki's ids are milliseconds; a deck's is only its key in the
        // package (Anki matches decks by name), but must not be 1, the
        // Default deck.
        let deck_id = (g.created.max(1) * 1000).max(2);
        let db = Connection::open_in_memory()?;
        db.execute_batch(SCHEMA)?;
        let decks = json!({
            "1": deck(1, "Default", "", 0),
            deck_id.to_string(): deck(deck_id, &g.name, &html_field(&g.description), g.modified),
        });
        let conf = json!({"activeDecks": [deck_id], "curDeck": deck_id,
                          "curModel": NOTETYPE_ID.to_string(), "nextPos": cards.len() + 1,
                          "sortType": "noteFld", "sortBackwards": false, "addToCur": true,
                          "collapseTime": 1200, "dueCounts": true, "estTimes": true,
                          "newSpread": 0, "timeLim": 0});
        db.execute(
            "INSERT INTO col VALUES (1, ?1, ?2, ?2, 11, 0, 0, 0, ?3, ?4, ?5, ?6, '{}')",
            params![
                at - at % 86_400,
                at * 1000,
                conf.to_string(),
                json!({ NOTETYPE_ID.to_string(): notetype() }).to_string(),
                decks.to_string(),
                deck_options().to_string(),
            ],
        )?;
        let mut media = Media::new();
        let mut used_ids = std::collections::HashSet::new();
        for (due, c) in cards.iter().enumerate() {
            // Ids from the card's creation (milliseconds, as Anki's are),
            // made unique within the package; Anki renumbers any that clash
            // with its own.
            let mut nid = c.created.max(1) * 1000;
            while !used_ids.insert(nid) {
                nid += 1;
            }
            let picture = match picture(c.builtin_id.as_deref()) {
                Some((name, svg)) => {
                    let field = format!(
                        r#"<img src="{}" alt="{}">"#,
                        html_field(&name),
                        html_field(&c.headword)
                    );
                    media.insert(name, svg);
                    field
                }
                None => String::new(),
            };
            let fields = [
                html_field(&c.headword),
                html_field(&c.reading),
                html_field(&c.definition),
                picture,
                html_field(&c.passages.join(" ")),
            ];
            let tags =
                if c.tags.is_empty() { String::new() } else { format!(" {} ", c.tags.join(" ")) };
            // csum (the first field's checksum, for Anki's duplicate check)
            // is left 0: Anki computes it, and the sort field, when it adds
            // or updates a note.
            db.execute(
                "INSERT INTO notes VALUES (?1, ?2, ?3, ?4, -1, ?5, ?6, ?7, 0, 0, '')",
                params![
                    nid,
                    card_guid(c, &stored),
                    NOTETYPE_ID,
                    c.modified,
                    tags,
                    fields.join("\u{1f}"),
                    c.headword
                ],
            )?;
            // A new card (type 0, queue 0), due in the glossary's order.
            db.execute(
                "INSERT INTO cards VALUES (?1, ?1, ?2, 0, ?3, -1, 0, 0, ?4, 0, 0, 0, 0, 0, 0, 0, 0, '')",
                params![nid, deck_id, c.modified, due as i64 + 1],
            )?;
        }
        let collection = db.serialize(MAIN_DB)?;
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        let entry = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
        zip.start_file("collection.anki2", entry).map_err(package_error(Part::Collection))?;
        zip.write_all(&collection).map_err(package_error(Part::Collection))?;
        let list: BTreeMap<String, &String> =
            media.keys().enumerate().map(|(i, name)| (i.to_string(), name)).collect();
        let listed = serde_json::to_string(&list).map_err(package_error(Part::MediaList))?;
        zip.start_file("media", entry).map_err(package_error(Part::MediaList))?;
        zip.write_all(listed.as_bytes()).map_err(package_error(Part::MediaList))?;
        for (i, (name, svg)) in media.iter().enumerate() {
            zip.start_file(i.to_string(), entry).map_err(package_error(Part::Drawing(name)))?;
            zip.write_all(svg.as_bytes()).map_err(package_error(Part::Drawing(name)))?;
        }
        Ok(zip.finish().map_err(package_error(Part::Whole))?.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each part of the package that could not be written has its code
    /// (the drawing with its name), the zip library's words only as detail.
    #[test]
    fn a_package_that_could_not_be_made_says_which_part() {
        let cases = [
            (Part::Collection, "store.refused.apkg_collection", vec![]),
            (Part::MediaList, "store.refused.apkg_media", vec![]),
            (Part::Drawing("sheli-hou.svg"), "store.refused.apkg_drawing", vec!["sheli-hou.svg"]),
            (Part::Whole, "store.refused.apkg", vec![]),
        ];
        for (part, code, name) in cases {
            let e = package_error(part)("invalid name");
            assert_eq!(e.code().id(), code, "{part:?}");
            let params = e.params();
            let names: Vec<&str> =
                params.iter().filter(|(k, _)| *k == "name").map(|(_, v)| v.as_str()).collect();
            assert_eq!(names, name, "{part:?}");
            assert!(params.contains(&("detail", "invalid name".to_string())), "{params:?}");
        }
    }
}
