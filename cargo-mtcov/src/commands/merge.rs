//! `cargo mtcov merge DIR...`: the shards of one partition
//! (`cargo mtcov --partition KIND:M/N`, on one machine or many) as one run,
//! reported as `cargo mtcov` would report the unsharded run.
//!
//! Every shard `1..=N` of one partition must be given exactly once, all
//! built from the same sources with the same flags. The merge builds
//! those sources itself (a fresh build when the target directory is kept),
//! matches the shards' test binaries to its own by file name (cargo's
//! name-hash pair, which changes with the toolchain, profile and
//! features), and refuses shards whose binaries, or whose recorded
//! coverage layouts, differ from each other or from its own build, naming
//! them. The merged records then go through the normal report path, with
//! all its checks, and become the last run (`cargo mtcov report`).

use anyhow::{Result, bail};

use super::building::build_for_run;
use super::reporting::report_run;
use crate::cli::MergeCommand;
use crate::error::ExitStatus;
use crate::records::shards::{Shard, check_partition, merge_into};
use crate::run::last_run::{NewRun, RunFacts};

pub(super) fn run(command: &MergeCommand) -> Result<ExitStatus> {
    let mut shards = Vec::new();
    for dir in &command.dirs {
        shards.push((dir.clone(), Shard::load(dir)?));
    }
    check_partition(&shards)?;
    let built = build_for_run(
        &command.common,
        &command.build.options(),
        &command.report,
        false,
    )?;
    if let Some((dir, shard)) = shards.iter().find(|(_, s)| s.branch != built.branch) {
        bail!(
            "shard {} ({}) was run {} --branch, this merge {}: give both the same flags",
            shard.partition,
            dir.display(),
            if shard.branch { "with" } else { "without" },
            if built.branch { "has it" } else { "does not" }
        );
    }
    let new_run = NewRun::start(&built.workspace.mtcov_dir())?;
    let runs = match merge_into(new_run.record_dir(), &shards, &built.build) {
        Ok(runs) => runs,
        Err(e) => {
            new_run.discard();
            return Err(e);
        }
    };
    let last = new_run.commit(
        built.build.clone(),
        runs,
        built.branch,
        built.instrument,
        RunFacts {
            selection: Some(command.build.selection.selection()),
            ..RunFacts::default()
        },
    )?;
    report_run(&built.workspace, &last, &command.report, built.color, None)
}
