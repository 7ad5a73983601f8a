//! Notes as W3C Web Annotations (JSON-LD), and their import.
//!
//! The export is an `AnnotationCollection` and its one `AnnotationPage`,
//! each with an `id` (`urn:uuid:…`, named after the notes it holds, so the
//! same notes export to the same ids; the page is `partOf` the collection). Each annotation keeps its note's `urn:uuid:`
//! across exports. Its target names the passage by a stable IRI,
//! `urn:sheli:passage:<passage id>` (a passage id is `<work>.<edition>.<ordinal>`,
//! e.g. `xiangshe.zhushu.0123`, and never changes for a text), and gives the
//! work, the edition and the layer in Sheli's own terms (`sheli:work`,
//! `sheli:edition`, `sheli:layer`, the prefix `sheli:` declared in the
//! context as `urn:sheli:vocab#`). Its selectors count characters of the
//! passage's text: every segment's text (every layer, in the order the
//! passage gives them) joined with no separator, as `sheli:positions` says in
//! each target.
//!
//! A note that anchors several passages has one target per anchor, in order
//! (`target` is then an array; a note with one anchor keeps a single
//! object). A target whose quote is no longer found says so with
//! `sheli:orphaned: true`. The note's colour is `sheli:colour` (one of
//! `yellow`, `green`, `blue`, `pink`, `purple`). The import reads every
//! target back, placing each by its quote; one that cannot be placed is kept
//! as an orphaned anchor.

use std::collections::HashSet;

use serde_json::{Value, json};
use sheli_corpus::{Corpus, Layer};

use super::{NotesImport, check_size};
use crate::anchor::{Anchor, Target};
use crate::notes::{self, MAX_ANCHORS, Note, NoteAnchor, NoteColour, NoteFilter, NoteRow};
use crate::time::{format_rfc3339, parse_rfc3339};
use crate::{Result, Store, StoreCode, StoreError, check_tags, limits, now};

/// The JSON-LD context of Web Annotations.
pub const ANNO_CONTEXT: &str = "http://www.w3.org/ns/anno.jsonld";
/// Prefix of a passage's URI in Web Annotation targets.
pub const PASSAGE_URN: &str = "urn:sheli:passage:";

/// A name-based UUID URN (the version-5 layout, over SHA-256) of `parts`:
/// the same notes give the same collection id in every export.
fn name_uuid<'a>(parts: impl Iterator<Item = &'a str>) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"sheli annotation collection\0");
    for p in parts {
        h.update(p.as_bytes());
        h.update([0]);
    }
    let mut b: Vec<u8> = h.finalize()[..16].to_vec();
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let x: String = b.iter().map(|v| format!("{v:02x}")).collect();
    format!("urn:uuid:{}-{}-{}-{}-{}", &x[0..8], &x[8..12], &x[12..16], &x[16..20], &x[20..32])
}

/// What a target's positions count, said in each target.
const POSITIONS: &str =
    "characters of the passage's segments (every layer, in order) joined with no separator";

/// The context of Sheli's exports: Web Annotation's, and the `sheli:` prefix
/// of its own properties.
fn context() -> Value {
    json!([ANNO_CONTEXT, { "sheli": "urn:sheli:vocab#" }])
}

/// The body of a note as one Web Annotation.
fn annotation(corpus: &Corpus, n: &Note) -> Value {
    let mut body = vec![json!({
        "type": "TextualBody",
        "value": n.body,
        "format": "text/markdown",
        "purpose": "commenting",
    })];
    for t in &n.tags {
        body.push(json!({ "type": "TextualBody", "value": t, "purpose": "tagging" }));
    }
    let targets: Vec<Value> = n.anchors().iter().map(|a| target(corpus, a)).collect();
    let target = match <[Value; 1]>::try_from(targets) {
        Ok([one]) => one,
        Err(several) => Value::Array(several),
    };
    json!({
        "@context": context(),
        "id": format!("urn:uuid:{}", n.uuid),
        "type": "Annotation",
        "motivation": "commenting",
        "created": format_rfc3339(n.created),
        "modified": format_rfc3339(n.modified),
        "sheli:colour": n.colour.name(),
        "body": body,
        "target": target,
    })
}

/// One anchor of a note as a Web Annotation target.
fn target(corpus: &Corpus, a: &NoteAnchor) -> Value {
    let edition = corpus.source(&a.source_id).map(|s| s.info.edition.clone()).unwrap_or_default();
    let mut t = json!({
        "type": "SpecificResource",
        "source": format!("{PASSAGE_URN}{}", a.passage_id),
        "sheli:work": a.work,
        "sheli:edition": edition,
        "sheli:layer": a.layer.label(),
        "sheli:positions": POSITIONS,
        "selector": [
            { "type": "TextQuoteSelector", "exact": a.exact, "prefix": a.prefix, "suffix": a.suffix },
            { "type": "TextPositionSelector", "start": a.start, "end": a.end },
        ],
    });
    if a.orphaned {
        t["sheli:orphaned"] = json!(true);
    }
    t
}

/// `value` as a list: an array's items, or the value itself.
fn as_list(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array(a) => a.iter().collect(),
        Value::Null => Vec::new(),
        v => vec![v],
    }
}

fn has_type(v: &Value, t: &str) -> bool {
    as_list(&v["type"]).iter().any(|x| x.as_str() == Some(t))
}

fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.char_indices().all(|(i, c)| {
            if matches!(i, 8 | 13 | 18 | 23) { c == '-' } else { c.is_ascii_hexdigit() }
        })
}

/// An annotation read from JSON, checked.
struct Incoming {
    uuid: Option<String>,
    targets: Vec<IncomingTarget>,
    body: String,
    tags: Vec<String>,
    colour: NoteColour,
    created: i64,
    modified: i64,
}

/// One target of an incoming annotation.
struct IncomingTarget {
    passage_id: String,
    exact: String,
    prefix: String,
    suffix: String,
    start: usize,
    end: usize,
}

/// What is wrong inside one annotation: its own code (`store.annotation.*`,
/// or a note's check), the values of its sentence and the English one.
type Fault = crate::Refusal;

fn read_target(
    target: &Value,
    ctx: &dyn Fn(StoreCode, Vec<(&'static str, String)>, String) -> Fault,
) -> std::result::Result<IncomingTarget, Fault> {
    let source = target.get("source").and_then(Value::as_str).ok_or_else(|| {
        ctx(StoreCode::AnnotationNoSource, vec![], "its target has no source".into())
    })?;
    let passage_id = source
        .strip_prefix(PASSAGE_URN)
        .filter(|p| !p.is_empty() && p.len() <= 200 && !p.chars().any(char::is_whitespace))
        .ok_or_else(|| {
            ctx(
                StoreCode::AnnotationNotPassage,
                vec![("source", source.to_owned()), ("urn", PASSAGE_URN.to_owned())],
                format!("its target “{source}” is not a Sheli passage ({PASSAGE_URN}…)"),
            )
        })?
        .to_owned();
    let selectors = as_list(target.get("selector").unwrap_or(&Value::Null));
    let quote = selectors.iter().find(|s| has_type(s, "TextQuoteSelector")).ok_or_else(|| {
        ctx(StoreCode::AnnotationNoQuote, vec![], "its target has no TextQuoteSelector".into())
    })?;
    let text = |k: &str| quote.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
    let exact = text("exact");
    if exact.is_empty() {
        return Err(ctx(
            StoreCode::AnnotationNoExact,
            vec![],
            "its TextQuoteSelector has no \"exact\" text".into(),
        ));
    }
    let (prefix, suffix) = (text("prefix"), text("suffix"));
    let len = exact.chars().count();
    if len > limits::QUOTE
        || prefix.chars().count() > limits::QUOTE
        || suffix.chars().count() > limits::QUOTE
    {
        return Err(ctx(
            StoreCode::AnnotationQuoteTooLong,
            vec![("max", limits::QUOTE.to_string())],
            format!("its quote is too long (at most {} characters)", limits::QUOTE),
        ));
    }
    let (start, end) = match selectors.iter().find(|s| has_type(s, "TextPositionSelector")) {
        Some(p) => {
            let num = |k: &str| p.get(k).and_then(Value::as_u64).map(|n| n as usize);
            match (num("start"), num("end")) {
                (Some(s), Some(e)) if s < e && e - s == len => (s, e),
                (Some(s), Some(e)) if s < e => (s, s + len),
                _ => {
                    return Err(ctx(
                        StoreCode::AnnotationPosition,
                        vec![],
                        "its TextPositionSelector needs \"start\" < \"end\"".into(),
                    ));
                }
            }
        }
        None => (0, len),
    };
    Ok(IncomingTarget { passage_id, exact, prefix, suffix, start, end })
}

fn read_annotation(a: &Value, n: usize) -> std::result::Result<Incoming, Fault> {
    let ctx = |code: StoreCode, params: Vec<(&'static str, String)>, m: String| Fault {
        code,
        params,
        message: format!("annotation {n}: {m}"),
    };
    // A note's own check (its body, its tags) refused the value.
    let refused = |e: StoreError| {
        let message = format!("annotation {n}: {e}");
        super::cause_of(&e, message)
    };
    if !a.is_object() || !has_type(a, "Annotation") {
        return Err(ctx(
            StoreCode::AnnotationNotObject,
            vec![],
            "it is not an object of \"type\": \"Annotation\"".into(),
        ));
    }
    let uuid = match a.get("id").and_then(Value::as_str) {
        Some(id) => {
            id.strip_prefix("urn:uuid:").map(|u| u.to_ascii_lowercase()).filter(|u| is_uuid(u))
        }
        None => None,
    };
    let mut body = None;
    let mut tags = Vec::new();
    if let Some(v) = a.get("bodyValue").and_then(Value::as_str) {
        body = Some(v.to_owned());
    }
    for b in as_list(a.get("body").unwrap_or(&Value::Null)) {
        let value = match b {
            Value::String(s) => Some(s.as_str()),
            Value::Object(_) => b.get("value").and_then(Value::as_str),
            _ => None,
        };
        let Some(value) = value else { continue };
        if b.get("purpose").and_then(Value::as_str) == Some("tagging") {
            tags.push(value.to_owned());
        } else if body.is_none() {
            body = Some(value.to_owned());
        }
    }
    let targets = as_list(a.get("target").unwrap_or(&Value::Null))
        .into_iter()
        .map(|t| read_target(t, &ctx))
        .collect::<std::result::Result<Vec<_>, Fault>>()?;
    if targets.is_empty() {
        return Err(ctx(StoreCode::AnnotationNoTarget, vec![], "it has no target".into()));
    }
    if targets.len() > MAX_ANCHORS {
        return Err(ctx(
            StoreCode::AnnotationTooManyTargets,
            vec![("count", targets.len().to_string()), ("max", MAX_ANCHORS.to_string())],
            format!(
                "it has {} targets; a note anchors at most {MAX_ANCHORS} passages",
                targets.len()
            ),
        ));
    }
    let colour = match a.get("sheli:colour") {
        None | Some(Value::Null) => NoteColour::default(),
        Some(v) => v.as_str().and_then(NoteColour::parse).ok_or_else(|| {
            let colours = NoteColour::ALL.map(NoteColour::name).join(", ");
            ctx(
                StoreCode::AnnotationColour,
                vec![("colour", v.to_string()), ("colours", colours.clone())],
                format!("its colour {v} is none of {colours}"),
            )
        })?,
    };
    let time = |k: &'static str| -> std::result::Result<Option<i64>, Fault> {
        match a.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => parse_rfc3339(s).map(Some).ok_or_else(|| {
                ctx(
                    StoreCode::AnnotationTimeFormat,
                    vec![("key", k.to_owned()), ("time", s.clone())],
                    format!("its “{k}” time “{s}” is not RFC 3339"),
                )
            }),
            Some(_) => Err(ctx(
                StoreCode::AnnotationNotTime,
                vec![("key", k.to_owned())],
                format!("its “{k}” is not a time"),
            )),
        }
    };
    let created = time("created")?.unwrap_or_else(now);
    let modified = time("modified")?.unwrap_or(created);
    let body = body.unwrap_or_default();
    let body = notes::check_body(&body).map_err(refused)?;
    let tags = check_tags(&tags).map_err(refused)?;
    Ok(Incoming { uuid, targets, body, tags, colour, created, modified })
}

impl Store {
    /// Notes as W3C Web Annotation JSON: an `AnnotationCollection`.
    pub fn export_notes_annotations(&self, corpus: &Corpus, filter: &NoteFilter) -> Result<String> {
        let notes = self.notes(filter)?;
        let items: Vec<Value> = notes.iter().map(|n| annotation(corpus, n)).collect();
        let collection = name_uuid(notes.iter().map(|n| n.uuid.as_str()));
        let page = name_uuid([collection.as_str(), "page 1"].into_iter());
        let doc = json!({
            "@context": context(),
            "id": collection,
            "type": "AnnotationCollection",
            "label": "Notes from Sheli 射禮",
            // The W3C context defines no `version`: a JSON-LD processor
            // drops it. schema.org's term is declared there (`schema:`).
            "generator": {
                "type": "Software",
                "name": "Sheli 射禮",
                "schema:softwareVersion": env!("CARGO_PKG_VERSION"),
            },
            "generated": format_rfc3339(now()),
            "total": items.len(),
            "first": { "id": page, "type": "AnnotationPage", "partOf": collection, "startIndex": 0, "items": items },
        });
        Ok(serde_json::to_string_pretty(&doc).expect("JSON values serialise"))
    }

    /// Imports W3C Web Annotation JSON (one `Annotation`, an array of them,
    /// an `AnnotationPage` or an `AnnotationCollection` with its first page
    /// embedded). Targets must be Sheli passages. Each note is placed in
    /// `corpus` as on re-anchoring; one that cannot be placed is kept as
    /// orphaned. Annotations whose id is already in the store are skipped.
    pub fn import_notes_annotations(&mut self, corpus: &Corpus, text: &str) -> Result<NotesImport> {
        const WHAT: &str = "the annotation file";
        check_size(WHAT, text)?;
        let doc: Value = serde_json::from_str(text).map_err(|e| super::not_json(WHAT, &e))?;
        let items: Vec<&Value> = if doc.is_array() {
            as_list(&doc)
        } else if has_type(&doc, "AnnotationCollection") {
            match doc.get("first") {
                Some(page) if page.is_object() => {
                    as_list(page.get("items").unwrap_or(&Value::Null))
                }
                None => Vec::new(),
                Some(_) => {
                    return Err(super::malformed_as(
                        WHAT,
                        crate::StoreCode::MalformedCollectionPage,
                        [],
                        "its collection's first page is not embedded in the file",
                    ));
                }
            }
        } else if has_type(&doc, "AnnotationPage") {
            as_list(doc.get("items").unwrap_or(&Value::Null))
        } else if has_type(&doc, "Annotation") {
            vec![&doc]
        } else {
            return Err(super::malformed_as(
                WHAT,
                crate::StoreCode::MalformedNotAnnotation,
                [],
                "it is neither an Annotation, an AnnotationPage nor an AnnotationCollection",
            ));
        };
        let mut incoming = Vec::with_capacity(items.len());
        let mut seen = HashSet::new();
        for (i, a) in items.iter().enumerate() {
            let inc = read_annotation(a, i + 1).map_err(|fault| {
                super::malformed_in(
                    WHAT,
                    StoreCode::MalformedAnnotation,
                    [("n", (i + 1).to_string())],
                    fault,
                )
            })?;
            if let Some(u) = &inc.uuid
                && !seen.insert(u.clone())
            {
                return Err(super::malformed_as(
                    WHAT,
                    crate::StoreCode::MalformedIdTwice,
                    [("n", (i + 1).to_string()), ("id", format!("urn:uuid:{u}"))],
                    format!("annotation {}: the id urn:uuid:{u} appears twice", i + 1),
                ));
            }
            incoming.push(inc);
        }
        let mut rows = Vec::new();
        let mut summary = NotesImport::default();
        for inc in incoming {
            let mut anchors = inc.targets.iter().map(|t| place_target(corpus, t));
            let Some((anchor, orphaned)) = anchors.next() else { continue };
            rows.push(NoteRow {
                uuid: inc.uuid,
                anchor,
                more_anchors: anchors.collect(),
                body: inc.body,
                tags: inc.tags,
                colour: inc.colour,
                orphaned,
                created: inc.created,
                modified: inc.modified,
            });
        }
        self.write(|tx| {
            for row in &rows {
                if let Some(u) = &row.uuid {
                    let exists: bool = tx.query_row(
                        "SELECT EXISTS (SELECT 1 FROM note WHERE uuid = ?1)",
                        [u],
                        |r| r.get(0),
                    )?;
                    if exists {
                        summary.skipped += 1;
                        continue;
                    }
                }
                notes::insert(tx, row)?;
                summary.imported += 1;
                summary.orphaned += u32::from(row.orphaned);
            }
            Ok(())
        })?;
        Ok(summary)
    }
}

/// An incoming target placed in `corpus` as on re-anchoring, or kept as it
/// came, orphaned (`true`), when its quote is not found.
fn place_target(corpus: &Corpus, t: &IncomingTarget) -> (Anchor, bool) {
    let source_id =
        t.passage_id.rsplit_once('.').map(|(s, _)| s).unwrap_or(&t.passage_id).to_owned();
    let target = Target {
        passage_id: &t.passage_id,
        source_id: &source_id,
        exact: &t.exact,
        prefix: &t.prefix,
        suffix: &t.suffix,
        start: t.start,
        end: t.end,
    };
    match notes::place(corpus, &target) {
        Some(a) => (a, false),
        None => (
            Anchor {
                passage_id: t.passage_id.clone(),
                work: corpus.source(&source_id).map(|s| s.info.work.clone()).unwrap_or_default(),
                source_id,
                layer: Layer::Jing,
                exact: t.exact.clone(),
                prefix: t.prefix.clone(),
                suffix: t.suffix.clone(),
                start: t.start as u32,
                end: t.end as u32,
            },
            true,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids() {
        assert!(is_uuid("123e4567-e89b-42d3-a456-426614174000"));
        assert!(!is_uuid("123e4567e89b42d3a456426614174000"));
    }
}
