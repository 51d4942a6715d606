//! Per-source-input coverage capture, compiled only under `--cfg mtcov`
//! (which `cargo mtcov` sets while building with `-C instrument-coverage`).
//!
//! Around each execution of the SUT on a source input the LLVM counters
//! of the whole process are zeroed, the SUT runs, and the counters left
//! non-zero are read back. Counters are process-wide, so executions are
//! serialised by a global lock; code running on other threads during that
//! window would still pollute it, which is why `cargo mtcov` runs tests
//! on one thread. Without `cfg(mtcov)` every function here is a no-op that
//! compiles away.

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

#[cfg(test)]
mod tests {
    use super::check_version;

    #[test]
    fn only_the_known_layout_is_read() {
        assert_eq!(check_version(10), Ok(10));
        // Variant flags that do not change the counter layout are fine.
        assert_eq!(check_version(10 | 1 << 59), Ok(10));
        assert!(check_version(9).unwrap_err().contains("version 9"));
        assert!(check_version(11).unwrap_err().contains("upgrade mt-runtime"));
        assert!(check_version(10 | 1 << 60).unwrap_err().contains("flags 0x10"));
    }
}

/// The coverage layout the record header states: off in a build that is
/// not instrumented.
#[cfg(not(mtcov))]
pub(crate) fn layout() -> mtcov_protocol::CoverageLayout {
    mtcov_protocol::CoverageLayout::Off
}

#[cfg(not(mtcov))]
#[inline(always)]
pub(crate) fn capture<R>(run: impl FnOnce() -> R, _sink: impl FnOnce(&[(u32, u64)])) -> R {
    run()
}

#[cfg(mtcov)]
pub(crate) use instrumented::{capture, layout};

#[cfg(mtcov)]
mod instrumented {
    use super::check_version;
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

    struct Profile {
        /// Function table: (NameRef, FuncHash, first counter, counters).
        functions: Vec<(u64, u64, u32, u32)>,
        num_counters: usize,
        version: u64,
    }

    /// `Ok` when the profile layout is known; `Err(reason)` otherwise.
    fn profile() -> &'static Result<Profile, String> {
        static PROFILE: OnceLock<Result<Profile, String>> = OnceLock::new();
        PROFILE.get_or_init(|| {
            let profile = read_profile();
            if let Err(reason) = &profile {
                eprintln!("warning: mt-runtime records no coverage in this process: {reason}");
            }
            profile
        })
    }

    fn read_profile() -> Result<Profile, String> {
        // SAFETY: the profiler runtime is linked whenever this crate is
        // built with cfg(mtcov) inside an instrumented binary.
        let version = check_version(unsafe { __llvm_profile_get_version() })?;
        let counters = counters();
        let base = counters.as_ptr() as usize;
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
                functions.push((record.name_ref, record.func_hash, (offset / 8) as u32, record.num_counters));
                data = data.add(1);
            }
        }
        Ok(Profile { functions, num_counters: counters.len(), version })
    }

    fn counters() -> &'static mut [u64] {
        // SAFETY: the counter section is a static array of u64 for the
        // whole life of the process. Writes happen only under CAPTURE's
        // lock here; the instrumented code's own atomic increments are the
        // racing writers the lock cannot stop, which only cost accuracy.
        unsafe {
            let begin = __llvm_profile_begin_counters();
            let end = __llvm_profile_end_counters();
            std::slice::from_raw_parts_mut(begin, end.offset_from(begin) as usize)
        }
    }

    pub(crate) fn layout() -> CoverageLayout {
        match profile() {
            Ok(profile) => CoverageLayout::Captured {
                profile_version: profile.version,
                num_counters: profile.num_counters as u64,
                functions: profile
                    .functions
                    .iter()
                    .map(|&(name_ref, func_hash, first, n)| FunctionEntry {
                        name_ref,
                        func_hash,
                        first_counter: u64::from(first),
                        num_counters: u64::from(n),
                    })
                    .collect(),
            },
            Err(reason) => CoverageLayout::Unsupported(reason.clone()),
        }
    }

    /// The lock serialising capture windows; it also owns the scan buffer.
    static CAPTURE: Mutex<Vec<(u32, u64)>> = Mutex::new(Vec::new());

    thread_local! {
        static CAPTURING: Cell<bool> = const { Cell::new(false) };
    }

    /// One capture window: holds the lock (and the scan buffer) and marks
    /// this thread as capturing until dropped, even when the SUT panics.
    pub(crate) struct Window {
        buffer: MutexGuard<'static, Vec<(u32, u64)>>,
    }

    impl Window {
        /// Takes the lock and zeroes every counter; `None` when coverage
        /// is unknown or this thread is already inside a window (a source
        /// execution nested in another belongs to the outer one; locking
        /// again would deadlock). Not generic and never inlined: it runs
        /// at mt-runtime's optimisation level, not the test crate's.
        #[inline(never)]
        fn open() -> Option<Window> {
            if profile().is_err() || CAPTURING.with(Cell::get) {
                return None;
            }
            let buffer = CAPTURE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            CAPTURING.with(|c| c.set(true));
            // SAFETY: u64 counters; all bits zero is a valid value.
            let counters = counters();
            unsafe { std::ptr::write_bytes(counters.as_mut_ptr(), 0, counters.len()) };
            Some(Window { buffer })
        }

        /// The counters the window's execution left non-zero.
        #[inline(never)]
        fn close(&mut self) -> &[(u32, u64)] {
            scan(counters(), &mut self.buffer);
            &self.buffer
        }
    }

    impl Drop for Window {
        fn drop(&mut self) {
            CAPTURING.with(|c| c.set(false));
        }
    }

    pub(crate) fn capture<R>(run: impl FnOnce() -> R, sink: impl FnOnce(&[(u32, u64)])) -> R {
        let Some(mut window) = Window::open() else {
            return run();
        };
        let result = run();
        sink(window.close());
        result
    }

    /// The non-zero counters, as (index, value). Whole 8-counter blocks are
    /// tested at once: most of a large binary's counters are zero.
    fn scan(counters: &[u64], out: &mut Vec<(u32, u64)>) {
        out.clear();
        let mut chunks = counters.chunks_exact(8);
        let mut base = 0u32;
        for block in &mut chunks {
            if block.iter().fold(0, |acc, &c| acc | c) != 0 {
                for (offset, &value) in block.iter().enumerate() {
                    if value != 0 {
                        out.push((base + offset as u32, value));
                    }
                }
            }
            base += 8;
        }
        for (offset, &value) in chunks.remainder().iter().enumerate() {
            if value != 0 {
                out.push((base + offset as u32, value));
            }
        }
    }
}
