//! Recording for `cargo mtcov`: which source input met which MR, and which
//! code each source input executed, in the format of `mtcov-protocol`
//! (specified in `docs/record-schema.md`).
//!
//! On only when [`RECORD_DIR_ENV`] is set. One file per process. The lines
//! of one MG (its source inputs seen for the first time, their coverage,
//! the MG itself) are gathered while it runs and written with a single
//! unbuffered `write` under a lock when it ends: records never interleave,
//! and an aborting process keeps every MG it finished.
//!
//! The header goes out with the first MG, or at exit in a process that ran
//! none, so that every test binary's registry reaches the report; at exit
//! an `end` line counts the lines before it, so that the reader can tell a
//! complete file from one that lost records. A record that cannot be
//! written fails the test that wrote it, with the OS error.

use crate::source_key::SourceKey;
use mtcov_protocol::write::MgFields;
use mtcov_protocol::{RECORD_DIR_ENV, counters, write};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;

pub(crate) struct Recorder {
    path: PathBuf,
    /// Makes the header line, written when the file is created.
    header: fn() -> String,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    file: Option<File>,
    /// The file actually created: the recorder's path, or that path with
    /// a `-N` suffix when a file of that name already existed.
    path: Option<PathBuf>,
    /// Lines written so far, header included.
    lines: u64,
    /// The first write error: every later write fails with it too, and no
    /// `end` line is written, so the reader knows the file is incomplete.
    error: Option<String>,
    seen_sources: HashSet<SourceKey>,
    /// (source, MR, fingerprint of its counter vector): identical
    /// re-executions of a source input by one MR are written once. The MR
    /// is the address of its static metadata.
    seen_coverage: HashSet<(SourceKey, usize, u64)>,
    /// The same for executions another thread ran during, until one that
    /// it did not left the same vector.
    seen_shared_coverage: HashSet<(SourceKey, usize, u64)>,
    /// The same for the follow-up counters of MGs (by first source).
    seen_follow_coverage: HashSet<(SourceKey, usize, u64)>,
    /// (source, fingerprint) of counter vectors written (their MG
    /// written): another MR's execution with the same counters refers to it.
    full_coverage: HashSet<(SourceKey, u64)>,
    /// The last counter vectors the file holds in full (at most
    /// [`KEYFRAMES`], oldest first): a later vector is written as its
    /// changes from the closest of them when that is shorter.
    keyframes: std::collections::VecDeque<Keyframe>,
    /// (source, fingerprint of its choices): each classification once.
    seen_choices: HashSet<(SourceKey, u64)>,
    /// (source, MR): each execution whose output could not be classified once.
    seen_unclassified: HashSet<(SourceKey, usize)>,
    /// (source, MR, fingerprint of a follow-up's frame): each once.
    seen_follow_ups: HashSet<(SourceKey, usize, u64)>,
}

/// How many vectors written in full a new vector is compared with.
const KEYFRAMES: usize = 4;

/// A counter vector written in full, that later ones can be written
/// against.
pub(crate) struct Keyframe {
    key: SourceKey,
    fingerprint: u64,
    counters: Vec<(u32, u64)>,
}

/// What one MG's pending lines hold of counter vectors.
#[derive(Default)]
pub(crate) struct Written {
    /// `(source key, fingerprint)` of the vectors they write: later
    /// executions with the same counters refer to them.
    vectors: Vec<(SourceKey, u64)>,
    /// The vectors they write in full.
    keyframes: Vec<Keyframe>,
}

impl Recorder {
    /// The recorder of this process when [`RECORD_DIR_ENV`] is set: one
    /// file in that directory, opened with its first line, which `header`
    /// makes.
    pub(crate) fn from_env(header: fn() -> String) -> Option<Recorder> {
        let dir = std::env::var_os(RECORD_DIR_ENV).filter(|dir| !dir.is_empty())?;
        let stem = std::env::current_exe()
            .ok()
            .and_then(|exe| {
                exe.file_stem()
                    .map(|stem| stem.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| "unknown".to_owned());
        let path = PathBuf::from(dir).join(format!("{stem}-{}.jsonl", std::process::id()));
        Some(Recorder {
            path,
            header,
            state: Mutex::new(State::default()),
        })
    }

    /// Notes a source input; the first time, its description goes to
    /// `pending` (the current MG's lines).
    pub(crate) fn source(
        &self,
        key: SourceKey,
        describe: impl FnOnce() -> String,
        pending: &mut String,
    ) {
        if self.lock().seen_sources.insert(key) {
            write::source(pending, key.0, &describe());
        }
    }

    /// Adds the counters one execution of a source input by the MR `mr`
    /// left non-zero to `pending` (a `cov` line), unless the same vector
    /// was already written for that input and MR; written in full only the
    /// first time for the input (`written`: the vectors this MG writes in
    /// full).
    /// `shared`: another thread of the process ran during the execution
    /// (its counters may hold that thread's work); an execution is written
    /// as shared only until one that was not left the same vector.
    pub(crate) fn coverage(
        &self,
        key: SourceKey,
        mr: MrRef<'_>,
        counters: &[(u32, u64)],
        shared: bool,
        pending: &mut String,
        written: &mut Written,
    ) -> u64 {
        self.counters(Role::Source { shared }, key, mr, counters, pending, written)
    }

    /// The same for the counters the follow-up executions of one MG left,
    /// summed (a `followcov` line), named by its first source input `key`.
    pub(crate) fn follow_coverage(
        &self,
        key: SourceKey,
        mr: MrRef<'_>,
        counters: &[(u32, u64)],
        pending: &mut String,
        written: &mut Written,
    ) -> u64 {
        self.counters(Role::FollowUp, key, mr, counters, pending, written)
    }

    fn counters(
        &self,
        role: Role,
        key: SourceKey,
        mr: MrRef<'_>,
        counters: &[(u32, u64)],
        pending: &mut String,
        written: &mut Written,
    ) -> u64 {
        let fingerprint = write::fingerprint(counters);
        let mut state = self.lock();
        let seen = (key, mr.address, fingerprint);
        let known = match role {
            Role::Source { shared: false } => !state.seen_coverage.insert(seen),
            Role::Source { shared: true } => {
                state.seen_coverage.contains(&seen) || !state.seen_shared_coverage.insert(seen)
            }
            Role::FollowUp => !state.seen_follow_coverage.insert(seen),
        };
        if known {
            return fingerprint;
        }
        let line =
            |out: &mut String, key: u64, mr: &str, fp: u64, c: write::Counters<'_>| match role {
                Role::Source { shared } => write::cov(out, key, mr, fp, c, shared),
                Role::FollowUp => write::follow_cov(out, key, mr, fp, c),
            };
        // Once per (input, counters) in the file; a reference after.
        if state.full_coverage.contains(&(key, fingerprint))
            || written.vectors.contains(&(key, fingerprint))
        {
            line(pending, key.0, mr.id, fingerprint, write::Counters::Earlier);
            return fingerprint;
        }
        written.vectors.push((key, fingerprint));
        // As changes from the closest of the last vectors in full (this
        // MG's and the file's) when that takes at most half as many pairs:
        // executions of one input by several SUTs, and follow-ups next to
        // their source, mostly run the same code the same number of times.
        let limit = counters.len() / 2;
        let closest = written
            .keyframes
            .iter()
            .rev()
            .chain(state.keyframes.iter().rev())
            .take(KEYFRAMES)
            .filter_map(|base| {
                Some((
                    base,
                    counters::delta_within(&base.counters, counters, limit)?,
                ))
            })
            .min_by_key(|(_, changes)| changes.len());
        if let Some((base, changes)) = closest {
            let counters = write::Counters::Changes {
                base_key: base.key.0,
                base_fingerprint: base.fingerprint,
                changes: &changes,
            };
            line(pending, key.0, mr.id, fingerprint, counters);
            return fingerprint;
        }
        line(
            pending,
            key.0,
            mr.id,
            fingerprint,
            write::Counters::Full(counters),
        );
        written.keyframes.push(Keyframe {
            key,
            fingerprint,
            counters: counters.to_vec(),
        });
        fingerprint
    }

    /// Adds an `unclassified` line to `pending`, once per source input and MR.
    pub(crate) fn unclassified(
        &self,
        key: SourceKey,
        mr: MrRef<'_>,
        returned: &str,
        pending: &mut String,
    ) {
        if self.lock().seen_unclassified.insert((key, mr.address)) {
            write::unclassified(pending, key.0, mr.id, returned);
        }
    }

    /// Writes lines of their own (not an MG's); a write error fails the
    /// test, as for an MG's lines.
    pub(crate) fn lines(&self, lines: &str) {
        let mut state = self.lock();
        let result = self.write(&mut state, lines);
        drop(state);
        if let Err(error) = result {
            panic!("{error}");
        }
    }

    /// Adds a `followup` line to `pending`, once per source input, MR and
    /// follow-up frame.
    pub(crate) fn follow_up_once(
        &self,
        source: SourceKey,
        mr: MrRef<'_>,
        fingerprint: u64,
        pending: &mut String,
        line: impl FnOnce(&mut String),
    ) {
        if self
            .lock()
            .seen_follow_ups
            .insert((source, mr.address, fingerprint))
        {
            line(pending);
        }
    }

    /// Adds a `choices` line to `pending`, unless one with the same
    /// fingerprint was already written for this source input.
    pub(crate) fn choices_once(
        &self,
        key: SourceKey,
        fingerprint: u64,
        pending: &mut String,
        line: impl FnOnce(&mut String),
    ) {
        if self.lock().seen_choices.insert((key, fingerprint)) {
            line(pending);
        }
    }

    /// Writes the MG's record after its `pending` lines, in one write.
    ///
    /// # Panics
    ///
    /// When the records cannot be written: the run's numbers would be
    /// wrong, so the test that ran this MG fails with the OS error.
    pub(crate) fn mg(
        &self,
        group: &MgFields<'_>,
        sources: &[SourceKey],
        pending: &mut String,
        written: &mut Written,
    ) {
        write::mg(pending, group, sources.iter().map(|key| key.0));
        let mut state = self.lock();
        let result = self.write(&mut state, pending);
        if result.is_ok() {
            state.full_coverage.extend(written.vectors.drain(..));
            state.keyframes.extend(written.keyframes.drain(..));
            let excess = state.keyframes.len().saturating_sub(KEYFRAMES);
            state.keyframes.drain(..excess);
        }
        *written = Written::default();
        drop(state);
        pending.clear();
        if let Err(error) = result {
            panic!("{error}");
        }
    }

    /// At exit: the header if no MG wrote it, then `tail` (whole lines,
    /// made while the file is locked) and the `end` line, which counts
    /// every line before it (and says what a selection left out,
    /// `unselected`). Nothing after a write error: the missing `end`
    /// line tells the reader the file is incomplete.
    pub(crate) fn end(&self, tail: impl FnOnce() -> String, unselected: Option<(u64, u64)>) {
        let mut state = self.lock();
        if state.file.is_none() && state.error.is_none() {
            let _ = self.write(&mut state, "");
        }
        let mut end = tail();
        let before = state.lines + end.bytes().filter(|&b| b == b'\n').count() as u64;
        write::end(&mut end, before, unselected);
        if let Err(error) = self.write(&mut state, &end) {
            eprintln!("{error}");
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave a half-written line:
        // lines are written whole.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Appends whole lines, after the header when the file is new.
    fn write(&self, state: &mut State, lines: &str) -> Result<(), String> {
        if let Some(error) = &state.error {
            return Err(error.clone());
        }
        self.try_write(state, lines).map_err(|error| {
            let error = format!(
                "mt-runtime: cannot write the records of `cargo mtcov` to {}: {error}; \
                 the adequacy report of this run would be wrong, so this test fails \
                 (free space or fix the permissions of the target directory, then rerun)",
                state.path.as_ref().unwrap_or(&self.path).display()
            );
            state.error = Some(error.clone());
            error
        })
    }

    fn try_write(&self, state: &mut State, lines: &str) -> std::io::Result<()> {
        let file = match &mut state.file {
            Some(file) => file,
            None => {
                if let Some(dir) = self.path.parent() {
                    std::fs::create_dir_all(dir)?;
                }
                let mut file = create_new(&mut state.path, &self.path)?;
                file.write_all((self.header)().as_bytes())?;
                state.lines = 1;
                state.file.insert(file)
            }
        };
        file.write_all(lines.as_bytes())?;
        state.lines += lines.bytes().filter(|&b| b == b'\n').count() as u64;
        Ok(())
    }
}

/// Creates the record file new, never appending to an existing one: a
/// process whose pid was used before in this run directory (pids are
/// reused, and a run may start thousands of test processes) gets
/// `<stem>-<pid>-<N>.jsonl`, so two processes never share a file.
fn create_new(used: &mut Option<PathBuf>, path: &std::path::Path) -> std::io::Result<File> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut candidate = path.to_path_buf();
    let mut n = 0u32;
    loop {
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candidate)
        {
            Ok(file) => {
                *used = Some(candidate);
                return Ok(file);
            }
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => {
                n += 1;
                candidate = path.with_file_name(format!("{stem}-{n}.jsonl"));
            }
            Err(error) => return Err(error),
        }
    }
}

/// The MR of a source execution: its id, and the address of its static
/// metadata (a cheap key for "seen before").
#[derive(Clone, Copy)]
pub(crate) struct MrRef<'a> {
    pub id: &'a str,
    pub address: usize,
}

/// Which executions a counter line is of.
#[derive(Clone, Copy)]
enum Role {
    /// `shared`: another thread ran during the execution.
    Source {
        shared: bool,
    },
    FollowUp,
}
