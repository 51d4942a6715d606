//! Whether another thread of the process ran during a capture window.
//!
//! Coverage counters are process-wide: a thread that was already alive when
//! a source execution's window opened (a worker answering over a channel,
//! a thread pool, a logger) and that runs during the window adds its code
//! to that execution's counters. Such a capture is *shared*: the report
//! gives `A_k` with and without shared captures.
//!
//! On Linux, a window notes the threads alive when it opens (from
//! `/proc/self/task`) and, for each, whether it is running and how long it
//! has run (`stat`, `schedstat`), after giving running ones a moment to
//! stop; at close, a thread that was or is running, whose run time or
//! time-slice count moved, or that ended in between, ran during the
//! window. Threads the execution itself starts are
//! not among them: scoped threads it joins are part of the execution. The
//! files stay open from one window to the next (one `pread` each). Other
//! systems have no such files: no capture is said to be shared.

/// The threads of the process other than the capturing one, as seen when
/// the window opened.
pub(crate) struct Watch {
    #[cfg(target_os = "linux")]
    threads: Vec<linux::Thread>,
}

impl Watch {
    /// No thread noted yet.
    pub(crate) const fn new() -> Watch {
        Watch {
            #[cfg(target_os = "linux")]
            threads: Vec::new(),
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::fs::File;
    use std::os::unix::fs::FileExt;

    /// One other thread: its files, and what it had run at window open.
    pub(super) struct Thread {
        pub(super) tid: u32,
        stat: File,
        schedstat: File,
        pub(super) at_open: Option<Sample>,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub(super) struct Sample {
        pub(super) running: bool,
        pub(super) runtime: u64,
        pub(super) slices: u64,
    }

    impl Thread {
        pub(super) fn open(tid: u32) -> Option<Thread> {
            let dir = format!("/proc/self/task/{tid}");
            Some(Thread {
                tid,
                stat: File::open(format!("{dir}/stat")).ok()?,
                schedstat: File::open(format!("{dir}/schedstat")).ok()?,
                at_open: None,
            })
        }

        /// Its state and run time now; `None` once it has ended.
        pub(super) fn sample(&self) -> Option<Sample> {
            let mut buffer = [0u8; 512];
            let n = self.stat.read_at(&mut buffer, 0).ok()?;
            let running = state_is_running(&buffer[..n])?;
            let n = self.schedstat.read_at(&mut buffer, 0).ok()?;
            let (runtime, slices) = parse_schedstat(&buffer[..n])?;
            Some(Sample {
                running,
                runtime,
                slices,
            })
        }
    }

    /// Whether a `stat` line says the thread is running or runnable (`R`).
    /// The state follows the command name, which may itself hold `)`.
    pub(super) fn state_is_running(stat: &[u8]) -> Option<bool> {
        let close = stat.iter().rposition(|&b| b == b')')?;
        let state = *stat.get(close + 2)?;
        Some(state == b'R')
    }

    /// Run time (ns) and time slices of a `schedstat` line.
    pub(super) fn parse_schedstat(text: &[u8]) -> Option<(u64, u64)> {
        let text = std::str::from_utf8(text).ok()?;
        let mut fields = text.split_ascii_whitespace();
        let runtime = fields.next()?.parse().ok()?;
        let _wait = fields.next()?;
        let slices = fields.next()?.parse().ok()?;
        Some((runtime, slices))
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

    /// The ids of the process's threads now.
    pub(super) fn tids() -> Vec<u32> {
        let Ok(entries) = std::fs::read_dir("/proc/self/task") else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse().ok())
            .collect()
    }
}

impl Watch {
    /// At window open: notes every other thread alive now and what it has
    /// run. A thread running at that moment is given up to
    /// [`SETTLE`](Self::SETTLE) to stop (a thread the last execution joined
    /// still exits after the join returns; a pool's workers spin a little
    /// before they sleep): one that still runs makes the window shared.
    #[cfg(target_os = "linux")]
    pub(crate) fn open(&mut self) {
        let Some(own) = linux::own_tid() else {
            self.threads.clear();
            return;
        };
        let started = std::time::Instant::now();
        let mut polls = 0u32;
        loop {
            self.note_threads(own);
            let running = self
                .threads
                .iter()
                .any(|t| t.at_open.is_some_and(|s| s.running));
            if !running || started.elapsed() >= Self::SETTLE {
                return;
            }
            polls += 1;
            if polls < 8 {
                std::thread::yield_now();
            } else {
                std::thread::sleep(std::time::Duration::from_micros(50));
            }
        }
    }

    /// How long [`open`](Self::open) waits for running threads to stop.
    #[cfg(target_os = "linux")]
    const SETTLE: std::time::Duration = std::time::Duration::from_millis(2);

    /// The other threads alive now, each with what it has run.
    #[cfg(target_os = "linux")]
    fn note_threads(&mut self, own: u32) {
        let mut tids = linux::tids();
        tids.retain(|&tid| tid != own);
        tids.sort_unstable();
        // Keep the files of threads still alive, open those of new ones.
        self.threads.retain(|t| tids.binary_search(&t.tid).is_ok());
        for tid in tids {
            if !self.threads.iter().any(|t| t.tid == tid)
                && let Some(thread) = linux::Thread::open(tid)
            {
                self.threads.push(thread);
            }
        }
        for thread in &mut self.threads {
            thread.at_open = thread.sample();
        }
        // Ended between the listing and the sample: not alive at open.
        self.threads.retain(|t| t.at_open.is_some());
    }

    /// At window close: whether any thread noted at open ran since.
    #[cfg(target_os = "linux")]
    pub(crate) fn ran(&mut self) -> bool {
        let mut ran = false;
        for thread in &mut self.threads {
            let Some(before) = thread.at_open.take() else {
                continue;
            };
            ran |= match thread.sample() {
                // Ended during the window: it ran to do so.
                None => true,
                Some(now) => before.running || now.running || now != before,
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

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::linux::{parse_schedstat, state_is_running};
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn reads_state_and_run_time() {
        assert_eq!(state_is_running(b"123 (my (odd) name) R 1 2 3"), Some(true));
        assert_eq!(state_is_running(b"123 (worker) S 1 2 3"), Some(false));
        assert_eq!(state_is_running(b"garbage"), None);
        assert_eq!(parse_schedstat(b"1500 20 7\n"), Some((1500, 7)));
        assert_eq!(parse_schedstat(b"1500"), None);
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
