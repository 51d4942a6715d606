//! `<target>/mtcov/last-run.json`: what `cargo mtcov report` needs to
//! re-render the last run without rebuilding: where its records are, the
//! build's test executables (with their modification times, so a rebuild
//! since then is caught) and how each test binary, process and test
//! ended.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use super::BinaryRun;
use crate::build::BuildOutput;
use crate::error::RecordError;

const FILE_NAME: &str = "last-run.json";
const FORMAT: u32 = 3;

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
    /// Modification time of each test executable when it ran.
    pub stamps: Vec<Stamp>,
    pub runs: Vec<BinaryRun>,
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
    /// The run whose records are in `record_dir`; `instrumented` is false
    /// for a plain build (black-box criteria only).
    pub fn new(
        record_dir: PathBuf,
        build: BuildOutput,
        runs: Vec<BinaryRun>,
        branch: bool,
        instrumented: bool,
    ) -> Result<Self> {
        let stamps = build
            .executables
            .iter()
            .map(|e| Stamp::of(&e.path))
            .collect::<Result<_>>()?;
        Ok(Self {
            format: FORMAT,
            record_dir,
            branch,
            instrumented,
            build,
            stamps,
            runs,
        })
    }

    pub fn save(&self, mtcov_dir: &Path) -> Result<()> {
        let path = mtcov_dir.join(FILE_NAME);
        let text = serde_json::to_string_pretty(self)?;
        // Written aside and renamed: an interrupt never leaves half a file.
        let partial = mtcov_dir.join(format!("{FILE_NAME}.partial"));
        std::fs::write(&partial, text)
            .and_then(|()| std::fs::rename(&partial, &path))
            .with_context(|| format!("cannot write {}", path.display()))
    }

    pub fn load(mtcov_dir: &Path) -> Result<Self> {
        let path = mtcov_dir.join(FILE_NAME);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                bail!(
                    "there is no previous run to report on ({} does not exist); run `cargo mtcov` first",
                    path.display()
                )
            }
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let run: Self = serde_json::from_str(&text).with_context(|| {
            format!(
                "{} is unreadable (written by another cargo-mtcov version?); rerun `cargo mtcov`",
                path.display()
            )
        })?;
        if run.format != FORMAT {
            bail!(
                "{} has format {}, this cargo-mtcov reads {FORMAT}; rerun `cargo mtcov`",
                path.display(),
                run.format
            );
        }
        Ok(run)
    }

    /// Fails if a test executable changed since the run: its records'
    /// counter indices would be read against another binary.
    pub fn check_unchanged(&self) -> Result<()> {
        for stamp in &self.stamps {
            let now = Stamp::of(&stamp.path).map_err(|_| RecordError::BinaryChanged {
                binary: format!("{} (now missing)", stamp.path.display()),
            })?;
            if now != *stamp {
                return Err(RecordError::BinaryChanged {
                    binary: stamp.path.display().to_string(),
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
        std::fs::create_dir_all(&record_dir)
            .with_context(|| format!("cannot create {}", record_dir.display()))?;
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
    ) -> Result<LastRun> {
        let last = LastRun::new(self.record_dir, build, runs, branch, instrumented)?;
        last.save(&self.mtcov_dir)?;
        remove_other_runs(&self.mtcov_dir.join("records"), &self.id);
        Ok(last)
    }

    /// Removes this run's records: the last run stays what it was.
    pub(crate) fn discard(self) {
        let _ = std::fs::remove_dir_all(&self.record_dir);
    }
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
        let dir = std::env::temp_dir().join(format!("mtcov-last-run-{}", std::process::id()));
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
        std::fs::remove_dir_all(&dir).unwrap();
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
        let root = std::env::temp_dir().join(format!("mtcov-runs-{}", std::process::id()));
        for run in ["1-1", "2-2"] {
            std::fs::create_dir_all(root.join(run)).unwrap();
            std::fs::write(root.join(run).join("a.jsonl"), "x").unwrap();
        }
        remove_other_runs(&root, "2-2");
        assert!(!root.join("1-1").exists());
        assert!(root.join("2-2/a.jsonl").is_file());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
