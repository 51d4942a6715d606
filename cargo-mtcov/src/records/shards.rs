//! The shards of one partition (`cargo mtcov --partition KIND:M/N`, on
//! one machine or many): what each ran (`<shard dir>/shard.json`, next to
//! its `records/`), and their records merged as one run's.
//!
//! Every shard `1..=N` of one partition must be given exactly once, all
//! built from the same sources with the same flags. The merge matches the
//! shards' test binaries to the merging build's by file name (cargo's
//! name-hash pair, which changes with the toolchain, profile and
//! features), and refuses shards whose binaries, or whose recorded
//! coverage layouts, differ from each other or from that build, naming
//! them.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use mtcov_protocol::CoverageLayout;
use serde::{Deserialize, Serialize};

use crate::build::BuildOutput;
use crate::run::{self, BinaryOutcome, BinaryRun, Partition};

const SHARD_FILE: &str = "shard.json";
const FORMAT: u32 = 1;
const KIND: crate::versioned::Kind = crate::versioned::Kind {
    what: "a shard's record",
    field: "format",
    version: FORMAT,
    remedy: "rerun the shard with this cargo-mtcov",
};

/// `<shard dir>/shard.json`: what a shard ran, next to its `records/`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Shard {
    format: u32,
    pub(crate) partition: Partition,
    pub(crate) branch: bool,
    build: BuildOutput,
    runs: Vec<BinaryRun>,
}

impl Shard {
    pub(crate) fn new(
        partition: Partition,
        branch: bool,
        build: BuildOutput,
        runs: Vec<BinaryRun>,
    ) -> Self {
        Self {
            format: FORMAT,
            partition,
            branch,
            build,
            runs,
        }
    }

    pub(crate) fn save(&self, dir: &Path) -> Result<()> {
        crate::versioned::save(&dir.join(SHARD_FILE), self, true)
    }

    pub(crate) fn load(dir: &Path) -> Result<Self> {
        crate::versioned::load(&dir.join(SHARD_FILE), &KIND, || {
            format!(
                "{} is not a shard directory (no {SHARD_FILE}); give the directories \
                 `cargo mtcov --partition KIND:M/N` wrote, <target-dir>/mtcov/shard-M-of-N",
                dir.display()
            )
        })
    }
}

/// Every shard of one partition, each once.
pub(crate) fn check_partition(shards: &[(PathBuf, Shard)]) -> Result<()> {
    let Some((first_dir, first)) = shards.first() else {
        bail!("name the shard directories to merge");
    };
    let (kind, total) = (first.partition.kind, first.partition.total);
    let mut seen: BTreeMap<u32, &Path> = BTreeMap::new();
    for (dir, shard) in shards {
        let p = shard.partition;
        if p.kind != kind || p.total != total {
            bail!(
                "{} is shard {p}, {} is shard {}: shards of different partitions cannot be merged",
                dir.display(),
                first_dir.display(),
                first.partition
            );
        }
        if let Some(other) = seen.insert(p.shard, dir) {
            bail!(
                "shard {p} is given twice ({} and {}); give each shard once",
                other.display(),
                dir.display()
            );
        }
    }
    let missing: Vec<String> = (1..=total)
        .filter(|m| !seen.contains_key(m))
        .map(|m| m.to_string())
        .collect();
    if !missing.is_empty() {
        bail!(
            "shard {} of {total} {} missing: without {} the report would leave out tests; \
             give every shard's directory",
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" },
            if missing.len() == 1 { "it" } else { "them" }
        );
    }
    Ok(())
}

/// Copies the shards' records into `merged`, their headers naming this
/// build's binaries, and returns the union of their outcomes.
pub(crate) fn merge_into(
    merged: &Path,
    shards: &[(PathBuf, Shard)],
    build: &BuildOutput,
) -> Result<Vec<BinaryRun>> {
    let local: HashMap<String, &Path> = build
        .executables
        .iter()
        .map(|e| (file_name(&e.path), e.path.as_path()))
        .collect();
    let mut runs: BTreeMap<PathBuf, BinaryRun> = BTreeMap::new();
    // The coverage layout each binary's records give, and which shard gave it first.
    let mut layouts: HashMap<String, (CoverageLayout, u32)> = HashMap::new();
    for (dir, shard) in shards {
        let m = shard.partition.shard;
        let mut theirs: HashMap<String, String> = HashMap::new();
        for exe in &shard.build.executables {
            let name = file_name(&exe.path);
            let Some(ours) = local.get(&name) else {
                bail!(
                    "shard {} ({}) ran {}, which this build does not have: the shards and this merge \
                     were built from different sources or with different flags (toolchain, \
                     --release, features); build every shard and the merge alike",
                    shard.partition,
                    dir.display(),
                    exe.path.display()
                );
            };
            theirs.insert(exe.path.display().to_string(), ours.display().to_string());
        }
        for file in run::record_files(&dir.join("records"))? {
            let mut text = run::record_text(&file)?.whole(&file)?;
            if let Some(header) = run::header_of(&text) {
                if let Some(ours) = theirs.get(&header.binary) {
                    text = run::with_binary(&text, &header, ours);
                }
                let binary = file_name(Path::new(&header.binary));
                let entry = layouts
                    .entry(binary.clone())
                    .or_insert((header.coverage.clone(), m));
                if entry.0 != header.coverage {
                    bail!(
                        "the records of {binary} in shard {m} and in shard {} of {} come from different \
                         builds (their coverage layouts differ): build every shard from the same sources",
                        entry.1,
                        shard.partition.total
                    );
                }
            }
            let target = merged.join(format!("s{m}-{}", run::written_name(&file)));
            fs_err::write(&target, text)?;
        }
        run::profiles::merge_ran(&dir.join("records"), merged)?;
        for run in &shard.runs {
            let name = file_name(&run.path);
            let Some(ours) = local.get(&name) else {
                continue;
            };
            let entry = runs.entry(ours.to_path_buf()).or_insert_with(|| BinaryRun {
                path: ours.to_path_buf(),
                outcome: BinaryOutcome::Passed,
                processes: Vec::new(),
            });
            entry.processes.extend(run.processes.iter().cloned());
            entry.outcome =
                std::mem::replace(&mut entry.outcome, BinaryOutcome::Passed).worse(&run.outcome);
        }
    }
    Ok(runs.into_values().collect())
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shard(spec: &str) -> (PathBuf, Shard) {
        (
            PathBuf::from(format!("/s/{spec}")),
            Shard::new(spec.parse().unwrap(), false, BuildOutput::default(), vec![]),
        )
    }

    #[test]
    fn every_shard_once() {
        assert!(check_partition(&[shard("count:1/2"), shard("count:2/2")]).is_ok());
        let err = |shards: &[(PathBuf, Shard)]| check_partition(shards).unwrap_err().to_string();
        assert!(err(&[shard("count:1/3"), shard("count:3/3")]).contains("shard 2 of 3 is missing"));
        assert!(
            err(&[shard("count:1/2"), shard("count:1/2"), shard("count:2/2")])
                .contains("shard count:1/2 is given twice")
        );
        assert!(err(&[shard("count:1/2"), shard("hash:2/2")]).contains("different partitions"));
    }
}
