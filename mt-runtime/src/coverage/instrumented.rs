//! The capture itself, in an instrumented build: the profile's layout,
//! the capture lock and window, the aside sums.

use super::section::{Counters, check_version, scan, scan_and_zero};
use mtcov_protocol::counters::add as add_counters;
use mtcov_protocol::{CoverageLayout, FunctionEntry};
use std::cell::Cell;
use std::sync::{Mutex, MutexGuard, OnceLock};

#[allow(dead_code)] // fields read through raw pointers only partly
#[repr(C)]
struct ProfData {
    name_ref: u64,
    func_hash: u64,
    /// Address of the first counter, relative to this record.
    counter_ptr: isize,
    bitmap_ptr: isize,
    function_pointer: *const u8,
    values: *mut u8,
    num_counters: u32,
    num_value_sites: [u16; 3],
    num_bitmap_bytes: u32,
}

unsafe extern "C" {
    fn __llvm_profile_begin_counters() -> *mut u64;
    fn __llvm_profile_end_counters() -> *mut u64;
    fn __llvm_profile_begin_data() -> *const ProfData;
    fn __llvm_profile_end_data() -> *const ProfData;
    fn __llvm_profile_get_version() -> u64;
}

/// The process's coverage layout, read once: `Captured` when the
/// profile format is known, `Unsupported(reason)` otherwise.
fn profile() -> &'static CoverageLayout {
    static PROFILE: OnceLock<CoverageLayout> = OnceLock::new();
    PROFILE.get_or_init(|| {
        read_profile().unwrap_or_else(|reason| {
            eprintln!("warning: mt-runtime records no coverage in this process: {reason}");
            CoverageLayout::Unsupported(reason)
        })
    })
}

fn read_profile() -> Result<CoverageLayout, String> {
    // SAFETY: the profiler runtime is linked whenever this crate is
    // built with cfg(mtcov) inside an instrumented binary.
    let version = check_version(unsafe { __llvm_profile_get_version() })?;
    let counters = section();
    let base = counters.begin as usize;
    let mut functions = Vec::new();
    // SAFETY: begin/end delimit the `__llvm_prf_data` section, an array
    // of `ProfData` records whose layout is fixed by the version above.
    unsafe {
        let mut data = __llvm_profile_begin_data();
        let end = __llvm_profile_end_data();
        while data < end {
            let record = &*data;
            let first = (data as isize + record.counter_ptr) as usize;
            let Some(offset) = first.checked_sub(base) else {
                return Err("a profile data record points before the counters".into());
            };
            functions.push(FunctionEntry {
                name_ref: record.name_ref,
                func_hash: record.func_hash,
                first_counter: (offset / 8) as u64,
                num_counters: u64::from(record.num_counters),
            });
            data = data.add(1);
        }
    }
    Ok(CoverageLayout::Captured {
        profile_version: version,
        num_counters: counters.len as u64,
        functions,
    })
}

/// The counter section of this process.
fn section() -> Counters {
    // SAFETY: the profiler runtime is linked whenever this crate is
    // built with cfg(mtcov) inside an instrumented binary; begin and
    // end delimit its counter section, a static array of u64.
    unsafe {
        let begin = __llvm_profile_begin_counters();
        let end = __llvm_profile_end_counters();
        Counters::new(begin, end.offset_from(begin) as usize)
    }
}

pub(crate) fn layout() -> CoverageLayout {
    profile().clone()
}

/// `(first_counter, num_counters)` of every function, sorted.
fn function_ranges() -> &'static [(u64, u64)] {
    static RANGES: OnceLock<Vec<(u64, u64)>> = OnceLock::new();
    RANGES.get_or_init(|| match profile() {
        CoverageLayout::Captured { functions, .. } => {
            let mut ranges: Vec<(u64, u64)> = functions
                .iter()
                .map(|f| (f.first_counter, f.num_counters))
                .collect();
            ranges.sort_unstable();
            ranges
        }
        _ => Vec::new(),
    })
}

#[cfg_attr(not(feature = "proptest"), allow(dead_code))]
pub(crate) fn can_probe() -> bool {
    matches!(profile(), CoverageLayout::Captured { .. })
}

pub(crate) fn probe<R>(run: impl FnOnce() -> R, out: &mut Vec<u64>) -> R {
    capture(run, |counters| {
        super::patterns::patterns(function_ranges(), counters, out)
    })
}

/// What the capture lock guards: the scan buffer, and the counters
/// left outside source executions by the MGs so far, summed (dense,
/// allocated on the first MG).
struct Shared {
    buffer: Vec<(u32, u64)>,
    aside: Vec<u64>,
    /// What the warm-up runs executed (see [`Window::warm_up`]).
    first_use: Vec<u64>,
    /// What ran between capture windows (see [`Window::open`]).
    outside: Vec<u64>,
    /// The other threads of the process, around each measured run.
    watch: crate::threads::Watch,
    /// Measured source executions, and those another thread's work
    /// overlapped.
    captures: (u64, u64),
}

/// The lock serialising capture windows.
static CAPTURE: Mutex<Shared> = Mutex::new(Shared {
    buffer: Vec::new(),
    aside: Vec::new(),
    first_use: Vec::new(),
    outside: Vec::new(),
    watch: crate::threads::Watch::new(),
    captures: (0, 0),
});

thread_local! {
    static CAPTURING: Cell<bool> = const { Cell::new(false) };
}

/// One capture window: holds the lock (and the scan buffer) and marks
/// this thread as capturing until dropped, even when the SUT panics.
pub(crate) struct Window {
    shared: MutexGuard<'static, Shared>,
    /// This window's own share of the aside and first-use sums.
    shares: super::Shares,
}

impl Window {
    /// Takes the lock, adds what ran since the last window to the
    /// `outside` counters and zeroes them; `None` when coverage
    /// is unknown or this thread is already inside a window (a source
    /// execution nested in another belongs to the outer one; locking
    /// again would deadlock). Not generic and never inlined: it runs
    /// at mt-runtime's optimisation level, not the test crate's.
    #[inline(never)]
    fn open() -> Option<Window> {
        if !matches!(profile(), CoverageLayout::Captured { .. }) || CAPTURING.with(Cell::get) {
            return None;
        }
        let mut shared = CAPTURE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        CAPTURING.with(|c| c.set(true));
        let Shared {
            buffer, outside, ..
        } = &mut *shared;
        scan_and_zero(section(), buffer);
        add_dense(outside, buffer);
        Some(Window {
            shared,
            shares: super::Shares {
                captured: true,
                ..super::Shares::default()
            },
        })
    }

    /// The counters the window's execution left non-zero (left as they
    /// are: what runs until the next window opens is added to the
    /// `outside` counters then).
    #[inline(never)]
    fn close(&mut self) -> &[(u32, u64)] {
        scan(section(), &mut self.shared.buffer);
        &self.shared.buffer
    }

    /// The counters the execution since the last zeroing left non-zero,
    /// zeroed as they are read: every counter is zero after it.
    #[inline(never)]
    fn take(&mut self) -> &[(u32, u64)] {
        scan_and_zero(section(), &mut self.shared.buffer);
        &self.shared.buffer
    }

    /// Adds what ran since the last zeroing to the aside counters, and
    /// zeroes them.
    #[inline(never)]
    fn set_aside(&mut self) {
        self.take();
        self.aside_taken();
    }

    /// Adds the counters [`take`](Self::take) read to the aside counters.
    #[inline(never)]
    fn aside_taken(&mut self) {
        let Shared { buffer, aside, .. } = &mut *self.shared;
        add_dense(aside, buffer);
        add_counters(&mut self.shares.aside, buffer);
    }

    /// Runs the execution about to be measured once, unrecorded, so
    /// that the measured run finds the process in the state this input
    /// leaves it in: code that runs only on first use (a lazy static's
    /// or a `thread_local!`'s initialiser, a cache or memo table
    /// filled for this input, an interner's insert) runs here, whatever
    /// ran before in the process, and never in a measured execution.
    /// Its counters are summed apart (`first_use`) and zeroed. A
    /// panic here is caught silently and returned: the measured run
    /// that follows meets it again and reports it as usual, and should
    /// it not (a panic on first use only), the caller resumes this one
    /// after it, so the MG panics as it does under `cargo test`.
    #[inline(never)]
    fn warm_up(&mut self, run: &mut dyn FnMut()) -> Option<Box<dyn std::any::Any + Send>> {
        let panicked = crate::panics::quietly(|| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).err()
        });
        self.take();
        let Shared {
            buffer, first_use, ..
        } = &mut *self.shared;
        add_dense(first_use, buffer);
        add_counters(&mut self.shares.first_use, buffer);
        panicked
    }
}

/// Adds sparse `(index, value)` counters to a dense sum.
fn add_dense(sum: &mut Vec<u64>, counters: &[(u32, u64)]) {
    if let Some(&(last, _)) = counters.last()
        && sum.len() <= last as usize
    {
        sum.resize(section().len.max(last as usize + 1), 0);
    }
    for &(index, value) in counters {
        let cell = &mut sum[index as usize];
        *cell = cell.saturating_add(value);
    }
}

/// The capture of one recorded MG: counters are zeroed when it opens;
/// each source execution is captured on its own (see
/// [`source`](GroupWindow::source)), and what the MG runs outside its
/// source executions (follow-up executions, building follow-up inputs,
/// checks) is summed into the process's aside counters. Holds the
/// capture lock for the whole MG; `None` inside when coverage is
/// unknown or the thread is already capturing.
pub(crate) struct GroupWindow(Option<Window>);

impl GroupWindow {
    pub(crate) fn open() -> GroupWindow {
        GroupWindow(Window::open())
    }

    /// Runs one source execution, handing its counters to `sink`
    /// (also when it panics) with whether another thread ran during
    /// it ([`Watch`](crate::threads::Watch)); what ran before it in the
    /// MG goes aside. The measured run follows a warm-up run of the
    /// same execution ([`Window::warm_up`]).
    pub(crate) fn source<R>(
        &mut self,
        mut run: impl FnMut() -> R,
        sink: impl FnOnce(&[(u32, u64)], bool),
    ) -> R {
        let Some(window) = &mut self.0 else {
            return capture(run, |counters| sink(counters, false));
        };
        window.set_aside();
        let warm_up_panic = window.warm_up(&mut || drop(run()));
        window.shared.watch.open();
        /// Closes the source execution on return or unwind.
        struct Source<'w, S: FnOnce(&[(u32, u64)], bool)> {
            window: &'w mut Window,
            sink: Option<S>,
        }
        impl<S: FnOnce(&[(u32, u64)], bool)> Drop for Source<'_, S> {
            fn drop(&mut self) {
                let shared = self.window.shared.watch.ran();
                let captures = &mut self.window.shared.captures;
                captures.0 += 1;
                captures.1 += u64::from(shared);
                let counters = self.window.take();
                if let Some(sink) = self.sink.take() {
                    sink(counters, shared);
                }
            }
        }
        let source = Source {
            window,
            sink: Some(sink),
        };
        let output = run();
        drop(source);
        if let Some(panic) = warm_up_panic {
            std::panic::resume_unwind(panic);
        }
        output
    }

    /// Runs one follow-up execution and adds its counters to `into`
    /// (sorted by counter, summed) and to the aside counters (which
    /// count everything outside source executions), also when it
    /// panics; what ran before it in the MG goes aside. Outside a
    /// window (no coverage, or nested in another capture) it only runs.
    pub(crate) fn follow_up<R>(
        &mut self,
        mut run: impl FnMut() -> R,
        into: &mut Vec<(u32, u64)>,
    ) -> R {
        let Some(window) = &mut self.0 else {
            return run();
        };
        window.set_aside();
        let warm_up_panic = window.warm_up(&mut || drop(run()));
        /// Closes the follow-up execution on return or unwind.
        struct FollowUp<'w, 'i> {
            window: &'w mut Window,
            into: &'i mut Vec<(u32, u64)>,
        }
        impl Drop for FollowUp<'_, '_> {
            fn drop(&mut self) {
                add_counters(self.into, self.window.take());
                self.window.aside_taken();
            }
        }
        let follow_up = FollowUp { window, into };
        let output = run();
        drop(follow_up);
        if let Some(panic) = warm_up_panic {
            std::panic::resume_unwind(panic);
        }
        output
    }

    /// Ends the MG: what ran since its last source execution goes
    /// aside, and the lock is released; returns the MG's share of the
    /// aside and first-use sums. Later source executions of the MG
    /// (none, normally) are captured on their own.
    pub(crate) fn close(&mut self) -> super::Shares {
        match self.0.take() {
            Some(mut window) => {
                window.set_aside();
                std::mem::take(&mut window.shares)
            }
            None => super::Shares::default(),
        }
    }
}

/// The aside counters and the warm-up runs' (first-use) counters
/// summed so far, non-zero ones as (index, value), and the capture
/// counts, and zeroes them; empty when a capture window is open
/// elsewhere (at exit, never wait for it).
pub(crate) fn take_aside() -> super::Aside {
    let mut shared = match CAPTURE.try_lock() {
        Ok(shared) => shared,
        Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => return super::Aside::default(),
    };
    let sparse = |dense: Vec<u64>| -> Vec<(u32, u64)> {
        dense
            .into_iter()
            .enumerate()
            .filter(|&(_, value)| value != 0)
            .map(|(index, value)| (index as u32, value))
            .collect()
    };
    // What ran since the last window (or since the start, when no
    // window opened) ran outside every MG.
    {
        let Shared {
            buffer, outside, ..
        } = &mut *shared;
        scan(section(), buffer);
        add_dense(outside, buffer);
    }
    let aside = std::mem::take(&mut shared.aside);
    let first_use = std::mem::take(&mut shared.first_use);
    super::Aside {
        counters: sparse(aside),
        first_use: sparse(first_use),
        captures: std::mem::take(&mut shared.captures),
        outside: sparse(std::mem::take(&mut shared.outside)),
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        CAPTURING.with(|c| c.set(false));
    }
}

/// An open window and what receives its counters: dropping it closes
/// the window and hands the counters to the sink, whether the SUT
/// returned or is unwinding from a panic.
struct Capture<S: FnOnce(&[(u32, u64)])> {
    window: Window,
    sink: Option<S>,
}

impl<S: FnOnce(&[(u32, u64)])> Drop for Capture<S> {
    fn drop(&mut self) {
        if let Some(sink) = self.sink.take() {
            sink(self.window.close());
        }
    }
}

fn capture<R>(run: impl FnOnce() -> R, sink: impl FnOnce(&[(u32, u64)])) -> R {
    let Some(window) = Window::open() else {
        return run();
    };
    let _capture = Capture {
        window,
        sink: Some(sink),
    };
    // On a panic, `_capture` records the counters as it is dropped
    // during unwinding, and the panic goes on unchanged.
    run()
}
