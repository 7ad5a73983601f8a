//! The reader's settings, kept across restarts in `settings.json` in the data
//! directory.
//!
//! The file is small JSON; missing fields take their defaults and unknown ones
//! are ignored, so older and newer versions of the app can share it. A file
//! that cannot be parsed is set aside as `settings.json.bad` and the defaults
//! are used. Writes are atomic: a temporary file in the same directory, synced,
//! then renamed over the old one.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use sheli_corpus::Layer;
use ts_rs::TS;

use super::error::{AppCode, AppError, AppResult};

pub const SETTINGS_FILE: &str = "settings.json";

/// The script text is shown in: the corpus's own type (with its TypeScript
/// binding), so the app and the corpus cannot disagree on it.
pub use sheli_corpus::display::Script as DisplayScript;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, TS)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Follow the desktop's preference.
    #[default]
    System,
    Light,
    Dark,
}

/// The interface's language (the texts keep their own). Chosen from the
/// system's at the first start (ui/src/lib/i18n), then the user's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum UiLocale {
    #[serde(rename = "en")]
    En,
    #[serde(rename = "zh-Hant")]
    ZhHant,
    #[serde(rename = "zh-Hans")]
    ZhHans,
}

impl UiLocale {
    /// The interface's language for a reader whose system prefers
    /// `languages` (BCP 47 or POSIX tags, most preferred first): the first
    /// one Sheli speaks. Chinese is told apart by its script, else by its
    /// region (Taiwan, Hong Kong and Macau write traditional characters;
    /// bare `zh` and the rest simplified); anything else is English.
    pub fn from_languages<S: AsRef<str>>(languages: impl IntoIterator<Item = S>) -> UiLocale {
        for tag in languages {
            let tag = tag.as_ref().to_ascii_lowercase().replace('_', "-");
            let tag = tag.split(['.', '@']).next().unwrap_or_default();
            let parts: Vec<&str> = tag.split('-').collect();
            match parts[0] {
                "zh" if parts.contains(&"hant") => return UiLocale::ZhHant,
                "zh" if parts.contains(&"hans") => return UiLocale::ZhHans,
                "zh" if parts.iter().any(|p| matches!(*p, "tw" | "hk" | "mo")) => {
                    return UiLocale::ZhHant;
                }
                "zh" => return UiLocale::ZhHans,
                "en" => return UiLocale::En,
                _ => {}
            }
        }
        UiLocale::En
    }
}

/// A language this version does not know (a newer app's, or a hand edit)
/// counts as not chosen yet, rather than setting the whole file aside.
fn lenient_locale<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<UiLocale>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(d)?;
    Ok(value.and_then(|v| serde_json::from_value(v).ok()))
}

/// The longest place kept (a reader's hash with a search hit's ranges is
/// under 600 characters; a concordance query at most 400 before escaping).
pub const PLACE_MAX: usize = 1200;

/// The size of the 經 text in CSS pixels; commentary is sized relative to it.
pub const CHAR_SIZE_MIN: u16 = 14;
pub const CHAR_SIZE_MAX: u16 = 48;
pub const CHAR_SIZE_DEFAULT: u16 = 24;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct Settings {
    pub script: DisplayScript,
    /// Size of the 經 text in CSS pixels (14–48).
    pub char_size: u16,
    pub theme: Theme,
    /// The commentary layers shown beneath the 經 (經 itself is always shown).
    pub layers: Vec<Layer>,
    /// Whether the parallel column (aligned passages, translation) is open.
    pub parallel: bool,
    /// Whether the plan of the ground (who stands where) is open beside the text.
    pub plan: bool,
    /// Where the reader was when the app last ran: the view's location hash
    /// (`#/read/xiangshe.zhushu.0143`, the passage last in focus), restored
    /// at start so that a restart lands on the same passage. Empty: the
    /// library. Kept here rather than in the window's storage so that a
    /// backup carries it and the start-up reads one file.
    pub place: String,
    /// The interface's language; none until the first start has chosen one.
    #[serde(deserialize_with = "lenient_locale")]
    pub locale: Option<UiLocale>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            script: DisplayScript::default(),
            char_size: CHAR_SIZE_DEFAULT,
            theme: Theme::default(),
            layers: vec![Layer::Zhu, Layer::Shu, Layer::Yinyi, Layer::An, Layer::Ti],
            parallel: false,
            plan: false,
            place: String::new(),
            locale: None,
        }
    }
}

impl Settings {
    /// Checks the values and puts the layer list in canonical order (no
    /// duplicates, 經 left out since it is always shown).
    pub fn validated(mut self) -> AppResult<Settings> {
        if !(CHAR_SIZE_MIN..=CHAR_SIZE_MAX).contains(&self.char_size) {
            return Err(AppError::input(
                AppCode::InputCharSize,
                [
                    ("min", CHAR_SIZE_MIN.to_string()),
                    ("max", CHAR_SIZE_MAX.to_string()),
                    ("value", self.char_size.to_string()),
                ],
                format!(
                    "character size must be between {CHAR_SIZE_MIN} and {CHAR_SIZE_MAX}, not {}",
                    self.char_size
                ),
            ));
        }
        if self.layers.len() > 32 {
            return Err(AppError::input(
                AppCode::InputTooManyLayers,
                [("max", "32".to_string())],
                "too many layers",
            ));
        }
        // A place is a view of this app's own (`#/…`), never a URL or a
        // script: the UI parses it as a route, and anything else would be
        // a place it cannot open.
        if !(self.place.is_empty()
            || (self.place.starts_with("#/")
                && self.place.len() <= PLACE_MAX
                && !self.place.chars().any(|c| c.is_control() || c.is_whitespace())))
        {
            return Err(AppError::input(
                AppCode::InputSettingsPlace,
                [("max", PLACE_MAX.to_string())],
                format!(
                    "a place is empty or a view's location (#/…) of at most {PLACE_MAX} bytes without spaces"
                ),
            ));
        }
        self.layers = Layer::ALL
            .into_iter()
            .filter(|l| *l != Layer::Jing && self.layers.contains(l))
            .collect();
        Ok(self)
    }

    /// Like [`Settings::validated`], but repairs instead of refusing (for a
    /// file on disk that someone edited by hand).
    fn repaired(mut self) -> Settings {
        self.char_size = self.char_size.clamp(CHAR_SIZE_MIN, CHAR_SIZE_MAX);
        let place = std::mem::take(&mut self.place);
        let mut s = self.validated().unwrap_or_default();
        // A place that is not a view's is dropped alone (the library opens);
        // the other settings stay.
        s.place = Settings { place, ..Settings::default() }
            .validated()
            .map(|p| p.place)
            .unwrap_or_default();
        s
    }
}

/// The settings of a file that does not parse as a whole, field by field:
/// each field whose value is valid is kept, each other one (a value this
/// version does not know, a hand edit gone wrong) takes its default — one bad
/// value no longer resets the reader's place, layers and size too. Returns
/// the settings and the names of the fields set back to their default
/// (none named when the file is no JSON object at all).
fn salvage(text: &str) -> (Settings, Vec<String>) {
    let Ok(serde_json::Value::Object(found)) = serde_json::from_str::<serde_json::Value>(text)
    else {
        return (Settings::default(), Vec::new());
    };
    let mut merged = match serde_json::to_value(Settings::default()) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => return (Settings::default(), Vec::new()),
    };
    let mut dropped = Vec::new();
    for (key, value) in found {
        let mut tried = merged.clone();
        tried.insert(key.clone(), value);
        if serde_json::from_value::<Settings>(serde_json::Value::Object(tried.clone())).is_ok() {
            merged = tried;
        } else {
            dropped.push(key);
        }
    }
    let settings = serde_json::from_value(serde_json::Value::Object(merged)).unwrap_or_default();
    (settings, dropped)
}

/// `text` without the UTF-8 byte order mark it may start with.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The settings in memory and the file they are kept in.
#[derive(Debug)]
pub struct SettingsStore {
    path: PathBuf,
    current: Mutex<Settings>,
}

impl SettingsStore {
    /// Reads `settings.json` from `dir` (defaults when absent or unreadable).
    pub fn open(dir: &Path) -> SettingsStore {
        let path = dir.join(SETTINGS_FILE);
        let current = match fs::read_to_string(&path) {
            // A byte order mark (Windows Notepad writes one) is no part of
            // the JSON: left in, serde refused the file and every setting,
            // all valid, took its default (h5 tester, finding F).
            Ok(text) => match serde_json::from_str::<Settings>(without_bom(&text)) {
                Ok(s) => s.repaired(),
                Err(e) => {
                    let (kept, dropped) = salvage(without_bom(&text));
                    let what = if dropped.is_empty() {
                        "it is no JSON object: every setting takes its default".to_string()
                    } else {
                        format!(
                            "the default taken for {}, the other settings kept",
                            dropped.join(", ")
                        )
                    };
                    eprintln!(
                        "sheli: {} is not valid ({e}); kept as settings.json.bad; {what}",
                        path.display(),
                    );
                    let _ = fs::rename(&path, path.with_extension("json.bad"));
                    kept.repaired()
                }
            },
            Err(_) => Settings::default(),
        };
        SettingsStore { path, current: Mutex::new(current) }
    }

    /// At the first start (no language chosen yet), the interface speaks
    /// the system's language (`languages`: the app passes the desktop's,
    /// from LANGUAGE, LC_ALL, LC_MESSAGES and LANG via sys-locale). Kept in
    /// memory only: it is written with the next change of any setting, and
    /// is the reader's to change from then on.
    pub fn with_system_languages<S: AsRef<str>>(
        self,
        languages: impl IntoIterator<Item = S>,
    ) -> SettingsStore {
        if let Ok(mut current) = self.current.lock() {
            if current.locale.is_none() {
                current.locale = Some(UiLocale::from_languages(languages));
            }
        }
        self
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn get(&self) -> AppResult<Settings> {
        Ok(self.lock()?.clone())
    }

    /// Validates, saves and returns the settings as stored.
    pub fn set(&self, settings: Settings) -> AppResult<Settings> {
        let settings = settings.validated()?;
        let mut current = self.lock()?;
        write_atomically(&self.path, &serde_json::to_vec_pretty(&settings).map_err(internal)?)
            .map_err(|e| save_failed(&self.path, &e))?;
        *current = settings.clone();
        Ok(settings)
    }

    fn lock(&self) -> AppResult<std::sync::MutexGuard<'_, Settings>> {
        self.current.lock().map_err(|_| AppError::Internal("the settings lock is poisoned".into()))
    }
}

fn internal(e: impl std::fmt::Display) -> AppError {
    AppError::Internal(e.to_string())
}

/// Writes `bytes` to `path` so that a reader sees the old or the new content,
/// never a part: a temporary file beside it, synced, then renamed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.write_all(b"\n")?;
        f.sync_all()?;
        fs::rename(&tmp, path)?;
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The settings file could not be written: the path as a value, the OS's
/// words as the quoted detail of a sentence the window translates.
fn save_failed(path: &Path, e: &std::io::Error) -> AppError {
    let path = path.display().to_string();
    AppError::Coded {
        kind: super::error::ErrorKind::Settings,
        code: AppCode::SettingsSave,
        message: format!("settings: could not save {path}: {e}"),
        params: vec![("path", path), ("detail", e.to_string())],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_survive_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let store = SettingsStore::open(dir.path());
        assert_eq!(store.get().unwrap(), Settings::default());
        let mut s = store.get().unwrap();
        s.script = DisplayScript::Simplified;
        s.char_size = 30;
        s.theme = Theme::Dark;
        s.layers = vec![Layer::Shu, Layer::Zhu, Layer::Zhu, Layer::Jing];
        s.parallel = true;
        let saved = store.set(s).unwrap();
        assert_eq!(saved.layers, vec![Layer::Zhu, Layer::Shu], "canonical order, no dupes, no 經");
        drop(store);
        let again = SettingsStore::open(dir.path());
        assert_eq!(again.get().unwrap(), saved);
        // No temporary file is left behind.
        let names: Vec<_> =
            fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from(SETTINGS_FILE)]);
    }

    /// Settings that cannot be saved are said by a code of ours with the
    /// path, the OS's words only its detail (issue 12: the window showed
    /// "could not save …" in English).
    #[test]
    fn settings_that_cannot_be_saved_have_a_code_and_the_path() {
        let dir = tempfile::tempdir().unwrap();
        // The data folder's place taken by a file: nothing can be written in it.
        let gone = dir.path().join("gone");
        fs::write(&gone, "a file").unwrap();
        let store = SettingsStore::open(&gone);
        let e = store.set(Settings::default()).unwrap_err();
        let (code, params) = e.code();
        assert_eq!(code, "app.settings_save");
        let path = gone.join(SETTINGS_FILE).display().to_string();
        assert_eq!(params[0], ("path", path));
        assert_eq!(params[1].0, "detail");
        assert!(matches!(e.kind(), super::super::error::ErrorKind::Settings));
    }

    #[test]
    fn the_interface_language_is_kept_and_an_unknown_one_is_not_chosen() {
        let dir = tempfile::tempdir().unwrap();
        let store = SettingsStore::open(dir.path());
        assert_eq!(store.get().unwrap().locale, None, "not chosen before the first start");
        store.set(Settings { locale: Some(UiLocale::ZhHant), ..Settings::default() }).unwrap();
        drop(store);
        let text = fs::read_to_string(dir.path().join(SETTINGS_FILE)).unwrap();
        assert!(text.contains(r#""locale": "zh-Hant""#), "{text}");
        assert_eq!(SettingsStore::open(dir.path()).get().unwrap().locale, Some(UiLocale::ZhHant));
        // A language this version does not know: not chosen, the rest kept.
        fs::write(dir.path().join(SETTINGS_FILE), r#"{"char_size": 30, "locale": "fr"}"#).unwrap();
        let s = SettingsStore::open(dir.path()).get().unwrap();
        assert_eq!((s.locale, s.char_size), (None, 30));
    }

    #[test]
    fn the_first_start_speaks_the_systems_language() {
        use UiLocale::*;
        let pick = |tags: &[&str]| UiLocale::from_languages(tags.iter().copied());
        assert_eq!(pick(&["zh-TW", "en-US"]), ZhHant);
        assert_eq!(pick(&["zh_HK.UTF-8"]), ZhHant);
        assert_eq!(pick(&["zh-Hant-CN"]), ZhHant);
        assert_eq!(pick(&["zh_CN.UTF-8"]), ZhHans);
        assert_eq!(pick(&["zh"]), ZhHans);
        assert_eq!(pick(&["fr-FR", "zh-SG"]), ZhHans);
        assert_eq!(pick(&["en-GB", "zh-TW"]), En);
        assert_eq!(pick(&["ja-JP"]), En);
        assert_eq!(pick(&[]), En);
        let dir = tempfile::tempdir().unwrap();
        // Not chosen: the system's; chosen: kept whatever the system says.
        let first = SettingsStore::open(dir.path()).with_system_languages(["zh-TW"]);
        assert_eq!(first.get().unwrap().locale, Some(ZhHant));
        first.set(Settings { locale: Some(En), ..first.get().unwrap() }).unwrap();
        let later = SettingsStore::open(dir.path()).with_system_languages(["zh-TW"]);
        assert_eq!(later.get().unwrap().locale, Some(En));
    }

    #[test]
    fn out_of_range_values_are_refused_and_nothing_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let store = SettingsStore::open(dir.path());
        let s = Settings { char_size: 2, ..Settings::default() };
        assert!(matches!(store.set(s), Err(AppError::InvalidInput(_))));
        assert!(!dir.path().join(SETTINGS_FILE).exists());
    }

    #[test]
    fn a_broken_or_partial_file_falls_back_to_defaults() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(SETTINGS_FILE), "{ not json").unwrap();
        assert_eq!(SettingsStore::open(dir.path()).get().unwrap(), Settings::default());
        assert!(dir.path().join("settings.json.bad").exists());

        fs::write(
            dir.path().join(SETTINGS_FILE),
            r#"{"script":"simplified","char_size":400,"future":1}"#,
        )
        .unwrap();
        let s = SettingsStore::open(dir.path()).get().unwrap();
        assert_eq!(s.script, DisplayScript::Simplified);
        assert_eq!(s.char_size, CHAR_SIZE_MAX);
        assert_eq!(s.layers, Settings::default().layers);
    }

    #[test]
    fn a_file_starting_with_a_byte_order_mark_keeps_its_settings() {
        // The outside tester's finding F (h5): Notepad's mark before the
        // JSON reset the language, the place, the script and the size.
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join(SETTINGS_FILE),
            "\u{feff}{\"script\":\"simplified\",\"char_size\":30,\"place\":\"#/read/xiangshe.zhushu.0250\",\"locale\":\"zh-Hant\"}",
        )
        .unwrap();
        let s = SettingsStore::open(dir.path()).get().unwrap();
        assert_eq!(s.script, DisplayScript::Simplified);
        assert_eq!(s.char_size, 30);
        assert_eq!(s.place, "#/read/xiangshe.zhushu.0250");
        assert_eq!(s.locale, Some(UiLocale::ZhHant));
        assert!(!dir.path().join("settings.json.bad").exists(), "nothing was wrong with it");
        // With a bad value besides, the others are still salvaged.
        fs::write(
            dir.path().join(SETTINGS_FILE),
            "\u{feff}{\"script\":\"klingon\",\"char_size\":30}",
        )
        .unwrap();
        let s = SettingsStore::open(dir.path()).get().unwrap();
        assert_eq!((s.script, s.char_size), (Settings::default().script, 30));
    }

    #[test]
    fn one_bad_value_sets_back_only_its_own_setting() {
        // The outside tester's finding 20: `"script":"klingon"` reset every
        // setting, the reader's place and layers too.
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join(SETTINGS_FILE),
            r##"{"script":"klingon","parallel":true,"layers":["注"],"place":"#/read/xiangshe.zhushu.0130","char_size":30}"##,
        )
        .unwrap();
        let s = SettingsStore::open(dir.path()).get().unwrap();
        assert_eq!(s.script, Settings::default().script, "the bad value takes its default");
        assert!(s.parallel);
        assert_eq!(s.layers, vec![Layer::Zhu]);
        assert_eq!(s.place, "#/read/xiangshe.zhushu.0130");
        assert_eq!(s.char_size, 30);
        assert!(dir.path().join("settings.json.bad").exists(), "the file itself is kept aside");
    }

    #[test]
    fn the_place_survives_a_restart_and_only_a_views_place_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let store = SettingsStore::open(dir.path());
        let at = Settings { place: "#/read/xiangshe.zhushu.0143".into(), ..Settings::default() };
        assert_eq!(store.set(at.clone()).unwrap().place, "#/read/xiangshe.zhushu.0143");
        drop(store);
        assert_eq!(SettingsStore::open(dir.path()).get().unwrap(), at);

        let store = SettingsStore::open(dir.path());
        for bad in [
            "javascript:alert(1)",
            "read/x",
            "#/read/a b",
            "#/\u{0}",
            &format!("#/{}", "a".repeat(PLACE_MAX)),
        ] {
            let s = Settings { place: bad.to_string(), ..Settings::default() };
            assert!(matches!(store.set(s), Err(AppError::InvalidInput(_))), "{bad}");
        }
        assert_eq!(store.get().unwrap().place, at.place, "a refused place changes nothing");

        // Edited by hand into something else: the place goes, the rest stays.
        fs::write(
            dir.path().join(SETTINGS_FILE),
            r#"{"script":"simplified","place":"https://example.org/"}"#,
        )
        .unwrap();
        let s = SettingsStore::open(dir.path()).get().unwrap();
        assert_eq!((s.script, s.place.as_str()), (DisplayScript::Simplified, ""));
    }
}
