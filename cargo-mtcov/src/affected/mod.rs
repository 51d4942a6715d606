//! `cargo mtcov --affected REF`: rerun only the tests, and in them the
//! MGs, a change can reach and keep the others' records from the last
//! run, so that the report equals a full rerun's.
//!
//! The rule (docs/cli.md, "--affected"):
//!
//! - The last run must be a whole `cargo mtcov` run of this release made
//!   at `REF` (its sources, manifests and lock file are `REF`'s), with the
//!   same toolchain, cargo arguments and compiler flags; else refused.
//! - `git diff REF` (and the files git does not track) gives the changed
//!   lines of the old version. A change to anything but a Rust source, a
//!   new, deleted or renamed file, or a changed line outside every
//!   function of the old build (a `const`, a `static`, a type, a macro, an
//!   attribute, a new item) reruns every test; a file whose tokens are
//!   `REF`'s (comments, whitespace) changes no function.
//! - Otherwise the changed functions are those whose regions span a
//!   changed line. A test process reruns when it ran one of them (in a
//!   source or follow-up execution, a check, a warm-up, or outside its
//!   MGs: its test body, input generation), when its records name a
//!   changed file (an MR's or a float check's location there could have
//!   moved), when it did not pass or did not finish, or when it shared its
//!   process with other tests. A test of a binary without MRs reruns when
//!   its process's profile says it ran a changed function, or there is
//!   none (`run::profiles`). Tests new since the last run run.
//! - A test that ran a changed function only inside some of its MGs (and
//!   names no changed file) reruns only those MGs, under a selection file
//!   (`MTCOV_SELECT`; every MG of an MR with float checks when one of its
//!   MGs did); its records are then the rerun's merged with the kept MGs'
//!   (`groups`, `rerun`). Each MG's `mg` line carries its share of what its
//!   process sums (aside, warm-up and capture counts), so the merge adds up
//!   as a whole run; a rerun that did not meet the MGs of the last run
//!   stops the run (exit 2).
//! - Every other test keeps its records, moved to the new build's counter
//!   layout function by function (`translate`); one whose counters do not
//!   move (a function the new build does not have) reruns.

mod carry;
mod changes;
mod decide;
mod git;
mod groups;
mod parts;
mod rerun;
mod translate;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::build::sources::SourceFile;
use crate::build::{BuildOptions, BuildOutput, Workspace};
use crate::patch::LineShift;
use crate::records;
pub(crate) use crate::run::base::{AffectedSummary, RunBase, TestNote};
use crate::run::last_run::LastRun;
use crate::run::{self, BinaryOutcome, BinaryRun, ProcessRun, binary_id};
pub(crate) use carry::Carry;
use changes::{FunctionKey, OldLines};
pub(crate) use parts::merge_parts;

/// What changed since `REF`, in the old version's lines.
struct Changes {
    /// Why every test must rerun, when the change allows no finer choice.
    everything: Option<String>,
    /// Changed Rust sources (absolute paths) and their changed lines.
    files: HashMap<PathBuf, OldLines>,
    /// The same files: where each line of their new version was.
    shifts: HashMap<PathBuf, LineShift>,
    /// The same files as records can name them: relative to the workspace
    /// root and to their package.
    names: Vec<String>,
}

/// The plan of an `--affected` run: which tests keep their records.
pub(crate) struct Plan {
    /// Per test executable (path of the new build): the tests not to run.
    pub(crate) keep: HashMap<PathBuf, HashSet<String>>,
    /// Per (test executable, test): the selection file of the MGs to
    /// rerun, when the others are kept.
    pub(crate) select: HashMap<(PathBuf, String), PathBuf>,
    kept: Vec<Kept>,
    splits: Vec<SplitTest>,
    /// Why each test of the last run reruns, by (binary id, test).
    reasons: HashMap<(String, String), String>,
    summary: AffectedSummary,
    /// The base and the change, to carry the base's kept evaluation to
    /// the new build when nothing reruns; why not, when it cannot be.
    carry: Option<Result<Carry, String>>,
}

/// A kept test: its process, and its records moved to the new build.
struct Kept {
    binary: PathBuf,
    process: ProcessRun,
    /// Its record file: name and text (none for a test of a binary
    /// without MRs, which writes none).
    records: Option<(String, String)>,
    /// What it ran by function, for a test of a binary without MRs: the
    /// last run's record folder and binary, whence it is copied.
    ran: Option<(PathBuf, PathBuf)>,
}

/// A test of which only some MGs rerun.
struct SplitTest {
    binary: PathBuf,
    test: String,
    split: decide::Split,
}

/// The last run, checked to be a base of an `--affected REF` run, and the
/// change since.
pub(crate) struct Checked {
    last: LastRun,
    reference: String,
    commit: String,
    changes: Changes,
}

/// Checks, before building, that an `--affected REF` run can be made
/// with these build options and test arguments (a shard when
/// `partition`), that the last run can be its base, and reads the change.
pub(crate) fn check(
    workspace: &Workspace,
    reference: &str,
    options: &BuildOptions,
    test_args: &[String],
    partition: bool,
) -> Result<Checked> {
    let conflict = if partition {
        Some("--partition (a shard is not a whole run)")
    } else if !RunBase::whole(test_args) {
        Some("test filters or selections after `--`, or MTCOV_SELECT")
    } else {
        None
    };
    if let Some(conflict) = conflict {
        bail!(
            "--affected {reference} cannot be combined with {conflict}: it reruns part of a whole \
             run and keeps the rest, which needs every test in scope"
        );
    }
    let now = &RunBase::now(workspace, options, test_args)?;
    let last = LastRun::load(&workspace.mtcov_dir())?;
    let Some(base) = &last.base else {
        bail!(
            "--affected {reference}: the last run cannot be kept: it was not a whole `cargo mtcov` \
             run of this release (test filters, MTCOV_SELECT, merged shards, nextest, or an \
             earlier release); run `cargo mtcov` at {reference} first"
        );
    };
    if let Some(why) = base.differs(now) {
        bail!(
            "--affected {reference}: the last run's records cannot be kept: {why}; run `cargo mtcov` at {reference} first"
        );
    }
    last.check_unchanged()?;
    let (top, commit) = git::resolve(&workspace.root, reference)?;
    check_made_at(&top, &commit, reference, &last, base)?;
    let changes = read_changes(workspace, reference, (&top, &commit))?;
    Ok(Checked {
        last,
        reference: reference.to_owned(),
        commit,
        changes,
    })
}

/// Decides which tests of the checked base rerun with the new `build`,
/// and moves the records of the others to it.
/// `split`: each test runs in a process of its own, so that some of a
/// test's MGs can rerun and its others be kept.
pub(crate) fn plan(
    workspace: &Workspace,
    checked: Checked,
    build: &BuildOutput,
    split: bool,
) -> Result<Plan> {
    let Checked {
        last,
        reference,
        commit,
        changes,
    } = checked;
    let base = last;
    let last = &base;
    let mut plan = Plan {
        keep: HashMap::new(),
        select: HashMap::new(),
        kept: Vec::new(),
        splits: Vec::new(),
        reasons: HashMap::new(),
        summary: AffectedSummary {
            reference,
            commit,
            everything: changes.everything.clone(),
            rerun: Vec::new(),
            kept: Vec::new(),
            kept_groups: 0,
            rerun_groups: 0,
        },
        carry: None,
    };
    if changes.everything.is_some() {
        return Ok(plan);
    }
    let records = records::read_run(&last.record_dir, Some(&last.executable_paths()))?;
    let mut infos_of = HashMap::new();
    if !changes.files.is_empty() {
        let mut all = Vec::new();
        for exe in &last.build.executables {
            let info = crate::mapping::decode::read_object(last.file(&exe.path))?;
            infos_of.insert(run::canonical(&exe.path), all.len());
            all.push(info);
        }
        let binaries = all.len();
        for library in last.member_libraries() {
            all.extend(crate::mapping::decode::read_extra(&library)?);
        }
        if let Some((file, line)) = changes::outside_functions(&all, &changes.files) {
            let shown = file
                .strip_prefix(&workspace.root)
                .unwrap_or(file)
                .display()
                .to_string();
            plan.summary.everything = Some(if line == 0 {
                format!("{shown} changed and holds no function of the build")
            } else {
                format!("{shown}:{line} changed outside every function")
            });
            return Ok(plan);
        }
        let changed: Vec<HashMap<FunctionKey, String>> = all[..binaries]
            .iter()
            .map(|info| changes::changed_functions(std::slice::from_ref(info), &changes.files))
            .collect();
        let changed_of = |binary: &Path| infos_of.get(binary).map(|&i| &changed[i]);
        decide::decide(
            &mut plan, last, build, &records, &changes, changed_of, split,
        )?;
        // Nothing of the last run reruns (a test new since may still
        // run: `merge` looks again).
        if plan.select.is_empty() && plan.reasons.is_empty() {
            plan.carry = Some(Carry::new(base, changes.shifts, &all, &changes.files));
        }
    } else {
        let none = HashMap::new();
        decide::decide(
            &mut plan,
            last,
            build,
            &records,
            &changes,
            |_| Some(&none),
            split,
        )?;
        plan.carry = Some(Ok(Carry::unchanged_build(base, changes.shifts)));
    }
    plan.write_selections(&workspace.mtcov_dir().join("affected"))?;
    Ok(plan)
}

/// Fails unless the last run's sources and manifests are those of `commit`.
fn check_made_at(
    top: &Path,
    commit: &str,
    reference: &str,
    last: &LastRun,
    base: &RunBase,
) -> Result<()> {
    let files: Vec<&SourceFile> = last.build.sources.iter().chain(&base.manifests).collect();
    let mut relative = Vec::with_capacity(files.len());
    for file in &files {
        let Ok(inside) = file.path.strip_prefix(top) else {
            bail!(
                "--affected {reference}: {} is outside the git repository at {}",
                file.path.display(),
                top.display()
            );
        };
        relative.push(inside.to_string_lossy().replace('\\', "/"));
    }
    let contents = git::contents(top, commit, &relative)?;
    let differ: Vec<&str> = files
        .iter()
        .zip(&contents)
        .zip(&relative)
        .filter(|((file, content), _)| {
            let at_commit = content
                .as_deref()
                .map(crate::build::sources::fingerprint_bytes)
                .unwrap_or_default();
            at_commit != file.fingerprint
        })
        .map(|(_, path)| path.as_str())
        .collect();
    if !differ.is_empty() {
        let more = if differ.len() > 3 {
            format!(" and {} more", differ.len() - 3)
        } else {
            String::new()
        };
        bail!(
            "--affected {reference}: the last run was not made at {reference} ({}): {}{more} \
             {}; run `cargo mtcov` at {reference} first, then `cargo mtcov --affected {reference}`",
            &commit[..commit.len().min(12)],
            differ[..differ.len().min(3)].join(", "),
            if differ.len() == 1 {
                "differs"
            } else {
                "differ"
            },
        );
    }
    Ok(())
}

/// The change since `reference` (the repository at `top`, `commit`):
/// `git diff` and the untracked files.
fn read_changes(
    workspace: &Workspace,
    reference: &str,
    (top, commit): (&Path, &str),
) -> Result<Changes> {
    let root = &workspace.root;
    let diff = crate::patch::git_diff(root, reference, "--affected")?;
    let mut changes = Changes {
        everything: None,
        files: HashMap::new(),
        shifts: HashMap::new(),
        names: Vec::new(),
    };
    for file in crate::patch::parse_files(&diff)? {
        let shown = file
            .new
            .clone()
            .or_else(|| file.old.clone())
            .unwrap_or_default();
        let why = match (&file.old, &file.new) {
            _ if !shown.ends_with(".rs") => Some(format!("{shown} changed")),
            (None, _) => Some(format!("{shown} is new")),
            (_, None) => Some(format!("{shown} was deleted")),
            (Some(old), Some(new)) if old != new => Some(format!("{old} was renamed to {new}")),
            _ if file.without_hunks => Some(format!("{shown} changed")),
            _ => None,
        };
        if let Some(why) = why {
            changes.everything.get_or_insert(why);
            continue;
        }
        let old = file.old.expect("checked above");
        let path = root.join(&old);
        changes.names.push(old.clone());
        if let Some(member) = workspace
            .members
            .iter()
            .filter(|m| path.starts_with(&m.manifest_dir))
            .max_by_key(|m| m.manifest_dir.as_os_str().len())
            && let Ok(inside) = path.strip_prefix(&member.manifest_dir)
        {
            changes.names.push(inside.to_string_lossy().into_owned());
        }
        changes.shifts.insert(
            path.clone(),
            LineShift::new(file.removed.clone(), file.added),
        );
        changes.files.insert(
            path,
            OldLines {
                removed: file.removed,
                inserted_after: file.inserted_after,
            },
        );
    }
    if changes.everything.is_none() {
        drop_token_equal(&mut changes, top, commit)?;
    }
    if changes.everything.is_none() {
        let written = run::Written::load(&workspace.mtcov_dir());
        if let Some(file) = crate::patch::untracked(root, "--affected")?
            .into_iter()
            .find(|file| readable(workspace, &written, file))
        {
            changes.everything = Some(format!(
                "{file} is not tracked by git, and a build or a test could read it"
            ));
        }
    }
    changes.names.sort();
    changes.names.dedup();
    Ok(changes)
}

/// Takes out of `changes.files` each file whose tokens are `commit`'s
/// (comments and whitespace changed only): no function of it changed and
/// no line of it counts as changed outside every function. Its lines
/// still move (`shifts`), and records naming it still rerun (`names`).
fn drop_token_equal(changes: &mut Changes, top: &Path, commit: &str) -> Result<()> {
    let mut paths: Vec<PathBuf> = changes.files.keys().cloned().collect();
    paths.sort();
    let relative: Vec<String> = paths
        .iter()
        .map(|p| {
            p.strip_prefix(top)
                .unwrap_or(p)
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    let before = git::contents(top, commit, &relative)?;
    for (path, old) in paths.iter().zip(before) {
        let (Some(old), Ok(new)) = (old, std::fs::read_to_string(path)) else {
            continue;
        };
        if changes::same_tokens(&String::from_utf8_lossy(&old), &new) {
            changes.files.remove(path);
        }
    }
    Ok(())
}

/// Whether the untracked file `file` (relative to the workspace root)
/// could change what a build or a test does: it lies inside a workspace
/// member's directory, or is one of cargo's and rustup's files (under
/// `.cargo/`, a toolchain file, a manifest or lock file) or mtcov's
/// configuration (`.config/mtcov.toml`); not under the
/// target directory, and not a report `cargo mtcov` wrote there itself
/// (unchanged since). Files git ignores are not listed at all.
fn readable(workspace: &Workspace, written: &run::Written, file: &str) -> bool {
    let path = workspace.root.join(file);
    if path.starts_with(&workspace.target_dir) || written.wrote(&path) {
        return false;
    }
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let cargo = file.split(['/', '\\']).any(|part| part == ".cargo")
        || path == workspace.root.join(crate::build::CONFIG_FILE)
        || matches!(
            name.as_ref(),
            "rust-toolchain" | "rust-toolchain.toml" | "Cargo.toml" | "Cargo.lock"
        );
    cargo
        || workspace
            .members
            .iter()
            .any(|member| path.starts_with(&member.manifest_dir))
}

impl Plan {
    /// Writes the kept tests' records into the new run's `record_dir` and
    /// their processes into `runs`, and says what was rerun and kept; when
    /// nothing reran, what carries the last run's evaluation to the new
    /// build (or why it cannot).
    pub(crate) fn merge(
        mut self,
        record_dir: &Path,
        runs: &mut [BinaryRun],
        build: &BuildOutput,
    ) -> Result<(AffectedSummary, Option<Result<Carry, String>>)> {
        let carry = self.carry.take();
        self.merge_splits(record_dir, runs)?;
        let mut summary = self.summary;
        // A kept process goes by its pid, which a process of this run
        // may have been given: it then goes by a number no process gets.
        let mut taken: HashSet<(PathBuf, u32)> = runs
            .iter()
            .flat_map(|r| r.processes.iter().map(|p| (r.path.clone(), p.pid)))
            .collect();
        let mut unused = 1u32 << 31;
        for mut kept in self.kept {
            if let Some((file_name, text)) = &kept.records {
                fs_err::write(record_dir.join(file_name), text)?;
            }
            if let Some((from, old_binary)) = &kept.ran {
                let old_pid = kept.process.pid;
                while taken.contains(&(kept.binary.clone(), kept.process.pid)) {
                    kept.process.pid = unused;
                    unused += 1;
                }
                run::profiles::copy_ran(
                    (from, old_binary, old_pid),
                    (record_dir, &kept.binary, kept.process.pid),
                )?;
            }
            taken.insert((kept.binary.clone(), kept.process.pid));
            if let Some(run) = runs.iter_mut().find(|r| r.path == kept.binary) {
                run.outcome = std::mem::replace(&mut run.outcome, BinaryOutcome::Passed)
                    .worse(&kept.process.outcome);
                run.processes.push(kept.process);
            }
        }
        let ids: BTreeMap<&Path, String> = build
            .executables
            .iter()
            .map(|e| (e.path.as_path(), binary_id(e)))
            .collect();
        for run in runs.iter() {
            let Some(id) = ids.get(run.path.as_path()) else {
                continue;
            };
            let kept: HashSet<&str> = self
                .keep
                .get(&run.path)
                .map(|tests| tests.iter().map(String::as_str).collect())
                .unwrap_or_default();
            for process in run.processes.iter().filter(|p| !p.listing) {
                for test in process
                    .tests
                    .iter()
                    .filter(|t| !kept.contains(t.name.as_str()))
                {
                    let why = self
                        .reasons
                        .get(&(id.clone(), test.name.clone()))
                        .cloned()
                        .or_else(|| {
                            summary
                                .everything
                                .as_ref()
                                .map(|_| "every test reran".to_owned())
                        })
                        .unwrap_or_else(|| "new since the last run".to_owned());
                    summary.rerun.push(TestNote {
                        binary: id.clone(),
                        test: test.name.clone(),
                        why,
                    });
                }
            }
        }
        summary.rerun.sort();
        summary.rerun.dedup();
        let nothing_reran =
            summary.everything.is_none() && summary.rerun.is_empty() && summary.rerun_groups == 0;
        Ok((summary, carry.filter(|_| nothing_reran)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::Member;

    fn workspace(root: &Path, members: &[&str]) -> Workspace {
        Workspace {
            root: root.to_path_buf(),
            target_dir: root.join("target"),
            build_root: root.join("target/mtcov"),
            members: members
                .iter()
                .map(|m| Member {
                    id: (*m).to_owned(),
                    name: (*m).to_owned(),
                    manifest_dir: root.join(m),
                })
                .collect(),
        }
    }

    #[test]
    fn untracked_files_count_where_a_build_or_a_test_could_read_them() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let none = run::Written::default();
        // A virtual workspace: files at its root are read by no member.
        let virtual_ws = workspace(root, &["a", "b"]);
        assert!(readable(&virtual_ws, &none, "a/tests/data.txt"));
        assert!(readable(&virtual_ws, &none, "b/src/new.rs"));
        assert!(!readable(&virtual_ws, &none, "notes.md"));
        assert!(!readable(&virtual_ws, &none, "target/.rustc_info.json"));
        assert!(!readable(&virtual_ws, &none, "target/mtcov/.lock"));
        // Cargo's and rustup's own files count wherever they are.
        assert!(readable(&virtual_ws, &none, ".cargo/config.toml"));
        assert!(readable(&virtual_ws, &none, "rust-toolchain.toml"));
        assert!(readable(&virtual_ws, &none, ".config/mtcov.toml"));
        assert!(!readable(&virtual_ws, &none, ".config/other.toml"));
        // One package at the root: every file but the target directory's
        // and the reports mtcov wrote there.
        let single = workspace(root, &[""]);
        assert!(readable(&single, &none, "scratch.txt"));
        assert!(!readable(&single, &none, "target/debug/x"));
        std::fs::write(root.join("report.json"), "{}").unwrap();
        let mut written = run::Written::default();
        written.file(&root.join("report.json"), "{}");
        assert!(!readable(&single, &written, "report.json"));
        // Edited since mtcov wrote it: a change like any other.
        std::fs::write(root.join("report.json"), "{\"mine\":1}").unwrap();
        assert!(readable(&single, &written, "report.json"));
    }
}
