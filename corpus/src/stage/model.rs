//! The stage data as read from `corpus/stage/*.toml` (schema in
//! `corpus/stage/README.md`) and as sent to the CLI and the window: the same
//! names, so a reader of the JSON can find the file's fields.

use serde::{Deserialize, Serialize};

use crate::model::Layer;

/// Which way a figure faces: one of the eight the text uses (北面 … 西南面).
/// Serialised as the text writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Facing {
    #[serde(rename = "北面")]
    North,
    #[serde(rename = "東北面")]
    NorthEast,
    #[serde(rename = "東面")]
    East,
    #[serde(rename = "東南面")]
    SouthEast,
    #[serde(rename = "南面")]
    South,
    #[serde(rename = "西南面")]
    SouthWest,
    #[serde(rename = "西面")]
    West,
    #[serde(rename = "西北面")]
    NorthWest,
}

impl Facing {
    /// The text's word for it.
    pub fn label(self) -> &'static str {
        match self {
            Facing::North => "北面",
            Facing::NorthEast => "東北面",
            Facing::East => "東面",
            Facing::SouthEast => "東南面",
            Facing::South => "南面",
            Facing::SouthWest => "西南面",
            Facing::West => "西面",
            Facing::NorthWest => "西北面",
        }
    }

    /// Degrees clockwise from north (north 0, east 90): the direction of the
    /// facing tick on a plan drawn with north at the top.
    pub fn degrees(self) -> u16 {
        match self {
            Facing::North => 0,
            Facing::NorthEast => 45,
            Facing::East => 90,
            Facing::SouthEast => 135,
            Facing::South => 180,
            Facing::SouthWest => 225,
            Facing::West => 270,
            Facing::NorthWest => 315,
        }
    }
}

/// What puts a figure where a move says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Basis {
    /// The quoted words of the 經 (or 記) say it.
    #[serde(rename = "經")]
    Jing,
    /// The text does not restate it: the figure stays where an earlier step
    /// (the move's `from`) put it.
    #[serde(rename = "carried")]
    Carried,
    /// 鄭玄's 注 places the figure (the move's `basis_quote`).
    #[serde(rename = "注")]
    Zhu,
    /// 賈公彥's 疏 places the figure.
    #[serde(rename = "疏")]
    Shu,
    /// 朱熹's 今按 places the figure.
    #[serde(rename = "按")]
    An,
}

impl Basis {
    /// The commentary layer that places the figure, for the bases that quote one.
    pub fn layer(self) -> Option<Layer> {
        match self {
            Basis::Zhu => Some(Layer::Zhu),
            Basis::Shu => Some(Layer::Shu),
            Basis::An => Some(Layer::An),
            Basis::Jing | Basis::Carried => None,
        }
    }
}

/// A commentator who reads a figure's place otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Reader {
    #[serde(rename = "注")]
    Zhu,
    #[serde(rename = "疏")]
    Shu,
    #[serde(rename = "按")]
    An,
}

impl Reader {
    pub fn layer(self) -> Layer {
        match self {
            Reader::Zhu => Layer::Zhu,
            Reader::Shu => Layer::Shu,
            Reader::An => Layer::An,
        }
    }
}

/// One figure doing one thing at one place, as one passage says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Move {
    /// The text's name for the figure (a name of `actors.toml`).
    pub actor: String,
    /// Why this actor, when the sentence names none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub actor_inferred: Option<String>,
    /// The text's verb (拜, 揖, 升, 降, 射 …).
    pub action: String,
    /// Where the figure is after the move: a place of the work's plan.
    pub place: String,
    /// Which way the figure faces, where something says it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub facing: Option<Facing>,
    /// The words of the passage that say the move, verbatim.
    pub quote: String,
    /// The layer `quote` is in.
    pub layer: Layer,
    pub basis: Basis,
    /// For a carried place: the passage whose step put the figure there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub from: Option<String>,
    /// For a place read from 注, 疏 or 今按: their words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub basis_quote: Option<String>,
    /// Where `basis_quote` is, when not in this move's passage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub basis_passage: Option<String>,
    /// The name the figure goes by after this move (司正為司馬: one man, one
    /// mark, now called 司馬). A figure already on the ground under that
    /// name is the same person and is not drawn twice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub becomes: Option<String>,
    /// The figure leaves the ground with this move (賓出): shown leaving in
    /// this passage, gone after it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub leaves: bool,
    /// Anything a reader of the data should know about this move (how an
    /// unstated place was worked out, a doubtful reading).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub note: Option<String>,
    /// Other readings of the same move, by the commentators.
    #[serde(default, rename(deserialize = "alternative", serialize = "alternatives"))]
    #[cfg_attr(feature = "ts", ts(rename = "alternatives"))]
    pub alternatives: Vec<Alternative>,
}

/// Another reading of a move's place, with its source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Alternative {
    pub place: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub facing: Option<Facing>,
    pub by: Reader,
    /// Their words, verbatim in the `by` layer.
    pub quote: String,
    /// Where `quote` is, when not in the move's own passage (a 今按 is in the
    /// 通解 edition's passage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub passage: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub note: Option<String>,
}

/// The moves one passage makes, in the text's order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Step {
    pub passage: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub note: Option<String>,
    #[serde(default, rename(deserialize = "move", serialize = "moves"))]
    #[cfg_attr(feature = "ts", ts(rename = "moves"))]
    pub moves: Vec<Move>,
}

/// A figure a step may name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Actor {
    pub name: String,
    /// A gloss in English.
    pub en: String,
    /// The glossary card of the figure, where there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub card: Option<String>,
}
