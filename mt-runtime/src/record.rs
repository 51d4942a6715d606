//! Recording for `cargo mtcov`: which source input met which MR, and which
//! code each source input executed. The format is specified in
//! `docs/record-schema.md` (schema version [`SCHEMA_VERSION`]).
//!
//! On only when `MTCOV_RECORD_DIR` is set. One file per process. The lines
//! of one MG (its source inputs seen for the first time, their coverage,
//! the MG itself) are gathered while it runs and written with a single
//! unbuffered `write` under a lock when it ends: records never interleave,
//! and an aborting process keeps every MG it finished. A recording failure
//! is a loud warning, never a failed test.

use crate::coverage;
use crate::json;
use crate::mg::Outcome;
use crate::mr::{MrInfo, MrMeta};
use crate::source_key::SourceKey;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// Version of the record format; bump on any incompatible change.
pub(crate) const SCHEMA_VERSION: u32 = 1;

/// The environment variable that turns recording on: the directory for
/// the record files.
pub(crate) const RECORD_DIR_VAR: &str = "MTCOV_RECORD_DIR";

/// The process's recorder, when recording is on.
pub(crate) fn recorder() -> Option<&'static Recorder> {
    static RECORDER: OnceLock<Option<Recorder>> = OnceLock::new();
    RECORDER.get_or_init(Recorder::from_env).as_ref()
}

pub(crate) struct Recorder {
    path: PathBuf,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    file: Option<File>,
    broken: bool,
    seen_sources: HashSet<SourceKey>,
    /// (source, hash of its counter vector): identical re-executions of a
    /// source input are written once.
    seen_coverage: HashSet<(SourceKey, u64)>,
}

/// The start of every record: `{"v":1,"kind":"<kind>"`.
fn open_record(out: &mut String, kind: &str) {
    let _ = write!(out, "{{\"v\":{SCHEMA_VERSION},\"kind\":\"{kind}\"");
}

impl Recorder {
    fn from_env() -> Option<Recorder> {
        let dir = std::env::var_os(RECORD_DIR_VAR).filter(|dir| !dir.is_empty())?;
        let stem = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.file_stem().map(|stem| stem.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "unknown".to_owned());
        let path = PathBuf::from(dir).join(format!("{stem}-{}.jsonl", std::process::id()));
        Some(Recorder { path, state: Mutex::new(State::default()) })
    }

    /// Notes a source input; the first time, its description goes to
    /// `pending` (the current MG's lines).
    pub(crate) fn source(&self, key: SourceKey, describe: impl FnOnce() -> String, pending: &mut String) {
        if self.lock().seen_sources.insert(key) {
            open_record(pending, "source");
            json::key(pending, "key");
            json::hex(pending, key.0);
            json::key(pending, "debug");
            json::string(pending, &describe());
            pending.push_str("}\n");
        }
    }

    /// Adds the counters one execution of a source input left non-zero to
    /// `pending`, unless the same vector was already written for it.
    pub(crate) fn coverage(&self, key: SourceKey, counters: &[(u32, u64)], pending: &mut String) {
        let fingerprint = counters.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &(index, value)| {
            (hash ^ (u64::from(index) << 32 ^ value)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        if self.lock().seen_coverage.insert((key, fingerprint)) {
            open_record(pending, "cov");
            json::key(pending, "key");
            json::hex(pending, key.0);
            json::key(pending, "counters");
            json::array(pending, counters, |out, &(index, value)| {
                json::uint(out, u64::from(index));
                out.push(',');
                json::uint(out, value);
            });
            pending.push_str("}\n");
        }
    }

    /// Writes the MG's record after its `pending` lines, in one write.
    pub(crate) fn mg(&self, group: &MgRecord<'_>, pending: &mut String) {
        let info = MrInfo(group.meta);
        open_record(pending, "mg");
        json::key(pending, "mr");
        json::string(pending, &info.id());
        json::key(pending, "class");
        json::string(pending, &info.class());
        json::key(pending, "sources");
        json::array(pending, group.sources, |out, key| json::hex(out, key.0));
        if let Some(argument) = group.argument {
            json::key(pending, "argument");
            json::hex(pending, argument.0);
        }
        let _ = write!(pending, ",\"follow_ups\":{}", group.follow_ups);
        json::key(pending, "outcome");
        json::string(pending, group.outcome.label());
        json::key(pending, "test");
        json::optional_string(pending, std::thread::current().name());
        let message = match group.outcome {
            Outcome::Skipped(reason) | Outcome::Panicked(reason) => Some(reason.as_str()),
            Outcome::Violated => group.violation,
            Outcome::Holds => None,
        };
        if let Some(message) = message {
            json::key(pending, "message");
            json::string(pending, message);
        }
        pending.push_str("}\n");
        let mut state = self.lock();
        self.write(&mut state, pending.as_bytes());
        pending.clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave a half-written line:
        // lines are written whole.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self, state: &mut State, lines: &[u8]) {
        if state.broken {
            return;
        }
        if let Err(error) = self.try_write(state, lines) {
            state.broken = true;
            eprintln!(
                "warning: mt-runtime could not write MG records to {}: {error}; \
                 this test process records nothing more (tests still run)",
                self.path.display()
            );
        }
    }

    fn try_write(&self, state: &mut State, lines: &[u8]) -> std::io::Result<()> {
        let file = match &mut state.file {
            Some(file) => file,
            None => {
                if let Some(dir) = self.path.parent() {
                    std::fs::create_dir_all(dir)?;
                }
                let mut file = OpenOptions::new().create(true).append(true).open(&self.path)?;
                file.write_all(header().as_bytes())?;
                state.file.insert(file)
            }
        };
        file.write_all(lines)
    }
}

/// What [`Recorder::mg`] writes of one MG.
pub(crate) struct MgRecord<'a> {
    pub meta: &'static MrMeta,
    pub sources: &'a [SourceKey],
    /// The MR's argument, for MGs that associate nothing.
    pub argument: Option<SourceKey>,
    pub follow_ups: u32,
    pub outcome: &'a Outcome,
    pub violation: Option<&'a str>,
}

/// The header line: the process, its MR registry and its coverage layout.
fn header() -> String {
    let mut out = String::new();
    open_record(&mut out, "header");
    json::key(&mut out, "runtime");
    json::string(&mut out, env!("CARGO_PKG_VERSION"));
    json::key(&mut out, "binary");
    let binary = std::env::current_exe().map(|exe| exe.display().to_string()).unwrap_or_default();
    json::string(&mut out, &binary);
    let _ = write!(out, ",\"pid\":{}", std::process::id());
    json::key(&mut out, "registry");
    json::array(&mut out, crate::registry(), |out, mr| {
        out.push_str("{\"id\":");
        json::string(out, &mr.id());
        json::key(out, "name");
        json::string(out, mr.name());
        json::key(out, "class");
        json::string(out, &mr.class());
        json::key(out, "file");
        json::string(out, mr.file());
        let _ = write!(out, ",\"line\":{}", mr.line());
        json::key(out, "source_type");
        json::string(out, mr.source_type());
        out.push('}');
    });
    json::key(&mut out, "coverage");
    coverage::write_header(&mut out);
    out.push_str("}\n");
    out
}
