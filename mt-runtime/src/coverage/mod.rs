//! Per-source-input coverage capture, compiled only under `--cfg mtcov`
//! (which `cargo mtcov` sets while building with `-C instrument-coverage`).
//!
//! Around each execution of the SUT on a source input the LLVM counters
//! of the whole process are zeroed, the SUT runs, and the counters left
//! non-zero are read back, also when the SUT panics (the code it ran up
//! to the panic is what that input covered). What a recorded MG runs
//! between and after its source executions (follow-up executions,
//! building follow-up inputs, checks) is read too and summed per process
//! as *aside* counters: never a source input's coverage, but what tells
//! "nothing ran this code" from "only follow-ups ran it". Counters are process-wide,
//! so executions are serialised by a global lock; code running on other
//! threads during that window would still pollute it, which is why `cargo
//! mtcov` runs tests on one thread. Without `cfg(mtcov)` every function
//! here is a no-op that compiles away.
//!
//! The counters are written by instrumented code behind Rust's back, so
//! this module never makes a Rust reference to them: raw pointers only.

#[cfg(mtcov)]
mod instrumented;
#[cfg(any(mtcov, test))]
mod patterns;
#[cfg(any(mtcov, test))]
mod section;

/// Runs `run`, adding the patterns of the code it executed to `out` (see
/// `patterns`); nothing in a build without coverage.
#[cfg(not(mtcov))]
#[cfg_attr(not(feature = "proptest"), allow(dead_code))]
#[inline(always)]
pub(crate) fn probe<R>(run: impl FnOnce() -> R, _out: &mut Vec<u64>) -> R {
    run()
}

/// Whether this process can probe coverage: an instrumented build.
#[cfg(not(mtcov))]
#[cfg_attr(not(feature = "proptest"), allow(dead_code))]
pub(crate) fn can_probe() -> bool {
    false
}

/// The coverage layout the record header states: off in a build that is
/// not instrumented.
#[cfg(not(mtcov))]
pub(crate) fn layout() -> mtcov_protocol::CoverageLayout {
    mtcov_protocol::CoverageLayout::Off
}

/// The capture of one recorded MG; nothing in a build without coverage.
#[cfg(not(mtcov))]
pub(crate) struct GroupWindow;

#[cfg(not(mtcov))]
impl GroupWindow {
    #[inline(always)]
    pub(crate) fn open() -> GroupWindow {
        GroupWindow
    }

    #[inline(always)]
    pub(crate) fn source<R>(
        &mut self,
        mut run: impl FnMut() -> R,
        _sink: impl FnOnce(&[(u32, u64)], bool),
    ) -> R {
        run()
    }

    #[inline(always)]
    pub(crate) fn follow_up<R>(
        &mut self,
        mut run: impl FnMut() -> R,
        _into: &mut Vec<(u32, u64)>,
    ) -> R {
        run()
    }

    #[inline(always)]
    pub(crate) fn close(&mut self) -> Shares {
        Shares::default()
    }
}

/// One MG's share of its process's aside and first-use sums (see
/// [`Aside`]), non-zero counters as (index, value), sorted: what
/// `cargo mtcov --affected` needs to keep some of a process's MGs and
/// rerun the others.
#[derive(Default)]
pub(crate) struct Shares {
    /// Whether the MG's coverage was captured (a window of its own).
    pub(crate) captured: bool,
    /// What the MG ran outside its source executions (follow-up
    /// executions included).
    pub(crate) aside: Vec<(u32, u64)>,
    /// What its warm-up runs ran.
    pub(crate) first_use: Vec<(u32, u64)>,
}

/// Non-zero counters as (index, value), sorted by index.
type Pairs = Vec<(u32, u64)>;

impl Shares {
    /// The MG's `aside` and `first_use` fields (see
    /// `mtcov_protocol::write::MgShares`): what it ran aside, less its
    /// follow-up executions' counters when its `followcov` line gives
    /// them (`follow`), and its warm-up counters as changes from its
    /// `measured` source executions' counters plus its follow-ups'.
    pub(crate) fn of_group(
        &self,
        measured: &[(u32, u64)],
        follow: Option<&[(u32, u64)]>,
    ) -> (Pairs, Pairs) {
        if !self.captured {
            return (Vec::new(), Vec::new());
        }
        let aside = match follow {
            Some(follow) => mtcov_protocol::counters::subtract(&self.aside, follow),
            None => self.aside.clone(),
        };
        let mut base = measured.to_vec();
        if let Some(follow) = follow {
            mtcov_protocol::counters::add(&mut base, follow);
        }
        (
            aside,
            mtcov_protocol::counters::delta(&base, &self.first_use),
        )
    }
}

/// What a process ran outside its measured executions, and how many of
/// those another thread's work overlapped: written at exit.
#[derive(Default)]
pub(crate) struct Aside {
    /// Counters left outside source executions (follow-ups, checks),
    /// summed; non-zero ones as (index, value).
    pub(crate) counters: Vec<(u32, u64)>,
    /// Counters of the warm-up runs, summed, the same way.
    pub(crate) first_use: Vec<(u32, u64)>,
    /// Measured source executions, and those another thread ran during.
    pub(crate) captures: (u64, u64),
    /// What ran outside every capture window (test bodies, input
    /// generation, other threads between MGs), summed the same way.
    pub(crate) outside: Vec<(u32, u64)>,
}

/// Nothing without coverage.
#[cfg(not(mtcov))]
pub(crate) fn take_aside() -> Aside {
    Aside::default()
}

#[cfg(mtcov)]
pub(crate) use instrumented::{GroupWindow, can_probe, layout, probe, take_aside};
