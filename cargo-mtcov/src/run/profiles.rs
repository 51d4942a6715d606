//! What each test of a binary without MRs ran, by function.
//!
//! Such a binary does not link mt-runtime, so nothing in it writes
//! records. Each of its tests still runs in a process of its own (as
//! cargo-nextest runs every test), which LLVM's profiler runtime gives a
//! raw profile at exit (`LLVM_PROFILE_FILE`, `%p` for its pid). The
//! functions with a non-zero counter are kept with the run, one file per
//! process (`ran/<binary stem>-<pid>.txt`: a line per function, its name
//! ref and structural hash in hex, then its counters, comma-separated),
//! and the profile removed: `--affected` keeps every such test that ran
//! no changed function, and the HTML report adds its counters to how many
//! times each line ran.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result};

/// The folder of a run's raw profiles, while its tests run.
const PROFILES: &str = "profiles";
/// The folder of the functions each process ran.
const RAN: &str = "ran";

/// A function as the profile and the coverage mapping name it: the MD5
/// of its PGO name and its structural hash.
pub(crate) type Function = (u64, u64);

fn stem(binary: &Path) -> String {
    binary
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// `LLVM_PROFILE_FILE` for the processes of `binary` in a run writing to
/// `record_dir`.
pub(crate) fn profile_file(record_dir: &Path, binary: &Path) -> PathBuf {
    record_dir
        .join(PROFILES)
        .join(format!("{}-%p.profraw", stem(binary)))
}

/// Where the functions a process ran are kept.
fn ran_file(record_dir: &Path, binary: &Path, pid: u32) -> PathBuf {
    record_dir
        .join(RAN)
        .join(format!("{}-{pid}.txt", stem(binary)))
}

/// Reads the raw profile process `pid` of `binary` wrote, keeps the
/// functions it ran, and removes the profile. `Ok(false)` when there is
/// no profile (the process was killed) or it cannot be read: what the
/// process ran is then not known.
pub(crate) fn keep_ran(record_dir: &Path, binary: &Path, pid: u32) -> Result<bool> {
    let profile = record_dir
        .join(PROFILES)
        .join(format!("{}-{pid}.profraw", stem(binary)));
    if !profile.is_file() {
        return Ok(false);
    }
    // The parser panics on some damaged input: read as not known.
    let parsed =
        std::panic::catch_unwind(|| llvm_profparser::instrumentation_profile::parse(&profile));
    let _ = std::fs::remove_file(&profile);
    let Ok(Ok(parsed)) = parsed else {
        return Ok(false);
    };
    let mut ran: BTreeMap<Function, Vec<u64>> = BTreeMap::new();
    for record in parsed.records() {
        if let (Some(name), Some(hash)) = (record.name_hash, record.hash)
            && record.record.counts.iter().any(|&c| c != 0)
        {
            // One function twice (it cannot be, in one binary): summed.
            let counts = ran.entry((name, hash)).or_default();
            counts.resize(counts.len().max(record.record.counts.len()), 0);
            for (sum, &c) in counts.iter_mut().zip(&record.record.counts) {
                *sum = sum.saturating_add(c);
            }
        }
    }
    let mut text = String::with_capacity(ran.len() * 48);
    for ((name, hash), counts) in &ran {
        text.push_str(&format!("{name:016x} {hash:016x} "));
        for (i, c) in counts.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&c.to_string());
        }
        text.push('\n');
    }
    let file = ran_file(record_dir, binary, pid);
    fs_err::create_dir_all(file.parent().expect("in a folder"))?;
    fs_err::write(&file, text).with_context(|| format!("cannot keep {}", file.display()))?;
    Ok(true)
}

/// The functions process `pid` of `binary` ran, as kept in the run's
/// `record_dir`; `None` when not known.
pub(crate) fn ran(record_dir: &Path, binary: &Path, pid: u32) -> Option<BTreeSet<Function>> {
    Some(read_ran(record_dir, binary, pid)?.into_keys().collect())
}

/// The counters of each function process `pid` of `binary` ran (the
/// others ran nothing); why not, when not known.
pub(crate) fn ran_counts(
    record_dir: &Path,
    binary: &Path,
    pid: u32,
) -> Result<BTreeMap<Function, Vec<u64>>, &'static str> {
    let ran = read_ran(record_dir, binary, pid).ok_or(
        "was not kept (it did not exit normally, or its binary has no libtest harness \
             and ran every test in one process)",
    )?;
    if !ran.values().all(Option::is_some) {
        return Err("was kept without its counters (by an earlier cargo-mtcov)");
    }
    Ok(ran
        .into_iter()
        .map(|(f, counts)| (f, counts.unwrap_or_default()))
        .collect())
}

fn read_ran(
    record_dir: &Path,
    binary: &Path,
    pid: u32,
) -> Option<BTreeMap<Function, Option<Vec<u64>>>> {
    let text = std::fs::read_to_string(ran_file(record_dir, binary, pid)).ok()?;
    let mut ran = BTreeMap::new();
    for line in text.lines() {
        let mut fields = line.split(' ');
        let (name, hash) = (fields.next()?, fields.next()?);
        let counts = match fields.next() {
            Some(counts) => Some(
                counts
                    .split(',')
                    .map(|c| c.parse().ok())
                    .collect::<Option<Vec<u64>>>()?,
            ),
            None => None,
        };
        ran.insert(
            (
                u64::from_str_radix(name, 16).ok()?,
                u64::from_str_radix(hash, 16).ok()?,
            ),
            counts,
        );
    }
    Some(ran)
}

/// Copies what a process ran from one run's records to another's (a test
/// `--affected` keeps): each a record folder, the binary's path in that
/// run's build and the process id it goes by there.
pub(crate) fn copy_ran(from: (&Path, &Path, u32), to: (&Path, &Path, u32)) -> Result<()> {
    let source = ran_file(from.0, from.1, from.2);
    let target = ran_file(to.0, to.1, to.2);
    fs_err::create_dir_all(target.parent().expect("in a folder"))?;
    fs_err::copy(&source, &target)?;
    Ok(())
}

/// Copies what each process of a shard ran (its records in `from`) into
/// the merged run's records (`to`). Two shards' processes of one binary
/// given the same pid (on two machines) cannot be told apart: what either
/// ran is then not known.
pub(crate) fn merge_ran(from: &Path, to: &Path) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(from.join(RAN)) else {
        return Ok(());
    };
    fs_err::create_dir_all(to.join(RAN))?;
    for entry in entries.flatten() {
        let target = to.join(RAN).join(entry.file_name());
        if target.exists() {
            fs_err::remove_file(&target)?;
            fs_err::write(target.with_extension("ambiguous"), "")?;
        } else if !target.with_extension("ambiguous").exists() {
            fs_err::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Removes the run's raw profiles no process summary took (a process
/// killed before it wrote one, a binary whose tests share a process).
pub(crate) fn remove_profiles(record_dir: &Path) {
    let _ = std::fs::remove_dir_all(record_dir.join(PROFILES));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_process_ran_round_trips_and_unknown_is_none() {
        let dir = tempfile::tempdir().unwrap();
        let binary = Path::new("/t/deps/unit-0123");
        assert!(profile_file(dir.path(), binary).ends_with("profiles/unit-0123-%p.profraw"));
        // No profile: not known.
        assert!(!keep_ran(dir.path(), binary, 7).unwrap());
        assert_eq!(ran(dir.path(), binary, 7), None);
        // A profile that is not one: not known, and removed.
        let profile = dir.path().join("profiles/unit-0123-7.profraw");
        std::fs::create_dir_all(profile.parent().unwrap()).unwrap();
        std::fs::write(&profile, b"not a profile").unwrap();
        assert!(!keep_ran(dir.path(), binary, 7).unwrap());
        assert!(!profile.exists());
        // A kept list reads back, and copies to another run.
        let file = ran_file(dir.path(), binary, 8);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "00000000000000ff 0000000000000001 3,0,2\n").unwrap();
        assert_eq!(
            ran(dir.path(), binary, 8),
            Some(BTreeSet::from([(0xff, 1)]))
        );
        assert_eq!(
            ran_counts(dir.path(), binary, 8),
            Ok(BTreeMap::from([((0xff, 1), vec![3, 0, 2])]))
        );
        // Kept without counters (an earlier release): functions known,
        // counts not.
        let bare = ran_file(dir.path(), binary, 9);
        std::fs::write(&bare, "00000000000000ff 0000000000000001\n").unwrap();
        assert!(ran(dir.path(), binary, 9).is_some());
        assert!(
            ran_counts(dir.path(), binary, 9)
                .unwrap_err()
                .contains("without its counters")
        );
        assert!(
            ran_counts(dir.path(), binary, 10)
                .unwrap_err()
                .contains("not kept")
        );
        let other = tempfile::tempdir().unwrap();
        copy_ran((dir.path(), binary, 8), (other.path(), binary, 8)).unwrap();
        assert_eq!(ran(other.path(), binary, 8), ran(dir.path(), binary, 8));
        // Shards merged: one pid in two shards is known in neither.
        let merged = tempfile::tempdir().unwrap();
        merge_ran(dir.path(), merged.path()).unwrap();
        assert!(ran(merged.path(), binary, 8).is_some());
        for _ in 0..2 {
            merge_ran(other.path(), merged.path()).unwrap();
            assert_eq!(ran(merged.path(), binary, 8), None);
        }
    }
}
