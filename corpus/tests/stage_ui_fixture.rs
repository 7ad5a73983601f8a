//! The plan's layout tests in the UI (`ui/src/lib/stage/stage-geometry.test.ts`)
//! draw the 鄉射禮's real ground and the figures of its most crowded steps.
//! Their data, `ui/src/lib/stage/stage-crowded.ts`, is written from the stage
//! data here, so it cannot drift from it: with `UPDATE_BINDINGS=1` (`make
//! bindings`) this test writes it, else it fails when the committed file
//! differs from what the data gives.

use std::path::PathBuf;

use sheli_corpus::stage::Stages;

/// The steps drawn: 0019 (賓 and 眾賓 at 門左, the outside tester's 16),
/// 0258 (six figures at 司馬之西南: 勝者之弟子, 三耦, 有司…) and 0285
/// (29 figures, the most of the 經).
const CROWDED: [&str; 3] = ["0019", "0258", "0285"];

/// One item a line, indented: short enough to read, one line per change.
fn list<T: serde::Serialize>(items: &[T], indent: &str) -> String {
    let lines: Vec<String> =
        items.iter().map(|i| format!("{indent}  {},", serde_json::to_string(i).unwrap())).collect();
    format!("[\n{}\n{indent}]", lines.join("\n"))
}

fn expected() -> String {
    let stages = Stages::builtin().expect("the stage data loads");
    let work = stages.works.iter().find(|w| w.work == "鄉射禮").expect("the 鄉射禮 is staged");
    // The places' bases are left out: the layout does not read them.
    let mut places = work.plan.places.clone();
    for p in &mut places {
        p.basis.clear();
    }
    let plan = format!(
        "{{\n  work: {},\n  unit: {},\n  places: {},\n  outlines: {},\n  landmarks: {},\n}}",
        serde_json::to_string(&work.plan.work).unwrap(),
        serde_json::to_string(&work.plan.unit).unwrap(),
        list(&places, "  "),
        list(&work.plan.outlines, "  "),
        list(&work.plan.landmarks, "  "),
    );
    let crowded: Vec<String> = CROWDED
        .iter()
        .map(|step| {
            let view =
                stages.stage_at(&format!("xiangshe.zhushu.{step}")).expect("the step is staged");
            let figures: Vec<_> =
                view.figures.iter().map(|f| (&f.actor, f.at.x, f.at.y, f.moved)).collect();
            format!("  \"{step}\": {},", list(&figures, "  "))
        })
        .collect();
    format!(
        "// Written by corpus/tests/stage_ui_fixture.rs from corpus/stage/ \
         (`make bindings`); do not edit.\n\
         // The 鄉射禮's real ground (its places' bases left out) and the figures of its\n\
         // most crowded steps as `sheli stage <passage> --json` gives them, for the\n\
         // plan's layout tests: 0019, 0258 and 0285. Each figure: actor, x, y (丈), moved.\n\
         \n\
         import type {{ Plan }} from \"../bindings/Plan\";\n\
         \n\
         const PLAN: Plan = {plan};\n\
         \n\
         export function xiangshePlan(): Plan {{\n  return structuredClone(PLAN);\n}}\n\
         \n\
         export const CROWDED: Record<string, [string, number, number, boolean][]> = {{\n{}\n}};\n",
        crowded.join("\n")
    )
}

#[test]
fn the_uis_crowded_steps_are_the_stage_datas() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui/src/lib/stage/stage-crowded.ts");
    let text = expected();
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "{} is stale: the stage data changed; write it again with `make bindings`",
        path.display()
    );
}
