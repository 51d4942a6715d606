//! How many times the tests ran each requirement, as they run without
//! mtcov: what the HTML report shows beside each line, as `cargo
//! llvm-cov` does.
//!
//! A binary with MRs counts from its records: what each process ran
//! between MGs, its warm-up runs (each SUT execution's first run, where
//! the test runs it) and what its MGs ran outside source executions less
//! their measured follow-up runs ([`ProcessRecords::execution_counts`]);
//! the measured runs, mtcov's second run of each execution, are not
//! counted. A binary without MRs counts from its processes' profiles
//! (one per test, kept by [`crate::run::profiles`]). Each binary's
//! counters are summed over its processes and evaluated once, as
//! `llvm-cov` evaluates a merged profile; binaries are summed per
//! requirement. When one process's counts are not known (it did not exit
//! normally, its profile was not kept, its records cannot tell its
//! follow-up runs apart), no count is given at all, and the report says
//! why: never a number that leaves a process out.
//!
//! [`ProcessRecords::execution_counts`]: crate::records::ProcessRecords::execution_counts

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Result;
use mtcov_protocol::CoverageLayout;

use super::pipeline::parallelism;
use super::process::{Measuring, add_counted};
use crate::mapping::{CounterLayout, CoverageMap, Requirement, Scope};
use crate::model::Criterion;
use crate::records::{DenseSum, RunRecords};
use crate::run::BinaryRun;
use crate::run::last_run::LastRun;
use crate::run::profiles;

/// Adds every binary's counts to `measuring`'s `runs`, or says why they
/// are not known. `maps` are the mappings of the binaries with records
/// (`binaries`, in the same order).
pub(super) fn add_runs(
    last: &LastRun,
    records: &RunRecords,
    binaries: &BTreeMap<&Path, Vec<usize>>,
    maps: &[CoverageMap],
    scope: &Scope,
    measuring: &mut [Measuring],
) -> Result<()> {
    let known = with_records(records, binaries, maps, measuring)?
        .and_then(|()| without_records(last, binaries, scope, measuring));
    if let Err(why) = known {
        for m in measuring.iter_mut() {
            m.runs = Err(why.clone());
        }
    }
    Ok(())
}

/// The binaries with MRs, from their records; why not, when a process's
/// counts are not known.
fn with_records(
    records: &RunRecords,
    binaries: &BTreeMap<&Path, Vec<usize>>,
    maps: &[CoverageMap],
    measuring: &mut [Measuring],
) -> Result<Result<(), String>> {
    for (map_index, (map, processes)) in maps.iter().zip(binaries.values()).enumerate() {
        let mut sum = DenseSum::default();
        let mut table = None;
        for &p in processes {
            let process = &records.processes[p];
            let CoverageLayout::Captured { functions, .. } = &process.coverage else {
                continue;
            };
            match process.execution_counts() {
                Ok(counts) => sum.add(&counts),
                Err(why) => return Ok(Err(why)),
            }
            table.get_or_insert(functions);
        }
        let sum = sum.pairs();
        let Some(functions) = table.filter(|_| !sum.is_empty()) else {
            continue;
        };
        let counted = map.evaluator(functions)?.counted(&sum);
        for m in measuring.iter_mut() {
            if let Ok(runs) = &mut m.runs {
                add_counted(&counted, map_index, m.criterion, &m.merged, runs);
            }
        }
    }
    Ok(Ok(()))
}

/// The binaries without MRs, from their processes' profiles (one per
/// test), placed on the requirements of the measured binaries by key (a
/// requirement only they have is not measured); why not, when a
/// process's profile was not kept or a binary cannot be read. Each
/// binary's mapping is read and evaluated on a thread of its own (a
/// crate's integration tests are binaries of their own, each with the
/// crate's whole mapping), at most [`parallelism`] at a time.
fn without_records(
    last: &LastRun,
    binaries: &BTreeMap<&Path, Vec<usize>>,
    scope: &Scope,
    measuring: &mut [Measuring],
) -> Result<(), String> {
    let runs: Vec<&BinaryRun> = last
        .runs
        .iter()
        .filter(|run| !binaries.contains_key(run.path.as_path()))
        .collect();
    let criteria: Vec<(Criterion, &[Requirement])> = measuring
        .iter()
        .map(|m| (m.criterion, m.merged.requirements.as_slice()))
        .collect();
    let mut counted: Vec<Placed> = Vec::new();
    for batch in runs.chunks(parallelism()) {
        let results: Vec<Result<Placed, String>> = std::thread::scope(|s| {
            let handles: Vec<_> = batch
                .iter()
                .map(|run| s.spawn(|| binary_counts(last, run, scope, &criteria)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a binary's counts do not panic"))
                .collect()
        });
        for result in results {
            counted.push(result?);
        }
    }
    for (c, r, n) in counted.into_iter().flatten() {
        if let Ok(runs) = &mut measuring[c].runs {
            runs[r as usize] = runs[r as usize].saturating_add(n);
        }
    }
    Ok(())
}

/// Counts placed on merged requirements: (index of the criterion in
/// `measuring`, merged requirement, count).
type Placed = Vec<(usize, u32, u64)>;

/// One binary without MRs: per measured criterion (its index in
/// `criteria`), the merged requirements its tests ran and how often.
fn binary_counts(
    last: &LastRun,
    run: &BinaryRun,
    scope: &Scope,
    criteria: &[(Criterion, &[Requirement])],
) -> Result<Placed, String> {
    let name = run.path.file_name().unwrap_or_default().to_string_lossy();
    if run.processes.is_empty() {
        // Run by another runner (cargo-nextest): nothing kept.
        return Err(format!(
            "{name}, a test binary without MRs, ran its tests without a profile kept per process"
        ));
    }
    let mut by_function: BTreeMap<(u64, u64), Vec<u64>> = BTreeMap::new();
    for process in run.processes.iter().filter(|p| !p.listing) {
        let ran =
            profiles::ran_counts(&last.record_dir, &run.path, process.pid).map_err(|why| {
                format!(
                    "the profile of process {} of {name}, a test binary without MRs, {why}",
                    process.pid
                )
            })?;
        for (function, counts) in ran {
            let sum = by_function.entry(function).or_default();
            sum.resize(sum.len().max(counts.len()), 0);
            for (s, c) in sum.iter_mut().zip(counts) {
                *s = s.saturating_add(c);
            }
        }
    }
    if by_function.is_empty() {
        return Ok(Vec::new());
    }
    let binary = last.file(&run.path);
    let unreadable = |e: anyhow::Error| format!("{name}: {e:#}");
    let layout = CounterLayout::read(binary).map_err(unreadable)?;
    let map = CoverageMap::load(binary, &[], scope).map_err(unreadable)?;
    // The profile's counters at the binary's counter indices.
    let mut counters = Vec::new();
    for f in &layout.functions {
        if let Some(counts) = by_function.remove(&(f.name_ref, f.func_hash)) {
            for (i, &c) in counts.iter().enumerate().take(f.num_counters as usize) {
                if c != 0 {
                    counters.push(((f.first_counter + i as u64) as u32, c));
                }
            }
        }
    }
    counters.sort_unstable();
    let counted = map
        .evaluator(&layout.functions)
        .map_err(unreadable)?
        .counted(&counters);
    let mut out = Vec::new();
    for (c, &(criterion, merged)) in criteria.iter().enumerate() {
        let own = map.requirements(criterion);
        for &(id, n) in counted.of(criterion) {
            let key = &own[id as usize].key;
            if let Ok(r) = merged.binary_search_by(|q| q.key.cmp(key)) {
                out.push((c, r as u32, n));
            }
        }
    }
    Ok(out)
}
