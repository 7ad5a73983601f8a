//! The commands, called directly with a state: no window, no Tauri runtime.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use sheli_corpus::{Corpus, Layer, SourceInfo};

use super::commands;
use super::error::AppError;
use super::settings::{DisplayScript, Settings, Theme};
use super::state::AppState;

/// The built-in corpus, parsed once for all tests.
fn builtin() -> Arc<Corpus> {
    static CORPUS: OnceLock<Arc<Corpus>> = OnceLock::new();
    CORPUS.get_or_init(|| Arc::new(Corpus::builtin().expect("the built-in texts parse"))).clone()
}

fn state_over(corpus: Arc<Corpus>) -> (AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (AppState::with_corpus(Ok(corpus), dir.path().to_path_buf()), dir)
}

/// A small corpus in the `plain` format, independent of the edition parsers.
fn tiny() -> Arc<Corpus> {
    let mut c = Corpus::default();
    let info = |id: &str, work: &str| SourceInfo {
        edition: "儀禮註疏".into(),
        ..SourceInfo::user_text(id, work, "test")
    };
    let text = "鄉射之禮。主人戒賓。\n\n[注]主人,州長也。\n\n[疏]釋曰:自此至無介。○注「主人」至「庶乎」。\n\n\
                賓出迎,再拜。\n\n[記]記。鄉射之禮,五物詢眾庶。\n";
    c.add_source(info("test.a", "鄉射禮"), Arc::from(text)).unwrap();
    c.add_source(info("test.b", "燕禮"), Arc::from("")).unwrap();
    Arc::new(c)
}

#[test]
fn sources_list_every_builtin_source_with_counts() {
    let (state, _dir) = state_over(builtin());
    let sources = commands::sources(&state).unwrap();
    let ids: Vec<&str> = sources.iter().map(|s| s.id.as_str()).collect();
    for id in
        ["xiangshe.zhushu", "xiangshe.yiwen", "yanli.zhushu", "xiangshe.tongjie", "dashe.tongjie"]
    {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    let zhushu = sources.iter().find(|s| s.id == "xiangshe.zhushu").unwrap();
    assert_eq!(zhushu.work, "鄉射禮");
    assert_eq!(zhushu.script, "traditional");
    assert!(zhushu.layers.contains_key("經") && zhushu.layers.contains_key("注"));
    assert_eq!(zhushu.layers["經"] > 0, zhushu.passages > 0);
}

#[test]
fn library_lists_the_three_works_in_order_even_when_empty() {
    let (state, _dir) = state_over(builtin());
    let lib = commands::library(&state, Some(DisplayScript::Original)).unwrap();
    let works: Vec<&str> = lib.works.iter().map(|w| w.work.as_str()).collect();
    assert_eq!(works, ["鄉射禮", "燕禮", "大射儀"]);
    let xiangshe = &lib.works[0];
    assert!(xiangshe.editions.iter().any(|e| e.source == "xiangshe.zhushu"));
    for e in lib.works.iter().flat_map(|w| &w.editions) {
        let sections = e.sections.as_ref().expect("the built-in texts are listed whole");
        let n: usize = sections.iter().map(|s| s.passages.len()).sum();
        assert_eq!(n as u32, e.passages, "{}: every passage is in one section", e.source);
    }
}

#[test]
fn library_converts_titles_and_previews() {
    let (state, _dir) = state_over(tiny());
    let lib = commands::library(&state, Some(DisplayScript::Simplified)).unwrap();
    assert_eq!(lib.works[0].work, "鄉射禮", "the key stays as the corpus has it");
    assert_eq!(lib.works[0].title, "乡射礼");
    assert_eq!(lib.works[0].editions[0].edition, "仪礼注疏");
    let a = &lib.works[0].editions[0];
    assert_eq!(a.layers, vec![Layer::Jing, Layer::Zhu, Layer::Shu]);
    // Without headings: one untitled section, and one for the 記.
    let sections = a.sections.as_ref().unwrap();
    let titles: Vec<(Option<&str>, bool, usize)> =
        sections.iter().map(|s| (s.title.as_deref(), s.ji, s.passages.len())).collect();
    assert_eq!(titles, [(None, false, 2), (None, true, 1)]);
    assert_eq!(sections[0].passages[0].preview, "乡射之礼。主人戒宾。");
    // The empty edition is listed, with no sections.
    assert_eq!(lib.works[1].title, "燕礼");
    assert!(lib.works[1].editions[0].sections.as_ref().unwrap().is_empty());
}

#[test]
fn library_defaults_to_the_script_of_the_settings() {
    let (state, _dir) = state_over(tiny());
    let s = Settings { script: DisplayScript::Simplified, ..Settings::default() };
    commands::set_settings(&state, s).unwrap();
    assert_eq!(commands::library(&state, None).unwrap().works[0].title, "乡射礼");
}

#[test]
fn a_passage_has_its_layers_converted_and_neighbours() {
    let (state, _dir) = state_over(tiny());
    let p = commands::passage(&state, "test.a.0001", Some(DisplayScript::Original)).unwrap();
    assert_eq!(p.title, "鄉射禮");
    assert_eq!((p.ordinal, p.total), (1, 3));
    assert_eq!(p.prev, None);
    assert_eq!(p.next.as_deref(), Some("test.a.0002"));
    let layers: Vec<Layer> = p.segments.iter().map(|s| s.layer).collect();
    assert_eq!(layers, [Layer::Jing, Layer::Zhu, Layer::Shu]);

    let s = commands::passage(&state, "test.a.0001", Some(DisplayScript::Simplified)).unwrap();
    assert_eq!(s.title, "乡射礼");
    assert_eq!(s.script, DisplayScript::Simplified);
    assert_eq!(s.segments[0].text, "乡射之礼。主人戒宾。");
    assert_eq!(s.segments[1].text, "主人,州长也。");
    let last = commands::passage(&state, "test.a.0003", None).unwrap();
    assert!(last.ji && last.next.is_none());
}

#[test]
fn builtin_xiangshe_passage_shows_jing_and_zhu() {
    let (state, _dir) = state_over(builtin());
    let p =
        commands::passage(&state, "xiangshe.zhushu.0001", Some(DisplayScript::Simplified)).unwrap();
    assert!(p.segments.iter().any(|s| s.layer == Layer::Jing && !s.text.is_empty()));
    assert!(p.segments.iter().any(|s| s.layer == Layer::Zhu && !s.text.is_empty()));
    assert_eq!(p.title, "乡射礼");
    for s in p.segments.iter().filter(|s| s.shu_on_zhu.is_some()) {
        let at = s.shu_on_zhu.unwrap() as usize;
        assert!(at <= s.text.chars().count());
        let rest: String = s.text.chars().skip(at).take(2).collect();
        assert!(rest.starts_with('○') || rest.starts_with('注'), "{rest}");
    }
}

#[test]
fn passages_pages_through_a_source() {
    let (state, _dir) = state_over(tiny());
    let page = commands::passages(&state, "test.a", 2, 10, None).unwrap();
    let ids: Vec<&str> = page.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["test.a.0002", "test.a.0003"]);
    assert!(commands::passages(&state, "test.a", 9, 10, None).unwrap().is_empty());
    assert!(matches!(
        commands::passages(&state, "test.a", 0, 10, None),
        Err(AppError::InvalidInput(_))
    ));
    assert!(matches!(
        commands::passages(&state, "test.a", 1, 0, None),
        Err(AppError::InvalidInput(_))
    ));
    assert!(matches!(
        commands::passages(&state, "test.a", 1, 10_000, None),
        Err(AppError::InvalidInput(_))
    ));
    assert!(matches!(
        commands::passages(&state, "nope", 1, 10, None),
        Err(AppError::NotFound { .. })
    ));
}

#[test]
fn bad_ids_are_refused_with_a_readable_message() {
    let (state, _dir) = state_over(tiny());
    for bad in ["", "../etc/passwd", "XIANGSHE.0001", "鄉射.0001", &"a".repeat(65)] {
        let e = commands::passage(&state, bad, None).unwrap_err();
        assert!(matches!(e, AppError::InvalidInput(_)), "{bad}: {e}");
    }
    let e = commands::passage(&state, "test.a.9999", None).unwrap_err();
    assert!(matches!(e, AppError::NotFound { .. }));
    assert_eq!(e.to_string(), "passage `test.a.9999` does not exist");
}

#[test]
fn settings_round_trip_through_the_commands_and_a_restart() {
    let (state, dir) = state_over(tiny());
    // The language is the system's until chosen (settings.rs' tests).
    let first = commands::get_settings(&state).unwrap();
    assert!(first.locale.is_some(), "the first start chooses a language");
    assert_eq!(first, Settings { locale: first.locale, ..Settings::default() });
    let wanted = Settings {
        script: DisplayScript::Simplified,
        char_size: 32,
        theme: Theme::Dark,
        layers: vec![Layer::Zhu],
        parallel: true,
        plan: true,
        place: "#/read/test.a.0001".into(),
        locale: Some(super::settings::UiLocale::ZhHans),
    };
    assert_eq!(commands::set_settings(&state, wanted.clone()).unwrap(), wanted);
    let bad = Settings { char_size: 1000, ..wanted.clone() };
    assert!(matches!(commands::set_settings(&state, bad), Err(AppError::InvalidInput(_))));
    let restarted = AppState::with_corpus(Ok(tiny()), dir.path().to_path_buf());
    assert_eq!(commands::get_settings(&restarted).unwrap(), wanted);
}

/// Texts that could not be loaded (the data folder cannot be made) are said
/// by the library's code for each command after, not by its English
/// sentence as app.corpus's detail.
#[test]
fn texts_that_could_not_be_loaded_are_said_by_the_librarys_code() {
    let dir = tempfile::tempdir().unwrap();
    // a file where the data folder should be
    let data = dir.path().join("data");
    std::fs::write(&data, "not a folder").unwrap();
    let state = AppState::load(data);
    let e = commands::library(&state, None).unwrap_err();
    assert_eq!(e.kind(), super::error::ErrorKind::Corpus, "{e}");
    assert!(e.code().0.starts_with("library."), "{:?}", e.code());
    assert_ne!(e.code().0, "app.corpus", "{e}");
}

#[test]
fn without_a_corpus_commands_fail_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let state =
        AppState::with_corpus(Err("parse error at line 3".into()), dir.path().to_path_buf());
    let e = commands::library(&state, None).unwrap_err();
    assert_eq!((e.kind(), e.code().0), (super::error::ErrorKind::Corpus, "app.corpus"));
    assert!(e.to_string().contains("parse error at line 3"));
    // Settings still work.
    assert!(commands::get_settings(&state).is_ok());
}

#[test]
fn an_empty_corpus_gives_an_empty_library() {
    let (state, _dir) = state_over(Arc::new(Corpus::default()));
    assert!(commands::library(&state, None).unwrap().works.is_empty());
    assert!(commands::sources(&state).unwrap().is_empty());
}

/// Every command is listed in build.rs, in `generate_handler!` and in the
/// capability, and has an IPC wrapper.
#[test]
fn commands_are_declared_everywhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    let build = read("build.rs");
    let list =
        build.split("const COMMANDS: &[&str] = &[").nth(1).unwrap().split(']').next().unwrap();
    let mut declared: Vec<String> =
        list.split(',').map(|s| s.trim().trim_matches('"').to_owned()).collect();
    declared.retain(|s| !s.is_empty());
    declared.sort();

    let handler = read("src/app/mod.rs");
    let handler = handler.split("generate_handler![").nth(1).unwrap().split(']').next().unwrap();
    let mut handled: Vec<String> = handler
        .split(',')
        .map(|s| s.trim().rsplit("::ipc::").next().unwrap_or_default().to_owned())
        .filter(|s| !s.is_empty())
        .collect();
    handled.sort();
    assert_eq!(declared, handled, "build.rs COMMANDS vs generate_handler!");

    let cap: serde_json::Value =
        serde_json::from_str(&read("capabilities/main-window.json")).unwrap();
    let mut allowed: Vec<String> = cap["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        // Besides its own commands, the window may only listen to events
        // (the search index's progress).
        .filter(|p| !matches!(*p, "core:event:allow-listen" | "core:event:allow-unlisten"))
        .map(|p| p.strip_prefix("allow-").expect("only allow-<command>").replace('-', "_"))
        .collect();
    allowed.sort();
    assert_eq!(declared, allowed, "build.rs COMMANDS vs the capability");

    // The wrappers live in commands.rs and the other `*commands.rs` files.
    let mut commands = String::new();
    for entry in std::fs::read_dir(root.join("src/app")).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().unwrap().to_string_lossy().ends_with("commands.rs") {
            commands += &std::fs::read_to_string(path).unwrap();
        }
    }
    for c in &declared {
        assert!(commands.contains(&format!("pub async fn {c}(")), "no IPC wrapper for {c}");
    }
}

#[test]
fn the_config_has_a_strict_csp_and_no_plugins() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let conf: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("tauri.conf.json")).unwrap())
            .unwrap();
    let csp = &conf["app"]["security"]["csp"];
    let all: String = csp
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_str().unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(!all.contains("unsafe-eval") && !all.contains("unsafe-inline"), "{all}");
    assert!(
        !all.contains("http://")
            || all.matches("http://").count() == all.matches("http://ipc.localhost").count()
    );
    assert!(!all.contains("https:"), "no remote sources: {all}");
    let cargo = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(!cargo.contains("tauri-plugin"), "no plugins");
}

/// 繁 on a traditional edition, or 简 on a simplified one, changes nothing:
/// OpenCC's simplified-to-traditional table would otherwise rewrite what the
/// edition wrote on purpose (云「 → 雲「, 辟 → 闢 in the 註疏 edition). Over
/// every passage of every built-in source, every segment and its readings.
#[test]
fn each_edition_is_shown_unchanged_in_its_own_script() {
    let (state, _dir) = state_over(builtin());
    let corpus = builtin();
    let mut checked = 0;
    for source in corpus.sources() {
        let own = match source.info.script {
            sheli_corpus::EditionScript::Traditional => DisplayScript::Traditional,
            sheli_corpus::EditionScript::Simplified => DisplayScript::Simplified,
        };
        for p in corpus.passages_of(&source.info.id) {
            let shown = commands::passage(&state, &p.id, Some(own)).unwrap();
            for (seg, view) in p.segments.iter().zip(&shown.segments) {
                assert_eq!(view.text, seg.text, "{} in its own script", p.id);
                assert_eq!(view.shu_on_zhu, seg.shu_on_zhu, "{}", p.id);
                for (r, v) in seg.readings.iter().zip(&view.readings) {
                    assert_eq!((&v.character, &v.reading), (&r.character, &r.reading), "{}", p.id);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1500, "{checked} segments checked");
    // The 註疏's 云「 and 辟 stay as written under 繁 …
    let p = commands::passage(&state, "xiangshe.zhushu.0001", Some(DisplayScript::Traditional))
        .unwrap();
    let text: String = p.segments.iter().map(|s| s.text.as_str()).collect();
    assert!(text.contains("云「鄉大夫若在焉") && !text.contains("雲「"), "{text}");
    // … while 简 still converts it, and 繁 converts the simplified 通解.
    let s =
        commands::passage(&state, "xiangshe.zhushu.0001", Some(DisplayScript::Simplified)).unwrap();
    assert!(s.segments.iter().any(|x| x.text.contains("乡")), "简 converts the 註疏");
    let tongjie = corpus.passages_of("xiangshe.tongjie").first().unwrap().id.clone();
    let t = commands::passage(&state, &tongjie, Some(DisplayScript::Traditional)).unwrap();
    let original = corpus.passage(&tongjie).unwrap();
    assert!(
        t.segments.iter().zip(&original.segments).any(|(v, s)| v.text != s.text),
        "繁 converts the simplified 通解"
    );
}

#[test]
fn about_names_every_text_and_table_with_its_licence() {
    let (state, _dir) = state_over(builtin());
    let about = super::about_commands::about(&state).unwrap();
    assert_eq!(about.licence, "MIT OR Apache-2.0");
    assert_eq!(about.texts.len(), builtin().sources().len());
    for t in &about.texts {
        assert!(!t.licence.is_empty() && !t.origin.is_empty(), "{t:?}");
    }
    let names: Vec<_> = about.tables.iter().map(|t| t.name).collect();
    assert_eq!(
        names,
        [
            "unihan.tsv",
            "guangyun.tsv",
            "opencc-t2s-chars.tsv",
            "variants.tsv",
            "stage/*.toml",
            "glossary/cards/*.toml",
            "glossary/pictures/*.svg"
        ]
    );
    let guangyun = &about.tables[1];
    assert_eq!((guangyun.version, guangyun.licence), ("qieyun 0.13.3", "CC0 1.0"));
    // The sizes are the bytes embedded, as SOURCES.md states them (2.9 and 1.6 MB).
    assert!(about.tables[0].bytes > 2_000_000 && about.tables[1].bytes > 1_000_000);
}

/// Every data file shipped in the binary from corpus/stage and
/// corpus/glossary is one the About view counts (a file added to a folder
/// and compiled in without its listing would be missing from the licences).
#[test]
fn about_counts_every_file_of_the_shipped_data_folders() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let listed = |files: &[(&str, &str)]| -> Vec<String> {
        files.iter().map(|(n, _)| n.rsplit('/').next().unwrap().to_string()).collect()
    };
    for (folder, ext, files) in [
        ("stage", "toml", listed(&sheli_corpus::stage::embedded_files())),
        ("glossary/cards", "toml", listed(sheli_corpus::glossary::builtin_card_files())),
        ("glossary/pictures", "svg", listed(sheli_corpus::glossary::builtin_pictures())),
    ] {
        let mut on_disk: Vec<String> = std::fs::read_dir(root.join(folder))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(ext))
            .collect();
        on_disk.sort();
        let mut files = files;
        files.sort();
        assert_eq!(files, on_disk, "corpus/{folder}: compiled in and counted by About");
    }
    let (state, _dir) = state_over(builtin());
    let about = super::about_commands::about(&state).unwrap();
    for name in ["stage/*.toml", "glossary/cards/*.toml", "glossary/pictures/*.svg"] {
        let t = about.tables.iter().find(|t| t.name == name).expect(name);
        assert!(t.bytes > 1000 && t.licence.contains("MIT"), "{t:?}");
    }
}

#[test]
fn the_library_says_which_of_the_user_s_texts_were_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("mine.txt");
    std::fs::write(&file, "[經]龘龘然而行。\n").unwrap();
    sheli_library::import(&data, &[file], Some("龍書"), &mut |_, _, _| {}).unwrap();
    let state = AppState::load(data.clone());
    assert!(commands::library(&state, None).unwrap().left_out.is_empty());
    // The text's file disappears behind Sheli's back.
    for e in std::fs::read_dir(data.join("texts")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "txt") {
            std::fs::remove_file(p).unwrap();
        }
    }
    let state = AppState::load(data);
    let view = commands::library(&state, None).unwrap();
    assert_eq!(view.left_out.len(), 1, "{:?}", view.left_out);
    // Which text, and why as a code the window says in its language (the
    // English sentence only beside it).
    let left = &view.left_out[0];
    assert_eq!((left.work.as_str(), left.code.as_str()), ("龍書", "library.reason.missing"));
    assert!(left.id.starts_with("user.") && left.params.is_empty(), "{left:?}");
    assert!(left.message.contains("missing"), "{left:?}");
    assert!(
        view.works.iter().all(|w| w.work != "龍書"),
        "the rest of the library is there, without it"
    );
    // A reader opened on it (a link, Back, the place kept from the last
    // start) is told it was left out and why, not "no text".
    let err = commands::passages(&state, &left.id, 1, 10, None).unwrap_err();
    let payload = err.payload();
    assert_eq!(payload.code, "library.left_out", "{payload:?}");
    assert_eq!(payload.params["work"], "龍書");
    assert_eq!(payload.items.len(), 1, "{payload:?}");
    assert_eq!(payload.items[0].code, "library.reason.missing");
    let err = super::reading_commands::contents(&state, &left.id, None).unwrap_err();
    assert_eq!(err.payload().code, "library.left_out");
    // A text that was never there is still "no such text".
    let err = commands::passages(&state, "user.0000dead", 1, 10, None).unwrap_err();
    assert!(matches!(err, AppError::NotFound { what: "source", .. }), "{err}");
}

/// Imports `text` as the work `work` into a fresh data folder.
fn data_with_text(dir: &Path, work: &str, text: &str) -> (std::path::PathBuf, String) {
    let data = dir.join("data");
    let file = dir.join(format!("{work}.txt"));
    std::fs::write(&file, text).unwrap();
    let r = sheli_library::import(&data, &[file], Some(work), &mut |_, _, _| {}).unwrap();
    (data, r.imported[0].id.clone())
}

#[test]
fn the_window_opens_the_user_s_texts_unread_and_reads_one_when_it_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    let (data, id) = data_with_text(
        dir.path(),
        "周禮",
        "[經]司弓矢掌六弓四弩八矢之法。\n\n[注]注也。\n\n射人掌位。\n",
    );
    let state = AppState::load(data);
    let corpus = state.corpus().unwrap();
    assert!(!corpus.is_read(&id), "start-up reads no user text");

    let lib = commands::library(&state, Some(DisplayScript::Original)).unwrap();
    let listed = lib.works.iter().flat_map(|w| &w.editions).find(|e| e.source == id).unwrap();
    assert!(listed.sections.is_none(), "listed unread");
    assert_eq!(listed.passages, 2, "as recorded at import");
    assert_eq!(listed.layers, [Layer::Jing, Layer::Zhu]);
    assert!(commands::sources(&state).unwrap().iter().any(|s| s.id == id && s.passages == 2));
    assert!(!corpus.is_read(&id), "listing the library reads no user text");

    let opened = commands::edition(&state, &id, Some(DisplayScript::Original)).unwrap();
    assert!(corpus.is_read(&id));
    let sections = opened.sections.as_ref().unwrap();
    let ids: Vec<&str> = sections.iter().flat_map(|s| &s.passages).map(|p| p.id.as_str()).collect();
    assert_eq!(ids, [format!("{id}.0001"), format!("{id}.0002")]);
    assert_eq!(opened.passages, 2);
    assert_eq!(opened.layers, [Layer::Jing, Layer::Zhu]);
    // Read once, listed whole from then on.
    let lib = commands::library(&state, Some(DisplayScript::Original)).unwrap();
    let listed = lib.works.iter().flat_map(|w| &w.editions).find(|e| e.source == id).unwrap();
    let json = |v: &Option<Vec<super::dto::SectionEntry>>| serde_json::to_string(v).unwrap();
    assert_eq!(json(&listed.sections), json(&opened.sections));

    assert!(matches!(commands::edition(&state, "user.nope", None), Err(AppError::NotFound { .. })));
    assert!(matches!(commands::edition(&state, "../x", None), Err(AppError::InvalidInput(_))));
    // A built-in edition is listed whole by `edition` as by `library`.
    let zhushu = commands::edition(&state, "xiangshe.zhushu", None).unwrap();
    assert!(zhushu.sections.is_some_and(|s| !s.is_empty()));
}

#[test]
fn a_user_text_that_cannot_be_read_when_opened_is_said_and_listed_as_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let (data, id) = data_with_text(dir.path(), "龍書", "[經]龘龘然而行。\n");
    let state = AppState::load(data.clone());
    // Garbled behind Sheli's back after the window opened.
    let file = data.join("texts").join(&state.corpus().unwrap().source(&id).unwrap().info.file);
    std::fs::write(file, b"\xff\xfe not UTF-8").unwrap();
    let lib = commands::library(&state, None).unwrap();
    assert!(lib.left_out.is_empty(), "not read yet: {:?}", lib.left_out);
    assert!(lib.works.iter().any(|w| w.work == "龍書"));

    let err = commands::edition(&state, &id, None).unwrap_err();
    assert!(err.to_string().contains("was left out") && err.to_string().contains("UTF-8"), "{err}");
    // The window's payload: the text in params, the reason its one item.
    let payload = err.payload();
    assert_eq!(payload.code, "library.left_out");
    assert_eq!(payload.params["id"], id);
    assert_eq!(payload.params["work"], "龍書");
    assert_eq!(payload.items.len(), 1, "{payload:?}");
    assert_eq!(payload.items[0].code, "library.reason.unreadable");
    assert!(payload.items[0].params["detail"].contains("UTF-8"), "{payload:?}");
    let err = commands::passages(&state, &id, 1, 10, None).unwrap_err();
    assert!(err.to_string().contains("UTF-8"), "{err}");
    // The reader's page and its contents say it as `edition` does, by the
    // reason's code, where they said the corpus's English as app.corpus's
    // detail (and the contents as a parse error at line 0).
    let contents = super::reading_commands::contents(&state, &id, None).unwrap_err();
    for err in [err, contents] {
        let payload = err.payload();
        assert_eq!(payload.code, "library.left_out", "{payload:?}");
        assert_eq!(payload.items.len(), 1, "{payload:?}");
        assert_eq!(payload.items[0].code, "library.reason.unreadable");
    }
    let lib = commands::library(&state, None).unwrap();
    assert_eq!(lib.left_out.len(), 1, "{:?}", lib.left_out);
    assert_eq!(lib.left_out[0].id, id, "{:?}", lib.left_out);
    assert_eq!(lib.left_out[0].code, "library.reason.unreadable", "{:?}", lib.left_out);
    // The rest works.
    assert!(commands::passage(&state, "xiangshe.zhushu.0001", None).is_ok());
}

#[test]
fn locate_reads_a_passage_id_or_a_source_and_line_and_refuses_the_rest() {
    let (state, _dir) = state_over(tiny());
    let at = commands::locate(&state, " test.a.0002 ").unwrap();
    assert_eq!(at.passage, "test.a.0002");
    let by_line = commands::locate(&state, &format!("test.a:{}", at.line)).unwrap();
    assert_eq!(by_line.passage, "test.a.0002");
    let e = commands::locate(&state, "where the 賓 stands").unwrap_err();
    assert!(matches!(e, AppError::NotFound { what: "place", .. }), "{e:?}");
    assert!(matches!(commands::locate(&state, "  "), Err(AppError::InvalidInput(_))));
    assert!(matches!(commands::locate(&state, &"a".repeat(301)), Err(AppError::InvalidInput(_))));
    // A line the file does not have: its own code, with the file's last
    // line, for the Go-to box to say in the interface's language.
    for (at, line) in [("test.a:999999", "999999"), ("test.a:0", "0")] {
        let e = commands::locate(&state, at).unwrap_err();
        let (code, params) = e.code();
        assert_eq!(code, "app.not_found.line", "{at}: {e}");
        assert_eq!(params[0], ("source", "test.a".to_string()));
        assert_eq!(params[1], ("line", line.to_string()));
        assert_eq!(e.kind(), crate::app::error::ErrorKind::NotFound);
    }
}

/// An imported text's edition is told by a field of its own in every view
/// the window reads it from (library, sources, a passage, a search hit and
/// the source facet), so the UI never reads meaning out of the name; a
/// built-in edition is `builtin` beside its Chinese name.
#[test]
fn an_imported_texts_edition_kind_is_sent_with_every_view_of_it() {
    use super::dto::EditionKind;
    use super::search::{SearchQuery, open_index, search};
    let dir = tempfile::tempdir().unwrap();
    let (data, id) = data_with_text(dir.path(), "龍書", "[經]龘龘然而行。\n\n射人掌位。\n");
    let state = AppState::load(data);
    let kind = |v: &dyn erased::Json| v.json()["edition_kind"].clone();

    let lib = commands::library(&state, Some(DisplayScript::Original)).unwrap();
    let editions: Vec<_> = lib.works.iter().flat_map(|w| &w.editions).collect();
    let mine = editions.iter().find(|e| e.source == id).unwrap();
    assert_eq!(mine.edition_kind, EditionKind::Imported);
    assert_eq!(kind(*mine), "imported");
    let zhushu = editions.iter().find(|e| e.source == "xiangshe.zhushu").unwrap();
    assert_eq!((zhushu.edition.as_str(), zhushu.edition_kind), ("儀禮註疏", EditionKind::Builtin));
    assert_eq!(kind(*zhushu), "builtin");
    let sources = commands::sources(&state).unwrap();
    assert_eq!(sources.iter().find(|s| s.id == id).unwrap().edition_kind, EditionKind::Imported);
    let passage = commands::passage(&state, &format!("{id}.0001"), None).unwrap();
    assert_eq!(passage.edition_kind, EditionKind::Imported);
    assert_eq!(
        commands::passages(&state, &id, 1, 2, None).unwrap()[1].edition_kind,
        EditionKind::Imported
    );

    open_index(&state, &|_| {});
    let q = SearchQuery { query: "龘".into(), limit: 20, ..SearchQuery::default() };
    let r = search(&state, q, None).unwrap();
    assert_eq!(r.results[0].edition_kind, EditionKind::Imported);
    assert_eq!(kind(&r.results[0]), "imported");
    let facet = r.by_source.iter().find(|f| f.key == id).unwrap();
    let name = facet.source.as_ref().expect("a source facet names its parts");
    assert_eq!((name.kind, name.title.as_str()), (EditionKind::Imported, "龍書"));
    assert_eq!(facet.json()["source"]["kind"], "imported");
    // the other facets have no source part
    assert!(r.by_work.iter().all(|f| f.source.is_none() && f.json().get("source").is_none()));
    let q = SearchQuery { query: "射".into(), limit: 20, ..SearchQuery::default() };
    let r = search(&state, q, None).unwrap();
    let builtin = r.by_source.iter().find(|f| f.key == "xiangshe.zhushu").unwrap();
    assert_eq!(builtin.source.as_ref().unwrap().kind, EditionKind::Builtin);
    assert_eq!(builtin.label, "儀禮註疏·鄉射禮");
}

/// The JSON a value crosses the IPC as.
mod erased {
    pub trait Json {
        fn json(&self) -> serde_json::Value;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> serde_json::Value {
            serde_json::to_value(self).unwrap()
        }
    }
}
use erased::Json as _;
