//! Adequacy-guided generation on the `guided` fixture (a copy of
//! `tests/fixtures/guided` under `target/bench`): one `cargo mtcov` run
//! that draws, keeps and saves its corpus, then one with as many random
//! cases; the rows give the drawn and kept counts, the A_3 each pool
//! reaches, and the wall time of each run (build done beforehand).

use std::path::Path;

use crate::cmd;
use crate::stats::Summary;
use crate::table::{Row, Unit};

const SECTION: &str = "8. guided generation";

pub(crate) fn run(root: &Path, mtcov: &Path) -> Vec<Row> {
    eprintln!(
        "xtask: guided generation on tests/fixtures/guided (instrumented build, then two runs)"
    );
    measure(root, mtcov).unwrap_or_else(|why| vec![Row::missing(SECTION, "guided fixture", why)])
}

struct Figures {
    drawn: u64,
    kept: u64,
    line: f64,
    region: f64,
    seconds: f64,
}

fn measure(root: &Path, mtcov: &Path) -> Result<Vec<Row>, String> {
    let work = root.join("target/bench/guided-fixture");
    let _ = std::fs::remove_dir_all(&work);
    copy_tree(&root.join("tests/fixtures/guided"), &work)?;
    let manifest = work.join("Cargo.toml");
    let text =
        std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let runtime = root.join("mt-runtime");
    std::fs::write(
        &manifest,
        text.replace(
            "\"../../../mt-runtime\"",
            &format!("{:?}", runtime.display().to_string()),
        ),
    )
    .map_err(|e| format!("{}: {e}", manifest.display()))?;
    // The build, untimed (one random case), then a fresh corpus.
    run_once(root, mtcov, &work, Some(1))?;
    let _ = std::fs::remove_dir_all(work.join("tests/mtcov-corpus"));
    let guided = run_once(root, mtcov, &work, None)?;
    let random = run_once(root, mtcov, &work, Some(guided.kept))?;
    let row = |what: String, f: &Figures, note: String| {
        let summary = Summary {
            median: f.seconds,
            min: f.seconds,
            max: f.seconds,
            samples: 1,
        };
        Row::new(SECTION, what, Some((summary, Unit::Seconds))).note(note)
    };
    Ok(vec![
        row(
            format!("guided: {} kept of {} drawn", guided.kept, guided.drawn),
            &guided,
            format!("A_3 line {:.3}, region {:.3}", guided.line, guided.region),
        ),
        row(
            format!("random: {} cases", guided.kept),
            &random,
            format!("A_3 line {:.3}, region {:.3}", random.line, random.region),
        ),
    ])
}

fn run_once(
    root: &Path,
    mtcov: &Path,
    work: &Path,
    random: Option<u64>,
) -> Result<Figures, String> {
    let mut command = cmd::tool(mtcov, work);
    command
        .args([
            "mtcov",
            "--json",
            "--k",
            "3",
            "--criterion",
            "line,region",
            "--",
            "--nocapture",
        ])
        .env("CARGO_TARGET_DIR", root.join("target/bench/guided"));
    for var in [
        "MTCOV_SEED",
        "PROPTEST_RNG_SEED",
        "PROPTEST_CASES",
        "GUIDED_FIXTURE_RANDOM",
    ] {
        command.env_remove(var);
    }
    if let Some(n) = random {
        command.env("GUIDED_FIXTURE_RANDOM", n.to_string());
    }
    let run = cmd::run_ok(&mut command)?;
    let stderr = run.stderr();
    let counts: Vec<u64> = stderr
        .lines()
        .find_map(|line| line.split("guided fixture: ").nth(1))
        .ok_or_else(|| "the fixture printed no figures".to_owned())?
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let report: serde_json::Value =
        serde_json::from_str(&run.stdout()).map_err(|e| format!("not a JSON report: {e}"))?;
    let a_k = |name: &str| {
        report["criteria"]
            .as_array()
            .and_then(|c| c.iter().find(|c| c["criterion"] == name))
            .and_then(|c| c["summary"]["a_k"].as_f64())
            .unwrap_or(f64::NAN)
    };
    Ok(Figures {
        drawn: counts.get(1).copied().unwrap_or(0),
        kept: counts.get(2).copied().unwrap_or(0),
        line: a_k("line"),
        region: a_k("region"),
        seconds: run.elapsed.as_secs_f64(),
    })
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        let target = to.join(entry.file_name());
        if entry.file_type().map_err(|e| e.to_string())?.is_dir() {
            if entry.file_name() != "target" {
                copy_tree(&entry.path(), &target)?;
            }
        } else {
            std::fs::copy(entry.path(), &target)
                .map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}
