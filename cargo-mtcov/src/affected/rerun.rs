//! Tests of which only the MGs a change reaches rerun: their selection
//! files before the run, their records merged with the kept MGs' after.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};

use super::decide::Split;
use super::groups::{self, Grouped};
use super::{Plan, SplitTest};
use crate::build::TestExecutable;
use crate::run::{self, BinaryRun, binary_id};

impl Plan {
    /// Reruns `test` (of the new build's `new`) under a selection of the
    /// MGs `split` does not keep.
    pub(super) fn split_test(&mut self, new: &TestExecutable, test: &str, split: Split) {
        let kept = split.keep.iter().filter(|k| **k).count();
        let rerun = split.keep.len() - kept;
        self.reasons.insert(
            (binary_id(new), test.to_owned()),
            format!(
                "{} in {rerun} of its {} MGs, which reran (the other {kept} kept)",
                split.why,
                split.keep.len()
            ),
        );
        self.summary.kept_groups += kept;
        self.summary.rerun_groups += rerun;
        self.splits.push(SplitTest {
            binary: new.path.clone(),
            test: test.to_owned(),
            split,
        });
    }

    /// Writes each split test's selection file (`MTCOV_SELECT`) into
    /// `dir`: the MGs to rerun, in the last run's order.
    pub(super) fn write_selections(&mut self, dir: &Path) -> Result<()> {
        if self.splits.is_empty() {
            return Ok(());
        }
        let _ = std::fs::remove_dir_all(dir);
        fs_err::create_dir_all(dir)?;
        for (n, split) in self.splits.iter().enumerate() {
            let mut text = String::new();
            let old = &split.split.old;
            for (group, _) in old
                .groups
                .iter()
                .zip(&split.split.keep)
                .filter(|(_, k)| !**k)
            {
                mtcov_protocol::selection::line(
                    &mut text,
                    &group.id.0,
                    group.id.1,
                    "reached by the change",
                );
            }
            let path = dir.join(format!("{n}.select"));
            fs_err::write(&path, text)?;
            self.select
                .insert((split.binary.clone(), split.test.clone()), path);
        }
        Ok(())
    }

    /// Merges each split test's rerun records (in `record_dir`) with the
    /// MGs it kept, in place.
    pub(super) fn merge_splits(&mut self, record_dir: &Path, runs: &[BinaryRun]) -> Result<()> {
        if self.splits.is_empty() {
            return Ok(());
        }
        let mut files = Vec::new();
        for file in run::record_files(record_dir)? {
            let text = run::record_text(&file)?.whole(&file)?;
            if let Some(header) = run::header_of(&text) {
                files.push((file, header.pid));
            }
        }
        for split in std::mem::take(&mut self.splits) {
            let SplitTest {
                binary,
                test,
                split,
            } = split;
            let failed = |why: String| -> anyhow::Error {
                anyhow::anyhow!(
                    "--affected: the records of {test} cannot be merged with the MGs kept from the \
                     last run: {why}; run `cargo mtcov` without --affected"
                )
            };
            let pids: Vec<u64> = runs
                .iter()
                .filter(|r| r.path == binary)
                .flat_map(|r| &r.processes)
                .filter(|p| !p.listing && p.tests.len() == 1 && p.tests[0].name == test)
                .map(|p| u64::from(p.pid))
                .collect();
            let stem = binary
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let found: Vec<&PathBuf> = files
                .iter()
                .filter(|(file, pid)| {
                    pids.contains(pid) && run::written_name(file).starts_with(&stem)
                })
                .map(|(file, _)| file)
                .collect();
            let [file] = found.as_slice() else {
                return Err(failed(format!(
                    "{} record files of its process",
                    found.len()
                )));
            };
            let text = fs_err::read_to_string(file)?;
            let fresh = Grouped::read(&text).map_err(&failed)?;
            let Some(remap) = &split.remap else {
                bail!("a split test without its counters' moves");
            };
            let merged = groups::merge(&split.old, &split.keep, &fresh, |pairs| {
                remap.pairs(pairs).map_err(|index| {
                    format!("counter {index} belongs to a function the new build lacks")
                })
            })
            .map_err(&failed)?;
            fs_err::write(file, merged)
                .with_context(|| format!("cannot write {}", file.display()))?;
        }
        Ok(())
    }
}
