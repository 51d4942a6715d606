//! What the kept relations add (`scout --measure`): the suite's report
//! without the written file and with it, from two runs of `cargo mtcov`,
//! and, from the last kill matrix when it holds the written file's MRs,
//! the mutants only they kill.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::Serialize;
use serde_json::Value;

use crate::process::ProcessBuilder;

/// One code criterion's numbers, without and with the relations.
#[derive(Debug, Serialize)]
pub(crate) struct CriterionAdded {
    pub criterion: String,
    /// `None`: the suite without them recorded no MR.
    pub without: Option<Numbers>,
    pub with: Numbers,
}

/// A criterion's `A_k` (with its fraction) and Metamorphic Coverage.
#[derive(Debug, Serialize, Clone, Copy)]
pub(crate) struct Numbers {
    pub a_k: f64,
    pub a_k_numerator: u64,
    pub a_k_denominator: u64,
    /// `None` when no follow-up execution was recorded.
    pub metamorphic_coverage: Option<f64>,
}

/// What the kept relations add.
#[derive(Debug, Serialize)]
pub(crate) struct Added {
    pub k: u32,
    /// MRs (and classes) without and with them.
    pub mrs: (u64, u64),
    pub classes: (u64, u64),
    pub criteria: Vec<CriterionAdded>,
    /// From the last kill matrix, when it holds their MRs.
    pub kills: Option<Kills>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Kills {
    pub mutants: u64,
    /// Mutants the other MRs' groups kill, all groups kill, and only
    /// theirs kill.
    pub without: u64,
    pub with: u64,
    pub only_theirs: u64,
}

/// Runs the suite of `package` and reads its report; `None` when it
/// recorded no MR.
pub(crate) fn run_suite(
    manifest: &Path,
    package: &str,
    k: u32,
    report: &Path,
) -> Result<Option<Value>> {
    let _ = std::fs::remove_file(report);
    let exe = std::env::current_exe().context("cannot find cargo-mtcov's own executable")?;
    let output = ProcessBuilder::new(exe)
        .arg("mtcov")
        .arg("--manifest-path")
        .arg(manifest)
        .args([
            "-p",
            package,
            "--k",
            &k.to_string(),
            "--criterion",
            "line,region",
        ])
        .arg(format!("--json={}", report.display()))
        .stdout(std::process::Stdio::null())
        .output()?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !report.is_file() {
        if stderr.contains("no metamorphic relations were recorded") {
            return Ok(None);
        }
        bail!(
            "`cargo mtcov -p {package}` made no report to measure what the relations add:\n{}",
            stderr.trim_end()
        );
    }
    let text = fs_err::read_to_string(report)?;
    Ok(Some(
        serde_json::from_str(&text).context("cannot read cargo mtcov's JSON report")?,
    ))
}

/// The numbers of the two reports.
pub(crate) fn compare(k: u32, without: Option<&Value>, with: &Value) -> Result<Added> {
    let totals =
        |r: Option<&Value>, what: &str| r.and_then(|r| r["totals"][what].as_u64()).unwrap_or(0);
    let mut criteria = Vec::new();
    for c in with["criteria"]
        .as_array()
        .context("the report has no criteria")?
    {
        let name = c["criterion"].as_str().unwrap_or("?").to_owned();
        let Some(with_numbers) = numbers(c) else {
            continue;
        };
        let without_numbers = without.and_then(|w| {
            w["criteria"]
                .as_array()?
                .iter()
                .find(|o| o["criterion"] == c["criterion"])
                .and_then(numbers)
        });
        criteria.push(CriterionAdded {
            criterion: name,
            without: without_numbers,
            with: with_numbers,
        });
    }
    Ok(Added {
        k,
        mrs: (totals(without, "mrs"), totals(Some(with), "mrs")),
        classes: (totals(without, "classes"), totals(Some(with), "classes")),
        criteria,
        kills: None,
    })
}

fn numbers(c: &Value) -> Option<Numbers> {
    let s = &c["summary"];
    Some(Numbers {
        a_k: s["a_k"].as_f64()?,
        a_k_numerator: s["a_k_numerator"].as_u64()?,
        a_k_denominator: s["a_k_denominator"].as_u64()?,
        metamorphic_coverage: c["metamorphic_coverage"]["value"].as_f64(),
    })
}

/// The mutants only the MRs of the test target `target` kill, in the kill
/// matrix at `path`; `None` when there is none or it has no MR of it.
pub(crate) fn kills(path: &Path, target: &str) -> Option<Kills> {
    let text = std::fs::read_to_string(path).ok()?;
    let matrix: Value = serde_json::from_str(&text).ok()?;
    let theirs: Vec<bool> = matrix["mrs"]
        .as_array()?
        .iter()
        .map(|m| {
            m["id"]
                .as_str()
                .is_some_and(|id| id.split("::").nth(1) == Some(target))
        })
        .collect();
    if !theirs.contains(&true) {
        return None;
    }
    let groups = matrix["groups"].as_array()?;
    let mut kills = Kills {
        mutants: 0,
        without: 0,
        with: 0,
        only_theirs: 0,
    };
    for mutant in matrix["mutants"].as_array()? {
        kills.mutants += 1;
        let by: Vec<bool> = mutant["killed_by"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|g| groups.get(g.as_u64()? as usize)?["mr"].as_u64())
            .map(|mr| theirs.get(mr as usize).copied().unwrap_or(false))
            .collect();
        if by.is_empty() {
            continue;
        }
        kills.with += 1;
        if by.iter().any(|t| !t) {
            kills.without += 1;
        } else {
            kills.only_theirs += 1;
        }
    }
    Some(kills)
}

/// A file set aside for the run without it, put back when dropped.
pub(crate) struct Aside {
    path: PathBuf,
    aside: PathBuf,
}

impl Aside {
    pub(crate) fn new(path: &Path) -> Result<Option<Aside>> {
        if !path.exists() {
            return Ok(None);
        }
        let aside = path.with_extension("rs.mtcov-scout-aside");
        fs_err::rename(path, &aside)?;
        Ok(Some(Aside {
            path: path.to_path_buf(),
            aside,
        }))
    }
}

impl Drop for Aside {
    fn drop(&mut self) {
        let _ = std::fs::rename(&self.aside, &self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mutants_only_the_written_relations_kill() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mutants.json");
        // MR 0 is the suite's, MR 1 the written file's (`scouted`).
        let matrix = serde_json::json!({
            "mrs": [{"id": "p::relations::a"}, {"id": "p::scouted::b"}],
            "groups": [{"mr": 0}, {"mr": 1}, {"mr": 1}],
            "mutants": [
                {"killed_by": [0]},
                {"killed_by": [0, 1]},
                {"killed_by": [1, 2]},
                {"killed_by": []},
            ]
        });
        std::fs::write(&path, matrix.to_string()).unwrap();
        let k = kills(&path, "scouted").unwrap();
        assert_eq!((k.mutants, k.without, k.with, k.only_theirs), (4, 2, 3, 1));
        assert!(kills(&path, "other").is_none(), "no MR of that target");
        assert!(kills(&dir.path().join("none.json"), "scouted").is_none());
    }
}
