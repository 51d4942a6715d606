//! Whether another thread of the process ran during a capture window.
//!
//! Coverage counters are process-wide: a thread that was already alive when
//! a source execution's window opened (a worker answering over a channel,
//! a thread pool, a logger) and that runs during the window adds its code
//! to that execution's counters. Such a capture is *shared*: the report
//! gives `A_k` with and without shared captures.
//!
//! On Linux, a window notes the threads alive when it opens (one
//! `getdents64` on a kept `/proc/self/task`), leaving out those already
//! exiting (`PF_EXITING`: a thread the last execution joined still ends in
//! the kernel after the join returns), and for each the CPU time it has
//! used (its thread CPU clock, which the kernel brings up to date even for
//! a thread running on another CPU). A thread running or runnable then is
//! given up to 50 ms to stop, once (the harness's threads, a pool's
//! workers spinning before they sleep); one that does not is busy and not
//! waited for again. At close, a thread that is running or runnable, whose
//! CPU time moved, or that ended in between, ran during the window (or
//! could have: a runnable thread counts whether or not a CPU was free for
//! it, so the answer does not depend on the machine's load). Threads the execution
//! itself starts are not among them: scoped threads it joins are part of
//! the execution. Nor is libtest's main thread, when `cargo mtcov` says
//! the process runs under libtest's harness (`MTCOV_HARNESS=libtest`) and
//! the window is on another thread: it runs only the harness, which
//! waits for the test's thread and, after 60 seconds, prints that the
//! test runs long; no code under test. Other systems: no capture is said
//! to be shared.

/// The threads of the process other than the capturing one, as seen when
/// the window opened.
pub(crate) struct Watch {
    #[cfg(target_os = "linux")]
    threads: Vec<linux::Thread>,
    /// Scratch for the thread ids.
    #[cfg(target_os = "linux")]
    tids: Vec<u32>,
    /// Threads that were still runnable when a window's wait ran out: no
    /// window waits for them again (they are busy; whether they run during
    /// a window is then what decides).
    #[cfg(target_os = "linux")]
    busy: Vec<u32>,
}

impl Watch {
    /// No thread noted yet.
    pub(crate) const fn new() -> Watch {
        Watch {
            #[cfg(target_os = "linux")]
            threads: Vec::new(),
            #[cfg(target_os = "linux")]
            tids: Vec::new(),
            #[cfg(target_os = "linux")]
            busy: Vec::new(),
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::fs::File;
    use std::os::unix::fs::FileExt;

    /// One other thread: its `stat` file, kept open, and the CPU time it
    /// had used at window open.
    pub(super) struct Thread {
        pub(super) tid: u32,
        stat: File,
        pub(super) at_open: Option<u64>,
    }

    /// What `stat` says of a thread.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub(super) struct State {
        /// Running or runnable (`R`).
        pub(super) runnable: bool,
        /// `PF_EXITING`: in the kernel's exit path, running no user code.
        pub(super) exiting: bool,
    }

    impl Thread {
        pub(super) fn open(tid: u32) -> Option<Thread> {
            Some(Thread {
                tid,
                stat: File::open(format!("/proc/self/task/{tid}/stat")).ok()?,
                at_open: None,
            })
        }

        /// Its state now; `None` once it has ended.
        pub(super) fn state(&self) -> Option<State> {
            let mut buffer = [0u8; 512];
            let n = self.stat.read_at(&mut buffer, 0).ok()?;
            parse_stat(&buffer[..n])
        }
    }

    /// The state and `PF_EXITING` of a `stat` line: the state follows the
    /// command name (which may hold `)` itself), the flags are the sixth
    /// field after it.
    pub(super) fn parse_stat(stat: &[u8]) -> Option<State> {
        const PF_EXITING: u64 = 0x4;
        let close = stat.iter().rposition(|&b| b == b')')?;
        let rest = std::str::from_utf8(stat.get(close + 1..)?).ok()?;
        let mut fields = rest.split_ascii_whitespace();
        let state = fields.next()?;
        let flags: u64 = fields.nth(5)?.parse().ok()?;
        Some(State {
            runnable: state == "R",
            exiting: flags & PF_EXITING != 0,
        })
    }

    /// The CPU time (ns) thread `tid` of this process has used, from its
    /// CPU clock (`MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)`); `None`
    /// once it has ended.
    pub(super) fn cpu_ns(tid: u32) -> Option<u64> {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        unsafe extern "C" {
            fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
        }
        let clock = (!(tid as i32) << 3) | 6;
        let mut time = Timespec { sec: 0, nsec: 0 };
        // SAFETY: `time` is a valid `struct timespec` (64-bit Linux), and
        // an unknown or ended thread's clock is an error, not UB.
        let status = unsafe { clock_gettime(clock, &mut time) };
        (status == 0).then(|| time.sec as u64 * 1_000_000_000 + time.nsec as u64)
    }

    /// Whether `cargo mtcov` runs this process under libtest's harness.
    pub(super) fn under_libtest() -> bool {
        static LIBTEST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *LIBTEST.get_or_init(|| {
            std::env::var_os(mtcov_protocol::HARNESS_ENV).is_some_and(|v| v == "libtest")
        })
    }

    /// This thread's id.
    pub(super) fn own_tid() -> Option<u32> {
        std::thread_local! {
            static TID: Option<u32> = std::fs::read_link("/proc/thread-self")
                .ok()
                .and_then(|p| p.file_name()?.to_str()?.parse().ok());
        }
        TID.with(|tid| *tid)
    }

    /// The ids of the process's threads now, into `out`: one `getdents64`
    /// on `/proc/self/task`, kept open (a few hundred nanoseconds, where
    /// reading the directory anew costs microseconds).
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    pub(super) fn tids(out: &mut Vec<u32>) {
        use std::io::{Seek, SeekFrom};
        use std::os::fd::AsRawFd;
        unsafe extern "C" {
            fn syscall(number: i64, ...) -> i64;
        }
        #[cfg(target_arch = "x86_64")]
        const GETDENTS64: i64 = 217;
        #[cfg(target_arch = "aarch64")]
        const GETDENTS64: i64 = 61;
        std::thread_local! {
            static TASKS: Option<std::fs::File> = std::fs::File::open("/proc/self/task").ok();
        }
        out.clear();
        TASKS.with(|tasks| {
            let Some(mut tasks) = tasks.as_ref() else {
                return;
            };
            if tasks.seek(SeekFrom::Start(0)).is_err() {
                return;
            }
            let mut buffer = [0u8; 4096];
            loop {
                // SAFETY: the buffer is valid for its length; the kernel
                // writes whole `linux_dirent64` records into it.
                let n = unsafe {
                    syscall(
                        GETDENTS64,
                        tasks.as_raw_fd(),
                        buffer.as_mut_ptr(),
                        buffer.len(),
                    )
                };
                if n <= 0 {
                    return;
                }
                // Records: d_ino u64, d_off i64, d_reclen u16, d_type u8, name.
                let mut at = 0usize;
                while at + 19 < n as usize {
                    let reclen =
                        usize::from(u16::from_ne_bytes([buffer[at + 16], buffer[at + 17]]));
                    if reclen < 19 || at + reclen > n as usize {
                        return;
                    }
                    let name = &buffer[at + 19..at + reclen];
                    let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
                    if let Some(tid) = std::str::from_utf8(name).ok().and_then(|n| n.parse().ok()) {
                        out.push(tid);
                    }
                    at += reclen;
                }
                // A directory that fits with room to spare is all read:
                // no second call to hear it end.
                if (n as usize) < buffer.len() / 2 {
                    return;
                }
            }
        });
    }

    /// The ids of the process's threads now, into `out`.
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    pub(super) fn tids(out: &mut Vec<u32>) {
        out.clear();
        let Ok(entries) = std::fs::read_dir("/proc/self/task") else {
            return;
        };
        out.extend(
            entries
                .flatten()
                .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok()),
        );
    }
}

impl Watch {
    /// At window open: notes every other thread alive now (not exiting)
    /// and the CPU time it has used. A thread running or runnable then is
    /// given up to [`SETTLE`](Self::SETTLE) to stop, unless it is known to
    /// be busy; one that runs on makes the window shared.
    #[cfg(target_os = "linux")]
    pub(crate) fn open(&mut self) {
        let Some(own) = linux::own_tid() else {
            self.threads.clear();
            return;
        };
        let harness = harness_thread(own, std::process::id(), linux::under_libtest());
        let started = std::time::Instant::now();
        loop {
            linux::tids(&mut self.tids);
            self.tids.retain(|&tid| tid != own && Some(tid) != harness);
            self.tids.sort_unstable();
            // Keep the files of threads still alive, open those of new ones.
            self.threads
                .retain(|t| self.tids.binary_search(&t.tid).is_ok());
            self.busy.retain(|tid| self.tids.binary_search(tid).is_ok());
            for &tid in &self.tids {
                if !self.threads.iter().any(|t| t.tid == tid)
                    && let Some(thread) = linux::Thread::open(tid)
                {
                    self.threads.push(thread);
                }
            }
            let mut waiting = Vec::new();
            let busy = &self.busy;
            self.threads.retain_mut(|thread| match thread.state() {
                // Ended, or ending in the kernel: runs no code of ours.
                None | Some(linux::State { exiting: true, .. }) => false,
                Some(state) => {
                    if state.runnable && !busy.contains(&thread.tid) {
                        waiting.push(thread.tid);
                    }
                    thread.at_open = linux::cpu_ns(thread.tid);
                    thread.at_open.is_some()
                }
            });
            if waiting.is_empty() {
                return;
            }
            if started.elapsed() >= Self::SETTLE {
                self.busy.extend(waiting);
                return;
            }
            std::thread::sleep(std::time::Duration::from_micros(100));
        }
    }

    /// How long [`open`](Self::open) waits, at most, for threads to stop
    /// running (under load a runnable thread may wait that long for a
    /// CPU): the test harness's own threads (libtest's main thread just
    /// after it started the test's thread, the previous test's thread as
    /// it ends) must never make a window shared. A thread still runnable
    /// then is busy: it is not waited for again.
    #[cfg(target_os = "linux")]
    const SETTLE: std::time::Duration = std::time::Duration::from_millis(50);

    /// At window close: whether any thread noted at open ran since, or
    /// could have: runnable now, its CPU time moved, or it ended.
    #[cfg(target_os = "linux")]
    pub(crate) fn ran(&mut self) -> bool {
        let mut ran = false;
        for thread in &mut self.threads {
            let Some(before) = thread.at_open.take() else {
                continue;
            };
            ran |= match thread.state() {
                None => true,
                Some(state) => state.runnable || linux::cpu_ns(thread.tid) != Some(before),
            };
        }
        ran
    }

    #[cfg(not(target_os = "linux"))]
    pub(crate) fn open(&mut self) {}

    #[cfg(not(target_os = "linux"))]
    pub(crate) fn ran(&mut self) -> bool {
        false
    }
}

/// The thread left out as libtest's harness: the process's main thread
/// (its id the process id), when the process runs under libtest and the
/// window is on another thread (a test's); `None` otherwise.
#[cfg(target_os = "linux")]
fn harness_thread(own: u32, pid: u32, libtest: bool) -> Option<u32> {
    (libtest && own != pid).then_some(pid)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn only_libtests_main_thread_is_left_out_and_only_from_a_tests_thread() {
        assert_eq!(harness_thread(12, 10, true), Some(10));
        // A window on the main thread (a `harness = false` binary, or no
        // thread of libtest's), or a process not under libtest: none.
        assert_eq!(harness_thread(10, 10, true), None);
        assert_eq!(harness_thread(12, 10, false), None);
    }
    use std::sync::mpsc;

    #[test]
    fn reads_state_and_exiting_flag() {
        use super::linux::{State, parse_stat};
        let running = State {
            runnable: true,
            exiting: false,
        };
        assert_eq!(
            parse_stat(b"12 (my (odd) name) R 1 2 3 4 5 4194560 0 0"),
            Some(running)
        );
        assert_eq!(
            parse_stat(b"12 (w) R 1 2 3 4 5 4194564 0 0"),
            Some(State {
                runnable: true,
                exiting: true
            })
        );
        assert_eq!(
            parse_stat(b"12 (w) S 1 2 3 4 5 0"),
            Some(State {
                runnable: false,
                exiting: false
            })
        );
        assert_eq!(parse_stat(b"garbage"), None);
    }

    /// Only the positive case: other tests of this binary run in threads
    /// of their own, so "nothing else ran" is checked end to end instead
    /// (`tests/fixtures/threads`, one test per process).
    #[test]
    fn a_thread_alive_at_open_that_works_during_the_window_is_seen() {
        let (to_worker, requests) = mpsc::channel::<u64>();
        let (to_caller, answers) = mpsc::channel::<u64>();
        let worker = std::thread::spawn(move || {
            for n in requests {
                let sum: u64 = (0..n).map(std::hint::black_box).sum();
                to_caller.send(sum).unwrap();
            }
        });
        to_worker.send(1).unwrap();
        answers.recv().unwrap();

        let mut watch = Watch::new();
        watch.open();
        to_worker.send(2_000_000).unwrap();
        answers.recv().unwrap();
        assert!(watch.ran(), "the worker answered during the window");

        drop(to_worker);
        worker.join().unwrap();
    }
}
