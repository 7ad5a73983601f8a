//! Pinyin readings: which characters a typed syllable stands for. The
//! readings are Unihan's, from the character tables (sheli-chars), so search
//! and the character entry agree on what 觶 is read.

pub use sheli_chars::Syllable;
