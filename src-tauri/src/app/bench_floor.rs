//! The start-up figure's floor (scripts/bench-app.sh): the same binary,
//! window and web engine showing a page that only says it is shown, so that
//! what a start costs beyond the engine's own can be told.
//!
//! The page lives in `bench/floor/`, not in ui/dist: whatever ui/dist holds
//! is embedded in the app and shipped in the .deb, and a user has no use for
//! a bench's page. The bench names the folder in `SHELI_BENCH_FLOOR`; the
//! app then opens `floor.html` and serves it and its script from that folder
//! through its own protocol (the same origin as the app's page, so the
//! page's `ui_ready` call is answered as the app's is). Without the variable
//! nothing changes: the embedded assets are served as they are.

use std::borrow::Cow;
use std::path::PathBuf;

use tauri::utils::assets::{AssetKey, AssetsIter, CspHash};
use tauri::{Assets, Context, Runtime};

/// Set by the bench alone, to the folder of the floor's page: the window
/// shows `floor.html` from it.
pub const FLOOR_PAGE_ENV: &str = "SHELI_BENCH_FLOOR";

/// The page the window opens when the floor is asked for.
pub const FLOOR_PAGE: &str = "floor.html";

/// The floor's folder, when the bench asks for it.
pub fn floor_dir() -> Option<PathBuf> {
    std::env::var_os(FLOOR_PAGE_ENV).map(PathBuf::from)
}

/// `context`, serving the floor's files from `floor_dir()` when it is set.
pub fn with_floor<R: Runtime>(mut context: Context<R>) -> Context<R> {
    if let Some(dir) = floor_dir() {
        // A folder without the page would show the app instead (the
        // protocol's fallback), and the bench would time the wrong page.
        if !dir.join(FLOOR_PAGE).is_file() {
            eprintln!(
                "sheli: {FLOOR_PAGE_ENV} names no folder holding {FLOOR_PAGE}: {}",
                dir.display()
            );
        }
        let inner = context.set_assets(Box::new(NoAssets));
        context.set_assets(Box::new(FloorAssets { inner, dir }));
    }
    context
}

/// The floor's two files from `dir`, everything else from the app's own.
struct FloorAssets<R: Runtime> {
    inner: Box<dyn Assets<R>>,
    dir: PathBuf,
}

impl<R: Runtime> Assets<R> for FloorAssets<R> {
    fn setup(&self, app: &tauri::App<R>) {
        self.inner.setup(app);
    }

    fn get(&self, key: &AssetKey) -> Option<Cow<'_, [u8]>> {
        match key.as_ref().trim_start_matches('/') {
            name @ ("floor.html" | "floor.js") => {
                std::fs::read(self.dir.join(name)).ok().map(Cow::Owned)
            }
            _ => self.inner.get(key),
        }
    }

    fn iter(&self) -> Box<AssetsIter<'_>> {
        self.inner.iter()
    }

    fn csp_hashes(&self, html_path: &AssetKey) -> Box<dyn Iterator<Item = CspHash<'_>> + '_> {
        self.inner.csp_hashes(html_path)
    }
}

/// Stands in for a moment while the app's assets are moved into `FloorAssets`.
struct NoAssets;

impl<R: Runtime> Assets<R> for NoAssets {
    fn get(&self, _: &AssetKey) -> Option<Cow<'_, [u8]>> {
        None
    }

    fn iter(&self) -> Box<AssetsIter<'_>> {
        Box::new(std::iter::empty())
    }

    fn csp_hashes(&self, _: &AssetKey) -> Box<dyn Iterator<Item = CspHash<'_>> + '_> {
        Box::new(std::iter::empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The app's own files, as far as the test needs them.
    struct App;

    impl<R: Runtime> Assets<R> for App {
        fn get(&self, key: &AssetKey) -> Option<Cow<'_, [u8]>> {
            Some(Cow::Owned(format!("app:{}", key.as_ref()).into_bytes()))
        }
        fn iter(&self) -> Box<AssetsIter<'_>> {
            Box::new(std::iter::empty())
        }
        fn csp_hashes(&self, _: &AssetKey) -> Box<dyn Iterator<Item = CspHash<'_>> + '_> {
            Box::new(std::iter::empty())
        }
    }

    #[test]
    fn the_floor_is_served_from_its_folder_and_the_rest_from_the_app() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("floor.html"), "<p>floor</p>").unwrap();
        std::fs::write(dir.path().join("floor.js"), "// floor").unwrap();
        let assets: FloorAssets<tauri::Wry> =
            FloorAssets { inner: Box::new(App), dir: dir.path().to_owned() };
        let get = |k: &str| {
            let key = AssetKey::from(k);
            Assets::<tauri::Wry>::get(&assets, &key)
                .map(|b| String::from_utf8(b.into_owned()).unwrap())
        };
        assert_eq!(get("/floor.html").as_deref(), Some("<p>floor</p>"));
        assert_eq!(get("floor.js").as_deref(), Some("// floor"));
        assert_eq!(get("/index.html").as_deref(), Some("app:/index.html"));
        // nothing else is read from the folder
        std::fs::write(dir.path().join("other.js"), "x").unwrap();
        assert_eq!(get("/other.js").as_deref(), Some("app:/other.js"));
    }

    #[test]
    fn the_apps_own_files_hold_no_floor() {
        // ui/public is copied into ui/dist, which the app embeds and the .deb ships
        let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/public");
        assert!(!dist.join("floor.html").exists() && !dist.join("floor.js").exists());
    }
}
