//! Recording for `cargo mtcov`: which source input met which MR, and which
//! code each source input executed. The format is specified in
//! `docs/record-schema.md` (schema version [`SCHEMA_VERSION`]).
//!
//! On only when `MTCOV_RECORD_DIR` is set. One file per process, one line
//! per record, each written with a single unbuffered `write` under a lock,
//! so records never interleave and an aborting process keeps every record
//! it finished. A recording failure is a loud warning, never a failed test.

use crate::coverage;
use crate::mg::Outcome;
use crate::mr::{MrInfo, MrMeta};
use crate::source_key::SourceKey;
use serde::Serialize;
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
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

    /// Notes a source input; its description is written the first time.
    pub(crate) fn source(&self, key: SourceKey, describe: impl FnOnce() -> String) {
        let mut state = self.lock();
        if state.seen_sources.insert(key) {
            let debug = describe();
            let key = key.to_string();
            self.write(&mut state, &SourceRecord { v: SCHEMA_VERSION, kind: "source", key: &key, debug: &debug });
        }
    }

    /// Writes the counters one execution of a source input left non-zero.
    pub(crate) fn coverage(&self, key: SourceKey, counters: &[(u32, u64)]) {
        let fingerprint = counters.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &(index, value)| {
            (hash ^ (u64::from(index) << 32 ^ value)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        let mut state = self.lock();
        if state.seen_coverage.insert((key, fingerprint)) {
            let flat: Vec<u64> = counters.iter().flat_map(|&(index, value)| [u64::from(index), value]).collect();
            let key = key.to_string();
            self.write(&mut state, &CoverageRecord { v: SCHEMA_VERSION, kind: "cov", key: &key, counters: &flat });
        }
    }

    /// Writes the record of one MG.
    pub(crate) fn mg(
        &self,
        meta: &'static MrMeta,
        sources: &[SourceKey],
        argument: Option<SourceKey>,
        follow_ups: u32,
        outcome: &Outcome,
        violation: Option<&String>,
    ) {
        let info = MrInfo(meta);
        let sources: Vec<String> = sources.iter().map(SourceKey::to_string).collect();
        let argument = argument.map(|key| key.to_string());
        let message = match outcome {
            Outcome::Skipped(reason) | Outcome::Panicked(reason) => Some(reason.as_str()),
            Outcome::Violated => violation.map(String::as_str),
            Outcome::Holds => None,
        };
        let thread = std::thread::current();
        let record = MgRecord {
            v: SCHEMA_VERSION,
            kind: "mg",
            mr: &info.id(),
            class: &info.class(),
            sources: &sources,
            argument: argument.as_deref(),
            follow_ups,
            outcome: outcome.label(),
            test: thread.name(),
            message,
        };
        let mut state = self.lock();
        self.write(&mut state, &record);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave a half-written line:
        // each line is one `write_all` of a complete buffer.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self, state: &mut State, record: &impl Serialize) {
        if state.broken {
            return;
        }
        if let Err(error) = self.try_write(state, record) {
            state.broken = true;
            eprintln!(
                "warning: mt-runtime could not write MG records to {}: {error}; \
                 this test process records nothing more (tests still run)",
                self.path.display()
            );
        }
    }

    fn try_write(&self, state: &mut State, record: &impl Serialize) -> std::io::Result<()> {
        if state.file.is_none() {
            if let Some(dir) = self.path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let mut file = OpenOptions::new().create(true).append(true).open(&self.path)?;
            file.write_all(&line(&header())?)?;
            state.file = Some(file);
        }
        let file = state.file.as_mut().expect("opened above");
        file.write_all(&line(record)?)
    }
}

fn line(record: &impl Serialize) -> std::io::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec(record)?;
    bytes.push(b'\n');
    Ok(bytes)
}

fn header() -> HeaderRecord {
    HeaderRecord {
        v: SCHEMA_VERSION,
        kind: "header",
        runtime: env!("CARGO_PKG_VERSION"),
        binary: std::env::current_exe().map(|exe| exe.display().to_string()).unwrap_or_default(),
        pid: std::process::id(),
        registry: crate::registry()
            .into_iter()
            .map(|mr| RegistryEntry {
                id: mr.id(),
                name: mr.name(),
                class: mr.class(),
                file: mr.file(),
                line: mr.line(),
                source_type: mr.source_type(),
            })
            .collect(),
        coverage: coverage::header(),
    }
}

#[derive(Serialize)]
struct HeaderRecord {
    v: u32,
    kind: &'static str,
    runtime: &'static str,
    binary: String,
    pid: u32,
    registry: Vec<RegistryEntry>,
    coverage: Option<coverage::Header>,
}

#[derive(Serialize)]
struct RegistryEntry {
    id: String,
    name: &'static str,
    class: String,
    file: &'static str,
    line: u32,
    source_type: &'static str,
}

#[derive(Serialize)]
struct SourceRecord<'a> {
    v: u32,
    kind: &'static str,
    key: &'a str,
    debug: &'a str,
}

#[derive(Serialize)]
struct MgRecord<'a> {
    v: u32,
    kind: &'static str,
    mr: &'a str,
    class: &'a str,
    sources: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    argument: Option<&'a str>,
    follow_ups: u32,
    outcome: &'static str,
    test: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
}

#[derive(Serialize)]
struct CoverageRecord<'a> {
    v: u32,
    kind: &'static str,
    key: &'a str,
    counters: &'a [u64],
}
