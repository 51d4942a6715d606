//! `cargo mtcov mutants` on `tests/fixtures/mutants-hand`: the killing
//! MGs of each mutant are those worked out by hand in its HAND.md; a
//! failing baseline gives no kill matrix (exit 2).

use std::collections::BTreeSet;
use std::process::Command;

use crate::common::{
    assert_exit, copy_fixture, mtcov_command, prerequisite, stderr, stdout, workspace_root,
};
use serde_json::Value;

pub(crate) fn cargo_mutants_installed() -> bool {
    let found = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["mutants", "--version"])
        .output()
        .map_err(|e| e.to_string())
        .and_then(|o| {
            if o.status.success() {
                Ok(())
            } else {
                Err(String::from_utf8_lossy(&o.stderr).trim().to_owned())
            }
        });
    prerequisite(
        "cargo-mutants",
        found,
        "cargo install --locked cargo-mutants",
    )
}

const ALL4: &[&str] = &["additive(0)", "additive(3)", "scaling(0)", "scaling(3)"];

/// Mutant name (without `src/lib.rs:line:col: `) → status and killing
/// MGs as `mr(source)`, from HAND.md.
const HAND: [(&str, &str, &[&str]); 9] = [
    (
        "replace double -> i64 with 0",
        "killed",
        &["additive(0)", "additive(3)"],
    ),
    ("replace double -> i64 with 1", "killed", ALL4),
    ("replace double -> i64 with -1", "killed", ALL4),
    ("replace * with + in double", "killed", ALL4),
    (
        "replace * with / in double",
        "killed",
        &["additive(0)", "additive(3)", "scaling(3)"],
    ),
    ("replace < with <= in is_small", "survived", &[]),
    ("replace * with + in triple", "survived", &[]),
    (
        "replace half -> Half with Default::default()",
        "unviable",
        &[],
    ),
    ("replace > with >= in steps", "timeout", &[]),
];

#[test]
fn kill_matrix_of_hand_checked_mutants() {
    if !cargo_mutants_installed() {
        return;
    }
    let project = copy_fixture("mutants-hand");
    let target = workspace_root().join("target/cli-fixtures/mutants-hand");
    let out = mtcov_command(
        project.path(),
        &["mutants", "--json", "--test-timeout", "3", "--html=site"],
    )
    .env("CARGO_TARGET_DIR", &target)
    .output()
    .unwrap();
    assert_exit(&out, 0);
    let summary: Value = serde_json::from_str(&stdout(&out)).expect("JSON summary");
    assert_eq!(summary["mutants"], 9);
    assert_eq!(summary["killed"], 5);
    assert_eq!(summary["survived"], 2);
    assert_eq!(summary["timeout"], 1);
    assert_eq!(summary["unviable"], 1);
    assert!((summary["score"].as_f64().unwrap() - 5.0 / 8.0).abs() < 1e-12);
    let mrs: Vec<(&str, u64, u64)> = summary["mrs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap(),
                r["killed"].as_u64().unwrap(),
                r["alone"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        mrs,
        [
            ("mutants_hand::relations::additive", 5, 1),
            ("mutants_hand::relations::scaling", 4, 0),
            ("mutants_hand::relations::halving", 0, 0),
            ("mutants_hand::relations::monotone", 0, 0),
        ]
    );
    assert_eq!(
        summary["mrs_killing_nothing"],
        serde_json::json!([
            "mutants_hand::relations::halving",
            "mutants_hand::relations::monotone"
        ])
    );

    let page = std::fs::read_to_string(project.path().join("site/mutants.html"))
        .expect("--html=site writes mutants.html");
    assert!(
        page.contains("<code>mutants_hand::relations::additive</code>"),
        "{page}"
    );
    assert!(page.contains("replace * with + in triple"), "{page}");

    let matrix: Value = serde_json::from_str(
        &std::fs::read_to_string(target.join("mtcov/mutants.json")).expect("the matrix file"),
    )
    .unwrap();
    let mg_name = |g: &Value| {
        let group = &matrix["groups"][g.as_u64().unwrap() as usize];
        let mr = matrix["mrs"][group["mr"].as_u64().unwrap() as usize]["id"]
            .as_str()
            .unwrap()
            .rsplit("::")
            .next()
            .unwrap()
            .to_owned();
        let source = matrix["sources"][group["sources"][0].as_u64().unwrap() as usize]["debug"]
            .as_str()
            .unwrap()
            .to_owned();
        format!("{mr}({source})")
    };
    assert_eq!(matrix["groups"].as_array().unwrap().len(), 7);
    let mutants = matrix["mutants"].as_array().unwrap();
    assert_eq!(mutants.len(), HAND.len());
    for (name, status, killers) in HAND {
        let mutant = mutants
            .iter()
            .find(|m| m["name"].as_str().unwrap().ends_with(name))
            .unwrap_or_else(|| panic!("no mutant `{name}` in {mutants:#?}"));
        let got: BTreeSet<String> = mutant["killed_by"]
            .as_array()
            .unwrap()
            .iter()
            .map(mg_name)
            .collect();
        let want: BTreeSet<String> = killers.iter().map(|k| k.to_string()).collect();
        assert_eq!(got, want, "{name}");
        assert_eq!(mutant["status"], status, "{name}");
        match status {
            "unviable" => assert!(
                mutant["reason"]
                    .as_str()
                    .unwrap()
                    .contains("the trait bound `Half: Default` is not satisfied"),
                "{mutant:#}"
            ),
            "timeout" => {
                let timed_out: Vec<String> = mutant["timed_out"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(mg_name)
                    .collect();
                assert!(
                    timed_out.contains(&"halving(3)".to_owned()),
                    "{timed_out:?}"
                );
            }
            _ => {}
        }
    }
    let survivor_k = |name: &str| {
        summary["survivors"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"].as_str().unwrap().ends_with(name))
            .unwrap_or_else(|| panic!("no survivor `{name}`"))["line_k"]
            .as_f64()
    };
    assert_eq!(survivor_k("replace * with + in triple"), Some(0.0));
    // Only `monotone` (one class of three) runs `is_small`: K = 1/3.
    assert_eq!(survivor_k("replace < with <= in is_small"), Some(1.0 / 3.0));

    // The study reads that matrix, with no rerun.
    let out = mtcov_command(project.path(), &["study", "--samples", "10", "--json"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 0);
    let study: Value = serde_json::from_str(&stdout(&out)).unwrap();
    // Killed or survived: the timeout and the unviable mutant are left out.
    assert_eq!(study["viable_mutants"], 7);
    assert!((study["pool_fde"].as_f64().unwrap() - 5.0 / 7.0).abs() < 1e-9);
    let text = |args: &[&str]| {
        let out = mtcov_command(project.path(), args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        let text = stdout(&out).replace(&target.display().to_string(), "[TARGET]");
        // The exact search's time.
        match text.split_once("proven smallest in ") {
            Some((head, tail)) => {
                let rest = tail.split_once(" s").map_or("", |(_, rest)| rest);
                format!("{head}proven smallest in [SECONDS] s{rest}")
            }
            None => text,
        }
    };
    insta::assert_snapshot!(
        "mutants_hand_study_text",
        text(&["study", "--samples", "10"])
    );
    insta::assert_snapshot!(
        "mutants_hand_reduce_text",
        text(&["reduce", "--mutants", "--exact"])
    );

    // The reduction keeps line A_3 and the 5 kills with 4 of the 7
    // groups (HAND.md): additive and scaling on one input (the line of
    // `double` has two classes there), monotone on one, halving(3); the
    // additive group kills all five mutants.
    let out = mtcov_command(
        project.path(),
        &["reduce", "--mutants", "--exact", "--json"],
    )
    .env("CARGO_TARGET_DIR", &target)
    .output()
    .unwrap();
    assert_exit(&out, 0);
    let reduced: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(reduced["killed_mutants"], 5);
    assert_eq!(reduced["groups"]["total"], 7);
    assert_eq!(reduced["groups"]["kept"], 4);
    assert_eq!(reduced["exact"]["optimal"], true);
    let mut kept_mrs: Vec<&str> = reduced["kept"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["mr"].as_str().unwrap().rsplit("::").next().unwrap())
        .collect();
    kept_mrs.sort_unstable();
    assert_eq!(kept_mrs, ["additive", "halving", "monotone", "scaling"]);
    let additive = reduced["mr_costs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["mr"].as_str().unwrap().ends_with("additive"))
        .unwrap();
    // Without additive, the kept scaling group still kills what it kills
    // on its input (HAND.md): scaling(0) three mutants, scaling(3) four.
    let input = reduced["kept"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["mr"].as_str().unwrap().ends_with("scaling"))
        .unwrap()["sources"][0]
        .clone();
    let lost = if input == "0" { 2 } else { 1 };
    assert_eq!(additive["kills_lost"], lost, "{additive} {input}");
    assert_eq!(reduced["killed_mutants_kept"], 5);
    // The study and `reduce` number the groups differently (the matrix's
    // and the run's), yet measure the one order `reduce` writes.
    let line = study["reduction"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["criterion"] == "line")
        .unwrap();
    let studied = line["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["strategy"] == reduced["order"]["strategy"])
        .unwrap();
    assert_eq!(studied["apfd"], reduced["order"]["apfd"], "{studied}");

    // A budget with the kill matrix says how many kills it keeps: more
    // groups of the order never keep fewer, all of them keep all five.
    let budget = |n: usize| -> Value {
        let out = mtcov_command(
            project.path(),
            &["reduce", "--mutants", "--budget", &n.to_string(), "--json"],
        )
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
        assert_exit(&out, 0);
        serde_json::from_str(&stdout(&out)).unwrap()
    };
    let kept: Vec<u64> = (1..=7)
        .map(|n| budget(n)["killed_mutants_kept"].as_u64().unwrap())
        .collect();
    assert!(kept.windows(2).all(|w| w[0] <= w[1]), "{kept:?}");
    assert_eq!(kept[6], 5, "{kept:?}");
    if let Some(n) = kept.iter().position(|&k| k < 5) {
        let shown = text(&["reduce", "--mutants", "--budget", &(n + 1).to_string()]);
        assert!(
            shown.contains(&format!(
                "kills kept: {} of the run's 5 killed mutants",
                kept[n]
            )),
            "{shown}"
        );
    }
}

#[test]
fn a_failing_baseline_is_no_kill_matrix() {
    if !cargo_mutants_installed() {
        return;
    }
    let project = copy_fixture("mutants-hand");
    let lib = project.path().join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(&lib, text.replace("x * 2", "x * 2 + 1")).unwrap();
    // Not the kill matrix test's target directory: cargo would take the
    // other copy's binaries, of the same package name, as fresh.
    let target = workspace_root().join("target/cli-fixtures/mutants-hand-failing");
    let out = mtcov_command(project.path(), &["mutants"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("the tests fail without any mutant"), "{err}");
    assert!(stdout(&out).is_empty(), "no summary: {}", stdout(&out));
    assert!(!target.join("mtcov/mutants.json").exists());
}

#[test]
fn a_study_without_a_kill_matrix_says_how_to_make_one() {
    let project = copy_fixture("mutants-hand");
    let target = project.path().join("target");
    let out = mtcov_command(project.path(), &["study"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("no kill matrix at"), "{err}");
    assert!(err.contains("run `cargo mtcov mutants` first"), "{err}");

    std::fs::create_dir_all(target.join("mtcov")).unwrap();
    std::fs::write(target.join("mtcov/mutants.json"), r#"{"version": 99}"#).unwrap();
    let out = mtcov_command(project.path(), &["study"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains(
            "is a kill matrix of version 99, this cargo-mtcov reads version 2: rerun `cargo mtcov mutants`"
        ),
        "{}",
        stderr(&out)
    );
}

/// `tests/fixtures/mutants-strategy`: two MRs over eight drawn cases, each
/// MR checking one function (HAND.md). Under a mutant every drawn case
/// runs again, all of them, unshrunk, so a mutant of `is_even` is credited
/// to `parity`'s groups that failed and to nothing else: a group that did
/// not run is never a kill. The project depends on mt-runtime through a
/// relative path outside it, which the scratch copies rewrite; the
/// mutants of a function behind a feature that is off are not built; three
/// shards merged are the whole matrix.
#[test]
fn generated_inputs_replay_and_only_groups_that_ran_kill() {
    if !cargo_mutants_installed() {
        return;
    }
    let project = copy_fixture("mutants-strategy");
    // mt-runtime as a user of an unpublished crate depends on it: a
    // relative path that leaves the project, which the scratch copies
    // must still find.
    let manifest = project.path().join("Cargo.toml");
    let runtime = workspace_root().join("mt-runtime");
    let up = "../".repeat(project.path().components().count() - 1);
    let relative = format!("{up}{}", runtime.strip_prefix("/").unwrap().display());
    let text = std::fs::read_to_string(&manifest).unwrap().replace(
        &format!("{:?}", runtime.display().to_string()),
        &format!("{relative:?}"),
    );
    assert!(text.contains(&relative), "{text}");
    std::fs::write(&manifest, text).unwrap();
    let target = workspace_root().join("target/cli-fixtures/mutants-strategy");
    let out = mtcov_command(project.path(), &["mutants", "--json"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 0);
    let summary: Value = serde_json::from_str(&stdout(&out)).expect("JSON summary");
    assert_eq!(
        (
            &summary["mutants"],
            &summary["killed"],
            &summary["survived"],
            &summary["not_built"]
        ),
        (
            &Value::from(13),
            &Value::from(8),
            &Value::from(1),
            &Value::from(4)
        ),
        "{summary:#}"
    );
    // The mutants of `traced` (behind the `trace` feature, off) are not
    // built: left out of the score, never advised on.
    assert!((summary["score"].as_f64().unwrap() - 8.0 / 9.0).abs() < 1e-12);
    assert!(
        summary["survivors"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| !s["name"].as_str().unwrap().contains("traced")),
        "{summary:#}"
    );
    let rows: Vec<(&str, u64, u64)> = summary["mrs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap(),
                r["killed"].as_u64().unwrap(),
                r["alone"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("mutants_strategy::relations::append_digit", 4, 4),
            ("mutants_strategy::relations::parity", 4, 4),
        ]
    );

    let matrix: Value = serde_json::from_str(
        &std::fs::read_to_string(target.join("mtcov/mutants.json")).expect("the matrix file"),
    )
    .unwrap();
    let groups = matrix["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 16, "eight drawn cases, two MRs");
    let mr_of = |g: u64| {
        let mr = groups[g as usize]["mr"].as_u64().unwrap() as usize;
        matrix["mrs"][mr]["id"]
            .as_str()
            .unwrap()
            .rsplit("::")
            .next()
            .unwrap()
            .to_owned()
    };
    let source_of = |g: u64| -> u32 {
        let s = groups[g as usize]["sources"][0].as_u64().unwrap() as usize;
        matrix["sources"][s]["debug"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap()
    };
    // Each killed mutant: the MR of its function, and how many of that
    // MR's eight groups fail under it (HAND.md).
    let cases: Vec<u32> = (0..groups.len() as u64)
        .filter(|&g| mr_of(g) == "parity")
        .map(source_of)
        .collect();
    let at_least_two = cases.iter().filter(|&&n| n >= 2).count();
    let not_one = cases.iter().filter(|&&n| n != 1).count();
    let hand: [(&str, &str, usize); 9] = [
        ("replace is_even -> bool with true", "parity", 8),
        ("replace is_even -> bool with false", "parity", 8),
        ("replace % with / in is_even", "parity", at_least_two),
        ("replace % with + in is_even", "parity", 8),
        ("replace == with != in is_even", "", 0),
        ("replace tens -> u32 with 0", "append_digit", 8),
        ("replace tens -> u32 with 1", "append_digit", not_one),
        ("replace / with % in tens", "append_digit", 8),
        ("replace / with * in tens", "append_digit", 8),
    ];
    let mutants = matrix["mutants"].as_array().unwrap();
    let traced: Vec<&Value> = mutants
        .iter()
        .filter(|m| m["name"].as_str().unwrap().contains("traced"))
        .collect();
    assert_eq!(traced.len(), 4, "{mutants:#?}");
    for m in traced {
        assert_eq!(m["status"], "not_built", "{m:#}");
        assert!(
            m["reason"]
                .as_str()
                .unwrap()
                .starts_with("no coverage region"),
            "{m:#}"
        );
    }
    for (name, mr, count) in hand {
        let mutant = mutants
            .iter()
            .find(|m| m["name"].as_str().unwrap().ends_with(name))
            .unwrap_or_else(|| panic!("no mutant `{name}` in {mutants:#?}"));
        let killers: Vec<u64> = mutant["killed_by"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_u64().unwrap())
            .collect();
        assert_eq!(killers.len(), count, "{name}: {mutant:#}");
        assert!(
            killers.iter().all(|&g| mr_of(g) == mr),
            "{name}: credited to groups of another MR: {mutant:#}"
        );
        assert!(
            mutant.get("not_run").is_none(),
            "every group ran: {mutant:#}"
        );
    }

    // Three shards (cargo-mutants' `--shard K/N`), merged, are the whole
    // matrix, timings aside.
    let without_timings = |mut m: Value| {
        m.as_object_mut().unwrap().remove("cost");
        for mutant in m["mutants"].as_array_mut().unwrap() {
            mutant.as_object_mut().unwrap().remove("seconds");
        }
        m
    };
    let mut shards = Vec::new();
    for k in 0..3 {
        let spec = format!("{k}/3");
        let out = mtcov_command(project.path(), &["mutants", "--shard", &spec])
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        let file = target.join(format!("mtcov/mutants-shard-{k}-of-3.json"));
        assert!(file.is_file(), "{}", stderr(&out));
        shards.push(file.display().to_string());
    }
    // A shard alone is no study.
    let out = mtcov_command(project.path(), &["study", "--matrix", &shards[0]])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("merge all 3 shards first"),
        "{}",
        stderr(&out)
    );
    let mut args = vec!["mutants", "--merge"];
    args.extend(shards.iter().rev().map(String::as_str));
    let out = mtcov_command(project.path(), &args)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 0);
    let merged: Value =
        serde_json::from_str(&std::fs::read_to_string(target.join("mtcov/mutants.json")).unwrap())
            .unwrap();
    assert_eq!(without_timings(merged), without_timings(matrix.clone()));
    let out = mtcov_command(
        project.path(),
        &["mutants", "--merge", &shards[0], &shards[2]],
    )
    .env("CARGO_TARGET_DIR", &target)
    .output()
    .unwrap();
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("shard 1/3 is missing"),
        "{}",
        stderr(&out)
    );
}
