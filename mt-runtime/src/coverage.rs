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

/// The raw profile format this code knows: `INSTR_PROF_RAW_VERSION` 10
/// (LLVM 19 to 22), 64-bit counters.
const KNOWN_VERSION: u64 = 10;
/// `VARIANT_MASK_BYTE_COVERAGE`: single-byte counters, another layout.
const BYTE_COVERAGE_FLAG: u64 = 1 << 60;

/// Whether the runtime can read a profile of this raw version (with its
/// variant flags in the high byte); the reason when it cannot. Reading an
/// unknown layout would produce wrong coverage, which is worse than none.
#[cfg_attr(not(any(mtcov, test)), allow(dead_code))]
fn check_version(raw_version: u64) -> Result<u64, String> {
    let version = raw_version & 0xffff_ffff;
    if version != KNOWN_VERSION || raw_version & BYTE_COVERAGE_FLAG != 0 {
        return Err(format!(
            "unknown LLVM raw profile format (version {version}, flags {:#x}); \
             this mt-runtime reads version {KNOWN_VERSION} with 64-bit counters: upgrade mt-runtime",
            raw_version >> 56
        ));
    }
    Ok(version)
}

#[cfg(any(mtcov, test))]
use std::sync::atomic::{AtomicU64, Ordering};

/// The counter section, `[begin, begin + len)`: LLVM's counters, an
/// array of `u64` statics, valid and 8-byte aligned for the whole life
/// of the process.
///
/// What is guaranteed about that memory: the instrumented code
/// increments each counter with a plain, non-atomic load and store,
/// from whatever thread runs it, synchronised with nothing. Rust code
/// therefore must not hold a `&` or `&mut` to it (a reference asserts
/// that nobody else writes the memory while it lives, which any thread
/// running instrumented code breaks); this type hands out none:
/// [`reset`](Counters::reset) and [`load`](Counters::load) work
/// through raw pointers. The window's own thread is no concern (the
/// SUT runs between the reset and the scan, never during them); other
/// threads are, see `reset` and `load`.
#[cfg(any(mtcov, test))]
#[derive(Clone, Copy)]
struct Counters {
    begin: *mut u64,
    len: usize,
}

#[cfg(any(mtcov, test))]
impl Counters {
    /// # Safety
    ///
    /// `[begin, begin + len)` is valid for reads and writes of `u64`,
    /// 8-byte aligned, for as long as the value is used, and no Rust
    /// reference to it is used meanwhile.
    unsafe fn new(begin: *mut u64, len: usize) -> Counters {
        Counters { begin, len }
    }

    /// Zeroes every counter.
    ///
    /// Called only under CAPTURE's lock: no other capture window reads
    /// or writes the counters meanwhile. The lock cannot stop a thread
    /// running instrumented code at the same time; the memset and its
    /// increments then race, which the language memory model leaves
    /// undefined and which nothing on this side can prevent short of
    /// atomic counter updates in the instrumented code. In practice
    /// (the compiler does not see those writes; the hardware keeps
    /// aligned stores in place) what such a race can change is counter
    /// values only, never memory outside the section: an increment
    /// lost, an increment that read the counter before the reset
    /// writing back the old count + 1 after it, or, should the memset
    /// store a counter in pieces, a mix of both. That is the pollution
    /// the module documentation describes, and why `cargo mtcov` runs
    /// one test thread.
    fn reset(self) {
        // SAFETY: `[begin, begin + len)` is valid and aligned (the
        // contract of `new`); all-zero bytes are a valid u64; no Rust
        // reference to this memory is in use.
        unsafe { std::ptr::write_bytes(self.begin, 0, self.len) }
    }

    /// Counter `index`, read with one relaxed atomic 8-byte load: one
    /// read the compiler may neither repeat, split nor drop, so the
    /// value tested for zero is the value recorded. A concurrent
    /// instrumented increment still races with it (its store is not
    /// atomic); aligned 8-byte stores being single-copy atomic on the
    /// profiler's 64-bit targets, the load then returns the count
    /// before or after that increment, a stale value at worst.
    #[inline(always)]
    fn load(self, index: usize) -> u64 {
        debug_assert!(index < self.len);
        // SAFETY: `index < len`, so the pointer is in the section, valid
        // and 8-byte aligned (as `AtomicU64` needs: the contract of
        // `new`); the atomic view lives for this one load.
        unsafe { AtomicU64::from_ptr(self.begin.add(index)) }.load(Ordering::Relaxed)
    }
}

/// The non-zero counters, as (index, value). Whole 8-counter blocks are
/// tested at once: most of a large binary's counters are zero.
#[cfg(any(mtcov, test))]
fn scan(counters: Counters, out: &mut Vec<(u32, u64)>) {
    out.clear();
    let blocks = counters.len / 8;
    for block in 0..blocks {
        let first = block * 8;
        let any = (first..first + 8).fold(0, |acc, i| acc | counters.load(i));
        if any != 0 {
            for index in first..first + 8 {
                let value = counters.load(index);
                if value != 0 {
                    out.push((index as u32, value));
                }
            }
        }
    }
    for index in blocks * 8..counters.len {
        let value = counters.load(index);
        if value != 0 {
            out.push((index as u32, value));
        }
    }
}

/// Adds `more` to `sum`, both sorted by counter index: counters of either,
/// values summed (saturating).
#[cfg_attr(not(any(mtcov, test)), allow(dead_code))]
fn add_counters(sum: &mut Vec<(u32, u64)>, more: &[(u32, u64)]) {
    if sum.is_empty() {
        sum.extend_from_slice(more);
        return;
    }
    let old = std::mem::take(sum);
    let (mut a, mut b) = (old.iter().peekable(), more.iter().peekable());
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(&&(i, x)), Some(&&(j, y))) if i == j => {
                a.next();
                b.next();
                (i, x.saturating_add(y))
            }
            (Some(&&x), Some(&&y)) if x.0 < y.0 => {
                a.next();
                x
            }
            (_, Some(&&y)) => {
                b.next();
                y
            }
            (Some(&&x), None) => {
                a.next();
                x
            }
            (None, None) => break,
        };
        sum.push(next);
    }
}

/// AFL's hit-count buckets: 1, 2, 3, 4-7, 8-15, 16-31, 32-127, 128+.
#[cfg_attr(not(any(mtcov, test)), allow(dead_code))]
fn bucket(count: u64) -> u8 {
    match count {
        0 => 0,
        1 => 1,
        2 => 2,
        3 => 3,
        4..=7 => 4,
        8..=15 => 5,
        16..=31 => 6,
        32..=127 => 7,
        _ => 8,
    }
}

/// The patterns one execution left, one per function it ran: a hash of the
/// function and of the hit-count bucket of each of its non-zero counters.
/// A branch that has no counter of its own (an `else`, whose count LLVM
/// derives by subtraction) still changes its function's pattern, since the
/// counter of the other branch is then missing. `functions` are
/// `(first_counter, num_counters)`, sorted; `counters` sorted by index.
#[cfg_attr(not(any(mtcov, test)), allow(dead_code))]
pub(crate) fn patterns(functions: &[(u64, u64)], counters: &[(u32, u64)], out: &mut Vec<u64>) {
    let mut current: Option<(usize, u64)> = None;
    let fnv = mtcov_protocol::fnv::step;
    for &(index, value) in counters {
        let index = u64::from(index);
        let at = functions.partition_point(|&(first, _)| first <= index);
        let Some(function) = at
            .checked_sub(1)
            .filter(|&f| index < functions[f].0 + functions[f].1)
        else {
            continue;
        };
        let offset = index - functions[function].0;
        match &mut current {
            Some((f, hash)) if *f == function => {
                *hash = fnv(*hash, offset << 8 | u64::from(bucket(value)))
            }
            _ => {
                if let Some((_, hash)) = current {
                    out.push(hash);
                }
                let start = fnv(mtcov_protocol::fnv::OFFSET, function as u64);
                current = Some((function, fnv(start, offset << 8 | u64::from(bucket(value)))));
            }
        }
    }
    if let Some((_, hash)) = current {
        out.push(hash);
    }
}

/// Runs `run`, adding the patterns of the code it executed to `out` (see
/// [`patterns`]); nothing in a build without coverage.
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
    pub(crate) fn close(&mut self) {}
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

#[cfg(mtcov)]
mod instrumented {
    use super::{Counters, check_version, scan};
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
            super::patterns(function_ranges(), counters, out)
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
    }

    impl Window {
        /// Takes the lock, adds what ran since the last window to the
        /// `outside` counters and zeroes every counter; `None` when coverage
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
            scan(section(), buffer);
            add_dense(outside, buffer);
            section().reset();
            Some(Window { shared })
        }

        /// The counters the window's execution left non-zero.
        #[inline(never)]
        fn close(&mut self) -> &[(u32, u64)] {
            scan(section(), &mut self.shared.buffer);
            &self.shared.buffer
        }

        /// Adds what ran since the last reset to the aside counters, then
        /// zeroes every counter.
        #[inline(never)]
        fn set_aside(&mut self) {
            scan(section(), &mut self.shared.buffer);
            self.aside_scanned();
        }

        /// Adds the counters [`close`](Self::close) scanned to the aside
        /// counters, then zeroes every counter.
        #[inline(never)]
        fn aside_scanned(&mut self) {
            let Shared { buffer, aside, .. } = &mut *self.shared;
            add_dense(aside, buffer);
            section().reset();
        }

        /// Runs the execution about to be measured once, unrecorded, so
        /// that the measured run finds the process in the state this input
        /// leaves it in: code that runs only on first use (a lazy static's
        /// or a `thread_local!`'s initialiser, a cache or memo table
        /// filled for this input, an interner's insert) runs here, whatever
        /// ran before in the process, and never in a measured execution.
        /// Its counters are summed apart (`first_use`), then zeroed. A
        /// panic here is caught silently and returned: the measured run
        /// that follows meets it again and reports it as usual, and should
        /// it not (a panic on first use only), the caller resumes this one
        /// after it, so the MG panics as it does under `cargo test`.
        #[inline(never)]
        fn warm_up(&mut self, run: &mut dyn FnMut()) -> Option<Box<dyn std::any::Any + Send>> {
            let panicked = crate::panics::quietly(|| {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).err()
            });
            scan(section(), &mut self.shared.buffer);
            let Shared {
                buffer, first_use, ..
            } = &mut *self.shared;
            add_dense(first_use, buffer);
            section().reset();
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
                    if let Some(sink) = self.sink.take() {
                        sink(self.window.close(), shared);
                    }
                    section().reset();
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
                    super::add_counters(self.into, self.window.close());
                    self.window.aside_scanned();
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
        /// aside, and the lock is released. Later source executions of
        /// the MG (none, normally) are captured on their own.
        pub(crate) fn close(&mut self) {
            if let Some(mut window) = self.0.take() {
                window.set_aside();
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
}

#[cfg(test)]
mod tests {
    use super::{Counters, check_version, patterns, scan};

    #[test]
    fn patterns_tell_branches_apart_even_without_a_counter_of_their_own() {
        // Function 0: counters 0..3 (entry, then-branch, loop body);
        // function 1: counters 3..5.
        let functions = [(0, 3), (3, 2)];
        let of = |counters: &[(u32, u64)]| {
            let mut out = Vec::new();
            patterns(&functions, counters, &mut out);
            out
        };
        let then_branch = of(&[(0, 1), (1, 1)]);
        let else_branch = of(&[(0, 1)]);
        assert_eq!(then_branch.len(), 1);
        assert_ne!(then_branch, else_branch, "an else is new after a then");
        // Loop counts in one bucket are one pattern; another bucket is new.
        assert_eq!(of(&[(0, 1), (2, 9)]), of(&[(0, 1), (2, 14)]));
        assert_ne!(of(&[(0, 1), (2, 9)]), of(&[(0, 1), (2, 16)]));
        // Two functions, two patterns; the same counters in another
        // function are another pattern; counters outside every function
        // are ignored.
        assert_eq!(of(&[(0, 1), (3, 1), (9, 5)]).len(), 2);
        assert_ne!(of(&[(3, 1)]), of(&[(0, 1)]));
        assert_eq!(of(&[(9, 1)]), Vec::<u64>::new());
    }

    #[test]
    fn only_the_known_layout_is_read() {
        assert_eq!(check_version(10), Ok(10));
        // Variant flags that do not change the counter layout are fine.
        assert_eq!(check_version(10 | 1 << 59), Ok(10));
        assert!(check_version(9).unwrap_err().contains("version 9"));
        assert!(
            check_version(11)
                .unwrap_err()
                .contains("upgrade mt-runtime")
        );
        assert!(
            check_version(10 | 1 << 60)
                .unwrap_err()
                .contains("flags 0x10")
        );
    }

    /// A counter section over `buffer` (the tests' stand-in for LLVM's).
    fn section(buffer: &mut [u64]) -> Counters {
        // SAFETY: the buffer outlives every use below, where it is only
        // accessed through the returned value.
        unsafe { Counters::new(buffer.as_mut_ptr(), buffer.len()) }
    }

    #[test]
    fn counters_add_as_sorted_sparse_vectors() {
        let mut sum = Vec::new();
        super::add_counters(&mut sum, &[(1, 2), (4, 1)]);
        super::add_counters(&mut sum, &[(0, 1), (4, u64::MAX), (9, 3)]);
        assert_eq!(sum, [(0, 1), (1, 2), (4, u64::MAX), (9, 3)]);
        super::add_counters(&mut sum, &[]);
        assert_eq!(sum.len(), 4);
    }

    #[test]
    fn scan_finds_every_non_zero_counter_in_blocks_and_the_remainder() {
        for len in [0, 1, 7, 8, 9, 16, 23, 64, 1003] {
            let mut buffer = vec![0u64; len];
            // Block edges, the remainder, a lone counter in a block, a run.
            for i in [0, 7, 8, 15, 17, len / 2, len.saturating_sub(1)] {
                if i < len {
                    buffer[i] = i as u64 + 1;
                }
            }
            for i in (len / 3..len / 3 + 10).filter(|&i| i < len) {
                buffer[i] = u64::MAX - i as u64;
            }
            let expected: Vec<(u32, u64)> = buffer
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v != 0)
                .map(|(i, &v)| (i as u32, v))
                .collect();
            let mut out = vec![(99, 99)];
            scan(section(&mut buffer), &mut out);
            assert_eq!(out, expected, "{len} counters");
        }
    }

    #[test]
    fn reset_zeroes_every_counter_and_nothing_else() {
        let mut buffer = [7u64; 21];
        let counters = section(&mut buffer[1..20]);
        counters.reset();
        let mut out = Vec::new();
        scan(counters, &mut out);
        assert_eq!(out, []);
        assert_eq!((buffer[0], buffer[20]), (7, 7));
        assert!(buffer[1..20].iter().all(|&c| c == 0));
    }
}
