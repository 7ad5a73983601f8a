//! Sheli's own glossary file: JSON ([`GlossaryFile`]), written and read
//! back whole.

use serde_json::Value;
use sheli_corpus::Corpus;

use super::{
    GLOSSARY_FORMAT, GLOSSARY_VERSION, GlossaryFile, GlossaryImport, check_size, malformed_as,
    not_json,
};
use crate::{Result, Store, StoreCode};

impl Store {
    /// A glossary as JSON ([`GlossaryFile`]).
    pub fn export_glossary_json(&self, id: i64) -> Result<String> {
        Ok(serde_json::to_string_pretty(&self.glossary_file(id)?).expect("plain data serialises"))
    }

    /// Imports a glossary JSON file as a new glossary, named `name` or as
    /// the file says.
    pub fn import_glossary_json(
        &mut self,
        corpus: &Corpus,
        text: &str,
        name: Option<&str>,
    ) -> Result<GlossaryImport> {
        const WHAT: &str = "the glossary file";
        check_size(WHAT, text)?;
        let head: Value = serde_json::from_str(text).map_err(|e| not_json(WHAT, &e))?;
        match head.get("format").and_then(Value::as_str) {
            Some(GLOSSARY_FORMAT) => {}
            Some(other) => {
                return Err(malformed_as(
                    WHAT,
                    StoreCode::MalformedFormat,
                    [("format", other.to_owned()), ("expected", GLOSSARY_FORMAT.to_owned())],
                    format!("its format is “{other}”, not “{GLOSSARY_FORMAT}”"),
                ));
            }
            None => {
                return Err(malformed_as(
                    WHAT,
                    StoreCode::MalformedNoFormat,
                    [("expected", GLOSSARY_FORMAT.to_owned())],
                    format!("it has no \"format\": \"{GLOSSARY_FORMAT}\""),
                ));
            }
        }
        if let Some(v) =
            head.get("version").and_then(Value::as_u64).filter(|&v| v > GLOSSARY_VERSION as u64)
        {
            return Err(malformed_as(
                WHAT,
                StoreCode::MalformedNewer,
                [("version", v.to_string()), ("known", GLOSSARY_VERSION.to_string())],
                format!(
                    "it was written by a newer Sheli (version {v}; this one reads up to {GLOSSARY_VERSION})"
                ),
            ));
        }
        let file: GlossaryFile = serde_json::from_value(head).map_err(|e| {
            // serde's words name the field and the type it wanted: a
            // detail only, quoted inside a sentence of ours.
            malformed_as(
                WHAT,
                StoreCode::MalformedFields,
                [("detail", e.to_string())],
                format!("its fields are not a glossary's ({e})"),
            )
        })?;
        self.import_cards(
            corpus,
            WHAT,
            name.unwrap_or(&file.name),
            &file.description,
            file.cards,
            Vec::new(),
        )
    }
}
