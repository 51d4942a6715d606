//! `<target>/mtcov/last-run.json`: what `cargo mtcov report` needs to
//! re-render the last run without rebuilding: where its records are, the
//! build's test executables and member libraries (kept beside the records,
//! so that a later build, even an interrupted one, leaves the run
//! reportable; with their modification times, so a change is caught), the
//! fingerprints of the sources they were built from, and how each test
//! binary, process and test ended.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use super::{BinaryOutcome, BinaryRun};
use crate::build::BuildOutput;
use crate::error::RecordError;
use crate::model::FailedTest;

const FILE_NAME: &str = "last-run.json";
const FORMAT: u32 = 4;
const KIND: crate::versioned::Kind = crate::versioned::Kind {
    what: "a record of the last run",
    field: "format",
    version: FORMAT,
    remedy: "rerun `cargo mtcov`",
};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LastRun {
    pub format: u32,
    pub record_dir: PathBuf,
    pub branch: bool,
    /// Whether the test binaries were built with coverage instrumentation
    /// (not when only black-box criteria were asked for).
    #[serde(default = "instrumented_by_default")]
    pub instrumented: bool,
    pub build: BuildOutput,
    /// Where each test executable and member library of `build` is kept
    /// for this run (a hard link, or a copy, beside its records): the
    /// build directory's own files are rebuilt by the next `cargo mtcov`.
    #[serde(default)]
    pub kept: BTreeMap<PathBuf, PathBuf>,
    /// Modification time of each kept file (test executables, then member
    /// libraries) when the run committed.
    pub stamps: Vec<Stamp>,
    pub runs: Vec<BinaryRun>,
    /// What `cargo mtcov --affected` needs to keep this run's records:
    /// only a whole `cargo mtcov` run has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<crate::run::base::RunBase>,
    /// Under `--affected`: which tests reran and which kept their records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affected: Option<crate::run::base::AffectedSummary>,
    /// The packages, features and profile the run built (normalized); not
    /// known of runs made by releases before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selection: Option<crate::build::Selection>,
}

/// What a run adds to `last-run.json` besides its build and outcomes.
#[derive(Debug, Default)]
pub(crate) struct RunFacts {
    /// Set for a whole `cargo mtcov` run (see [`LastRun::base`]).
    pub base: Option<crate::run::base::RunBase>,
    pub affected: Option<crate::run::base::AffectedSummary>,
    /// What the run built (see [`LastRun::selection`]).
    pub selection: Option<crate::build::Selection>,
}

fn instrumented_by_default() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub path: PathBuf,
    pub modified_secs: u64,
    pub modified_nanos: u32,
}

impl Stamp {
    pub fn of(path: &Path) -> Result<Self> {
        let modified = std::fs::metadata(path)
            .and_then(|m| m.modified())
            .with_context(|| format!("cannot read the modification time of {}", path.display()))?;
        let since = modified.duration_since(UNIX_EPOCH).unwrap_or_default();
        Ok(Self {
            path: path.to_path_buf(),
            modified_secs: since.as_secs(),
            modified_nanos: since.subsec_nanos(),
        })
    }
}

impl LastRun {
    /// Every test that did not pass, by binary and name (every schedule and
    /// shard split gives the same list); a process that ended
    /// before its tests were known (an abort of a `harness = false` binary,
    /// of a whole binary run with `--serial`) is one entry without a test.
    pub(crate) fn failed_tests(&self) -> Vec<FailedTest> {
        let mut failed = Vec::new();
        for run in &self.runs {
            let binary = self
                .build
                .executables
                .iter()
                .find(|e| e.path == run.path)
                .map_or_else(
                    || run.path.display().to_string(),
                    |e| format!("{}::{}", e.package, e.target),
                );
            let entry = |test: Option<&str>, outcome, process: &BinaryOutcome| FailedTest {
                binary: binary.clone(),
                test: test.map(str::to_owned),
                outcome,
                detail: process.abort_detail(),
            };
            if run.processes.is_empty() {
                // All the run knows is the binary's outcome (nextest, shards).
                if let Some(outcome) = run.outcome.failure() {
                    failed.push(entry(None, outcome, &run.outcome));
                }
                continue;
            }
            for process in &run.processes {
                let before = failed.len();
                for test in &process.tests {
                    if let Some(outcome) = test.outcome.failure() {
                        failed.push(entry(Some(&test.name), outcome, &process.outcome));
                    }
                }
                if let Some(outcome) = process.outcome.failure()
                    && failed.len() == before
                {
                    failed.push(entry(None, outcome, &process.outcome));
                }
            }
        }
        failed.sort_by(|a, b| (&a.binary, &a.test).cmp(&(&b.binary, &b.test)));
        failed
    }

    /// The run whose records are in `record_dir`; `instrumented` is false
    /// for a plain build (black-box criteria only).
    pub fn new(
        record_dir: PathBuf,
        build: BuildOutput,
        runs: Vec<BinaryRun>,
        branch: bool,
        instrumented: bool,
    ) -> Result<Self> {
        let kept = keep_build(&build, &record_dir.join("build"));
        let mut run = Self {
            format: FORMAT,
            record_dir,
            branch,
            instrumented,
            build,
            kept,
            stamps: Vec::new(),
            runs,
            base: None,
            affected: None,
            selection: None,
        };
        run.stamps = run
            .build
            .executables
            .iter()
            .map(|e| &e.path)
            .chain(&run.build.member_libraries)
            .map(|file| Stamp::of(run.file(file)))
            .collect::<Result<_>>()?;
        Ok(run)
    }

    /// Where the run's copy of a build file (test executable or member
    /// library) is: its kept link, or the build's own path when it could
    /// not be kept.
    pub fn file<'a>(&'a self, built: &'a Path) -> &'a Path {
        self.kept.get(built).map_or(built, PathBuf::as_path)
    }

    /// The member libraries, as kept for this run.
    pub fn member_libraries(&self) -> Vec<PathBuf> {
        self.build
            .member_libraries
            .iter()
            .map(|l| self.file(l).to_path_buf())
            .collect()
    }

    pub fn save(&self, mtcov_dir: &Path) -> Result<()> {
        crate::versioned::save(&mtcov_dir.join(FILE_NAME), self, true)
    }

    pub fn load(mtcov_dir: &Path) -> Result<Self> {
        let path = mtcov_dir.join(FILE_NAME);
        crate::versioned::load(&path, &KIND, || {
            format!(
                "there is no previous run to report on ({} does not exist); run `cargo mtcov` first",
                path.display()
            )
        })
    }

    /// The last run in `mtcov_dir`, checked as every command that reads it
    /// needs: its test executables are those its records came from, and
    /// its sources are those they were built from — or, with
    /// `allow_stale`, the changed sources are named in a warning.
    pub(crate) fn load_checked(mtcov_dir: &Path, root: &Path, allow_stale: bool) -> Result<Self> {
        let run = Self::load(mtcov_dir)?;
        run.check_unchanged()?;
        let changed = crate::build::sources::changed(&run.build.sources);
        if !changed.is_empty() {
            let list = changed
                .iter()
                .map(|(path, change)| {
                    let shown = path.strip_prefix(root).unwrap_or(path);
                    format!("{} ({})", shown.display(), change.word())
                })
                .collect::<Vec<_>>()
                .join(", ");
            if !allow_stale {
                return Err(RecordError::SourcesChanged { files: list }.into());
            }
            crate::term::warn(format_args!(
                "the sources changed since the last run was built: {list}; reported anyway \
                 (--allow-stale): lines of these files may be shown against code that did not run"
            ));
        }
        Ok(run)
    }

    /// Fails if a test executable changed since the run: its records'
    /// counter indices would be read against another binary.
    pub fn check_unchanged(&self) -> Result<()> {
        for stamp in &self.stamps {
            // Named by the build's path, not the kept link's.
            let built = self
                .kept
                .iter()
                .find(|(_, kept)| **kept == stamp.path)
                .map_or(&stamp.path, |(built, _)| built);
            let now = Stamp::of(&stamp.path).map_err(|_| RecordError::BinaryChanged {
                binary: format!("{} (now missing)", built.display()),
            })?;
            if now != *stamp {
                return Err(RecordError::BinaryChanged {
                    binary: built.display().to_string(),
                }
                .into());
            }
        }
        Ok(())
    }

    pub fn executable_paths(&self) -> Vec<PathBuf> {
        self.build
            .executables
            .iter()
            .map(|e| e.path.clone())
            .collect()
    }
}

/// The record directory of a run in progress, `<mtcov>/records/<id>`. It
/// becomes the last run only once [committed](NewRun::commit): a run that
/// fails or is interrupted first leaves the previous one reportable.
#[derive(Debug)]
pub(crate) struct NewRun {
    mtcov_dir: PathBuf,
    id: String,
    record_dir: PathBuf,
}

impl NewRun {
    /// Creates the run's record directory.
    pub(crate) fn start(mtcov_dir: &Path) -> Result<Self> {
        let id = new_run_id();
        let record_dir = mtcov_dir.join("records").join(&id);
        fs_err::create_dir_all(&record_dir)?;
        Ok(Self {
            mtcov_dir: mtcov_dir.to_path_buf(),
            id,
            record_dir,
        })
    }

    pub(crate) fn record_dir(&self) -> &Path {
        &self.record_dir
    }

    /// Makes this the last run (`last-run.json`) and removes the records
    /// of every other.
    pub(crate) fn commit(
        self,
        build: BuildOutput,
        runs: Vec<BinaryRun>,
        branch: bool,
        instrumented: bool,
        facts: RunFacts,
    ) -> Result<LastRun> {
        // Kept compressed: a run's records are mostly counters, which
        // compress to about a third.
        let mut runs = runs;
        match super::compress_records(&self.record_dir) {
            Ok(groups) => {
                for run in &mut runs {
                    let stem = run.path.file_stem().unwrap_or_default().to_string_lossy();
                    for process in run.processes.iter_mut().filter(|p| !p.listing) {
                        let name = format!("{stem}-{}.jsonl", process.pid);
                        process.groups = groups.get(&name).copied();
                    }
                }
            }
            Err(error) => crate::term::warn(format_args!(
                "the run's records are kept uncompressed: {error:#}"
            )),
        }
        let mut last = LastRun::new(self.record_dir, build, runs, branch, instrumented)?;
        last.base = facts.base;
        last.affected = facts.affected;
        last.selection = facts.selection.map(|s| s.normalized());
        last.save(&self.mtcov_dir)?;
        remove_other_runs(&self.mtcov_dir.join("records"), &self.id);
        Ok(last)
    }

    /// Removes this run's records: the last run stays what it was.
    pub(crate) fn discard(self) {
        let _ = std::fs::remove_dir_all(&self.record_dir);
    }
}

/// Keeps the build's test executables and member libraries in `dir`, each
/// as a hard link (a copy across file systems), so that the next build,
/// which replaces the build directory's files, leaves them as they ran.
/// A file that cannot be kept is read from the build directory (and a
/// rebuild since is caught by its stamp).
fn keep_build(build: &BuildOutput, dir: &Path) -> BTreeMap<PathBuf, PathBuf> {
    let files = build
        .executables
        .iter()
        .map(|e| &e.path)
        .chain(&build.member_libraries);
    let mut kept = BTreeMap::new();
    if std::fs::create_dir_all(dir).is_err() {
        return kept;
    }
    for (i, file) in files.enumerate() {
        let Some(name) = file.file_name() else {
            continue;
        };
        let to = dir.join(format!("{i}-{}", name.to_string_lossy()));
        let _ = std::fs::remove_file(&to);
        if std::fs::hard_link(file, &to).is_ok() || std::fs::copy(file, &to).is_ok() {
            kept.insert(file.clone(), to);
        }
    }
    kept
}

/// Removes the record directories of earlier runs (the lock guarantees none
/// is live); only the last run is ever reported.
fn remove_other_runs(records_root: &Path, keep: &str) {
    let Ok(entries) = std::fs::read_dir(records_root) else {
        return;
    };
    let stale: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && p.file_name().is_some_and(|n| n != keep))
        .collect();
    for dir in stale {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A run id that sorts by time: `<unix seconds>-<pid>`.
fn new_run_id() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    format!("{secs}-{}", std::process::id())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_a_rebuilt_binary_and_round_trips() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().to_path_buf();
        std::fs::create_dir_all(&dir).unwrap();
        let exe = dir.join("bin");
        std::fs::write(&exe, "one").unwrap();
        let mut build = BuildOutput::default();
        build.executables.push(crate::build::TestExecutable {
            path: exe.clone(),
            package: "p".into(),
            package_version: "0.1.0".into(),
            target: "p".into(),
            kind: "lib".into(),
            manifest_dir: dir.clone(),
        });
        let run = LastRun::new(dir.join("records"), build, vec![], false, true).unwrap();
        run.save(&dir).unwrap();
        let loaded = LastRun::load(&dir).unwrap();
        assert_eq!(loaded.stamps, run.stamps);
        loaded.check_unchanged().unwrap();

        let later = SystemTime::now() + std::time::Duration::from_secs(5);
        std::fs::File::options()
            .write(true)
            .open(&exe)
            .unwrap()
            .set_modified(later)
            .unwrap();
        let err = loaded.check_unchanged().unwrap_err();
        assert!(
            matches!(err.downcast_ref(), Some(RecordError::BinaryChanged { .. })),
            "{err:#}"
        );
    }

    #[test]
    fn a_missing_file_says_to_run_first() {
        let err = LastRun::load(Path::new("/nonexistent/mtcov"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("run `cargo mtcov` first"), "{err}");
    }

    #[test]
    fn earlier_runs_are_removed_and_the_kept_one_stays() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_path_buf();
        for run in ["1-1", "2-2"] {
            std::fs::create_dir_all(root.join(run)).unwrap();
            std::fs::write(root.join(run).join("a.jsonl"), "x").unwrap();
        }
        remove_other_runs(&root, "2-2");
        assert!(!root.join("1-1").exists());
        assert!(root.join("2-2/a.jsonl").is_file());
    }
}
