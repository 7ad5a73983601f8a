//! A work's ground as data: the places figures stand at, with coordinates in
//! 丈, and the outlines and landmarks that draw the hall, the court and the
//! targets. x grows eastward and y southward, so north is at the top as the
//! 儀禮圖 draw it; each work's file says where its origin is.

use serde::{Deserialize, Serialize};

/// A named spot where a figure may stand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Place {
    /// The text's own words for the spot, traditional script (阼階上, 物間 …).
    pub name: String,
    pub x: f32,
    pub y: f32,
    /// Not measured by the text: placed relative to what `basis` says.
    #[serde(default)]
    pub schematic: bool,
    /// The measurement it rests on (with its line), or what it is placed by.
    pub basis: String,
}

/// A line or closed shape of the drawing (the hall's walls, the steps, the
/// 侯's line), in the plan's units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outline {
    /// What it is (堂, 西階 …), drawn beside it when `label` is set.
    pub name: String,
    pub points: Vec<[f32; 2]>,
    #[serde(default)]
    pub closed: bool,
    /// Drawn dashed: schematic, or an imaginary line (the 侯道).
    #[serde(default)]
    pub dashed: bool,
    /// Where to write the name, if anywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub label: Option<[f32; 2]>,
}

/// A thing on the ground drawn as a small mark with its name (a pillar, the
/// 洗, the 楅, the 中, a 乏).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Landmark {
    pub name: String,
    pub x: f32,
    pub y: f32,
}

/// One work's ground.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Plan {
    pub work: String,
    /// Always 丈 (ten 尺).
    pub unit: String,
    #[serde(default, rename(deserialize = "place", serialize = "places"))]
    #[cfg_attr(feature = "ts", ts(rename = "places"))]
    pub places: Vec<Place>,
    #[serde(default, rename(deserialize = "outline", serialize = "outlines"))]
    #[cfg_attr(feature = "ts", ts(rename = "outlines"))]
    pub outlines: Vec<Outline>,
    #[serde(default, rename(deserialize = "landmark", serialize = "landmarks"))]
    #[cfg_attr(feature = "ts", ts(rename = "landmarks"))]
    pub landmarks: Vec<Landmark>,
}

impl Plan {
    pub fn place(&self, name: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.name == name)
    }

    /// The smallest box holding every place, outline point and landmark:
    /// `[min_x, min_y, max_x, max_y]`.
    pub fn bounds(&self) -> [f32; 4] {
        let points = self
            .places
            .iter()
            .map(|p| [p.x, p.y])
            .chain(self.outlines.iter().flat_map(|o| o.points.iter().copied()))
            .chain(self.landmarks.iter().map(|l| [l.x, l.y]));
        points.fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, [x, y]| {
            [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)]
        })
    }
}
