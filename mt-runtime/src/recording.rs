//! The process's recorder: when it starts (before `main` where the
//! platform has constructors), what its header says (the MR registry, the
//! coverage layout, the declared categories) and what it writes at exit
//! (float checks, counters outside every MG, the `end` line).
//!
//! The top of the recording layer: [`record`](crate::record) writes lines
//! and is handed its header, so it depends on nothing above it.

use crate::categories;
use crate::coverage;
use crate::mr::MrInfo;
use crate::record::Recorder;
use crate::registry::registry;
use crate::tolerance;
use mtcov_protocol::{Attempt, Header, write};
use std::sync::OnceLock;

/// The process's recorder, when recording is on.
pub(crate) fn recorder() -> Option<&'static Recorder> {
    static RECORDER: OnceLock<Option<Recorder>> = OnceLock::new();
    RECORDER
        .get_or_init(|| {
            let recorder = Recorder::from_env(header)?;
            at_exit(write_end);
            Some(recorder)
        })
        .as_ref()
}

/// At exit: the header if no MG wrote it, what float comparisons saw
/// (`tolerance` lines), the counters left outside source
/// executions and those of warm-up runs (`aside`), then the `end` line. Nothing
/// after a write error: its absence tells the reader the file is incomplete.
extern "C" fn write_end() {
    let Some(recorder) = recorder() else { return };
    recorder.end(
        || {
            let mut end = tolerance::lines();
            let aside = coverage::take_aside();
            let any = !aside.counters.is_empty()
                || !aside.first_use.is_empty()
                || !aside.outside.is_empty()
                || aside.captures.0 > 0;
            if any {
                write::aside(
                    &mut end,
                    &aside.counters,
                    &aside.first_use,
                    aside.captures,
                    &aside.outside,
                );
            }
            end
        },
        crate::selection::unselected(),
    );
}

/// Registers `f` to run when the process exits normally (`exit`, or
/// returning from `main`), as C's `atexit`.
fn at_exit(f: extern "C" fn()) {
    unsafe extern "C" {
        fn atexit(f: extern "C" fn()) -> i32;
    }
    // SAFETY: `atexit` is part of every C runtime std links against; the
    // handler is a plain function that lives as long as the program.
    if unsafe { atexit(f) } != 0 {
        eprintln!(
            "warning: mt-runtime could not register its exit handler; the record file will have no end line"
        );
    }
}

/// Starts recording before `main`, where the platform has constructors,
/// so that a test binary that runs no MG still reports its registry (at
/// exit). Elsewhere recording starts with the first MG.
#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd",
    target_vendor = "apple"
))]
#[used]
#[cfg_attr(not(target_vendor = "apple"), unsafe(link_section = ".init_array"))]
#[cfg_attr(
    target_vendor = "apple",
    unsafe(link_section = "__DATA,__mod_init_func")
)]
static AT_START: extern "C" fn() = {
    extern "C" fn start() {
        let _ = recorder();
    }
    start
};
/// The header line: the process, its MR registry and its coverage layout.
fn header() -> String {
    let header = Header {
        runtime: env!("CARGO_PKG_VERSION").to_owned(),
        binary: std::env::current_exe()
            .map(|exe| exe.display().to_string())
            .unwrap_or_default(),
        pid: u64::from(std::process::id()),
        registry: registry().iter().map(MrInfo::description).collect(),
        coverage: coverage::layout(),
        categories: categories::declarations(),
        attempt: attempt(),
    };
    let mut out = String::new();
    write::header(&mut out, &header);
    out
}

/// The test and attempt this process runs for, when a runner that
/// retries tests (cargo-nextest) says so; the reader keeps only the last
/// attempt of each test.
fn attempt() -> Option<Attempt> {
    let test = std::env::var("NEXTEST_TEST_NAME")
        .ok()
        .filter(|t| !t.is_empty())?;
    let number = std::env::var("NEXTEST_ATTEMPT").ok()?.parse().ok()?;
    Some(Attempt { test, number })
}
