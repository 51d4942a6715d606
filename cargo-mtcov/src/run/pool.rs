//! Running test processes, `jobs` at a time.
//!
//! Each process runs in a process group of its own, with its stdout and
//! stderr in one pipe that a thread drains (shown when the test fails, as
//! cargo-nextest does). A watchdog kills a group still running at its
//! deadline (`--test-timeout`), so that a test's own children die with
//! it. Ctrl-C, SIGTERM and SIGHUP kill every running group; the pool then
//! starts nothing more and reports [`Interrupted`].

use std::io::Read as _;
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, Once, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::process::ProcessBuilder;

/// A test run stopped by Ctrl-C, SIGTERM or SIGHUP.
#[derive(Debug, thiserror::Error)]
#[error("interrupted: the running tests were killed and this run's records discarded")]
pub(crate) struct Interrupted;

/// How one process ended.
#[derive(Debug)]
pub(crate) struct Finished {
    pub pid: u32,
    pub status: ExitStatus,
    /// Killed by the watchdog at its deadline.
    pub timed_out: bool,
    pub duration: Duration,
    /// stdout and stderr, interleaved as written.
    pub output: Vec<u8>,
}

/// A process the watchdog and the interrupt handler may kill.
struct Running {
    pid: u32,
    /// `None`: no deadline (a timeout too long to add to now).
    deadline: Option<Instant>,
    timed_out: bool,
}

static RUNNING: Mutex<Vec<Running>> = Mutex::new(Vec::new());
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// How many work queues are running (several at once under `cargo mtcov
/// mutants`): an interrupt outside any exits at once.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

fn running() -> std::sync::MutexGuard<'static, Vec<Running>> {
    RUNNING.lock().unwrap_or_else(|p| p.into_inner())
}

/// Whether Ctrl-C, SIGTERM or SIGHUP arrived: a process that ends now was
/// killed by it, not by its own fault.
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Installs the Ctrl-C / SIGTERM / SIGHUP handler (once per process).
pub(crate) fn handle_interrupts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let installed = ctrlc::set_handler(|| {
            INTERRUPTED.store(true, Ordering::SeqCst);
            for process in running().iter() {
                kill_group(process.pid);
            }
            if ACTIVE.load(Ordering::SeqCst) == 0 {
                // Building, or between stages: nothing of this run is kept.
                crate::term::error("interrupted; the previous run, if any, is still reportable");
                std::process::exit(130);
            }
        });
        if let Err(e) = installed {
            crate::term::warn(format_args!(
                "cannot handle Ctrl-C ({e}); an interrupt may leave test processes running"
            ));
        }
    });
}

/// Runs `count` processes, made by `make(i)`, at most `jobs` at a time,
/// each killed after `timeout`. `done(i, &finished)` is called as each
/// ends (from the worker threads). Results come back in job order.
pub(crate) fn run<M, D>(
    count: usize,
    jobs: usize,
    timeout: Duration,
    make: M,
    done: D,
) -> Result<Vec<Finished>>
where
    M: Fn(usize) -> Result<ProcessBuilder> + Sync,
    D: Fn(usize, &Finished) + Sync,
{
    let watching = AtomicBool::new(true);
    std::thread::scope(|scope| {
        scope.spawn(|| watchdog(&watching));
        let _stop = scopeguard(|| watching.store(false, Ordering::SeqCst));
        each(
            count,
            jobs,
            |_| Ok(()),
            |(), i| {
                let finished = run_one(make(i)?.into_command(), timeout)?;
                done(i, &finished);
                Ok(finished)
            },
        )
    })
}

/// Does `work(state, i)` for every `i < count` on at most `jobs` threads,
/// each with its own `state` from `init(worker)`; results come back in
/// order. The first error stops the queue (work under way finishes) and
/// is returned; so does an interrupt ([`Interrupted`]), after which
/// nothing more starts.
pub(crate) fn each<S, R, I, W>(count: usize, jobs: usize, init: I, work: W) -> Result<Vec<R>>
where
    R: Send,
    I: Fn(usize) -> Result<S> + Sync,
    W: Fn(&S, usize) -> Result<R> + Sync,
{
    ACTIVE.fetch_add(1, Ordering::SeqCst);
    let _active = scopeguard(|| {
        ACTIVE.fetch_sub(1, Ordering::SeqCst);
    });
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..count).map(|_| None).collect());
    let errors: Mutex<Vec<anyhow::Error>> = Mutex::new(Vec::new());
    let workers = jobs.clamp(1, count.max(1));
    std::thread::scope(|scope| {
        for worker in 0..workers {
            let (init, work, next, stop, results, errors) =
                (&init, &work, &next, &stop, &results, &errors);
            scope.spawn(move || {
                let result = (|| -> Result<()> {
                    let state = init(worker)?;
                    loop {
                        if stop.load(Ordering::SeqCst) || interrupted() {
                            return Ok(());
                        }
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        if i >= count {
                            return Ok(());
                        }
                        let result = work(&state, i)?;
                        lock(results)[i] = Some(result);
                    }
                })();
                if let Err(e) = result {
                    stop.store(true, Ordering::SeqCst);
                    lock(errors).push(e);
                }
            });
        }
    });
    if interrupted() {
        return Err(Interrupted.into());
    }
    if let Some(error) = errors.into_inner().unwrap_or_default().into_iter().next() {
        return Err(error);
    }
    results
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .map(|r| r.context("a job was not run"))
        .collect()
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn run_one(mut command: Command, timeout: Duration) -> Result<Finished> {
    let (mut reader, writer) = std::io::pipe().context("cannot create a pipe")?;
    command
        .stdout(writer.try_clone().context("cannot duplicate a pipe")?)
        .stderr(writer);
    in_own_group(&mut command);
    let started = Instant::now();
    let spawned = {
        // Registered under the lock, so that an interrupt arriving now
        // either finds the process or stops the pool before it starts.
        let mut running = running();
        if INTERRUPTED.load(Ordering::SeqCst) {
            return Err(Interrupted.into());
        }
        let spawned = command.spawn();
        if let Ok(child) = &spawned {
            running.push(Running {
                pid: child.id(),
                deadline: started.checked_add(timeout),
                timed_out: false,
            });
        }
        spawned
    };
    let program = command.get_program().to_owned();
    // The command holds the pipe's write ends: close them, or the reader
    // never sees the end of the output.
    drop(command);
    let mut child =
        spawned.with_context(|| format!("cannot run the test binary {}", program.display()))?;
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut output = Vec::new();
        let _ = reader.read_to_end(&mut output);
        let _ = tx.send(output);
    });
    let status = child.wait();
    let duration = started.elapsed();
    let timed_out = {
        let mut running = running();
        let index = running.iter().position(|r| r.pid == pid);
        index.is_some_and(|i| running.swap_remove(i).timed_out)
    };
    let status = status.with_context(|| format!("cannot wait for {}", program.display()))?;
    // A child the test left running may hold the pipe open.
    let output = match rx.recv_timeout(Duration::from_millis(200)) {
        Ok(output) => output,
        Err(_) => {
            kill_group(pid);
            rx.recv_timeout(Duration::from_secs(5)).unwrap_or_default()
        }
    };
    Ok(Finished {
        pid,
        status,
        timed_out,
        duration,
        output,
    })
}

/// Kills processes past their deadline while `watching`.
fn watchdog(watching: &AtomicBool) {
    while watching.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(20));
        let now = Instant::now();
        for process in running().iter_mut() {
            if !process.timed_out && process.deadline.is_some_and(|d| now >= d) {
                process.timed_out = true;
                kill_group(process.pid);
            }
        }
    }
}

#[cfg(unix)]
fn in_own_group(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
}

#[cfg(not(unix))]
fn in_own_group(_: &mut Command) {}

/// SIGKILL to the process group led by `pid`.
#[cfg(unix)]
fn kill_group(pid: u32) {
    use rustix::process::{Pid, Signal, kill_process_group};
    if let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) {
        // Gone already (ESRCH) is what a kill at the deadline races with.
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

/// Without process groups, timeouts and interrupts cannot kill a test.
#[cfg(not(unix))]
fn kill_group(_: u32) {}

/// Runs `f` when dropped.
fn scopeguard(f: impl FnOnce()) -> impl Drop {
    struct Guard<F: FnOnce()>(Option<F>);
    impl<F: FnOnce()> Drop for Guard<F> {
        fn drop(&mut self) {
            if let Some(f) = self.0.take() {
                f();
            }
        }
    }
    Guard(Some(f))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str) -> ProcessBuilder {
        let mut command = ProcessBuilder::new("sh");
        command.args(["-c", script]);
        command
    }

    #[test]
    fn results_come_back_in_job_order_with_their_output() {
        let scripts = [
            "sleep 0.2; echo first",
            "echo second >&2; exit 3",
            "echo third",
        ];
        let done = AtomicUsize::new(0);
        let results = run(
            scripts.len(),
            3,
            Duration::from_secs(30),
            |i| Ok(sh(scripts[i])),
            |_, _| {
                done.fetch_add(1, Ordering::SeqCst);
            },
        )
        .unwrap();
        assert_eq!(done.load(Ordering::SeqCst), 3);
        assert_eq!(results[0].output, b"first\n");
        assert_eq!(results[1].output, b"second\n");
        assert_eq!(results[1].status.code(), Some(3));
        assert!(results.iter().all(|r| !r.timed_out));
    }

    #[test]
    fn a_process_past_its_deadline_is_killed_with_its_children() {
        let tmp = tempfile::tempdir().unwrap();
        let marker = tmp.path().join("marker");
        // The grandchild would write the marker after 1.5 s if it survived.
        let script = format!("(sleep 1.5; touch {}) & sleep 30", marker.display());
        let started = Instant::now();
        let results = run(
            1,
            1,
            Duration::from_millis(300),
            |_| Ok(sh(&script)),
            |_, _| {},
        )
        .unwrap();
        assert!(results[0].timed_out);
        assert!(results[0].status.code().is_none(), "killed by a signal");
        assert!(started.elapsed() < Duration::from_secs(10));
        std::thread::sleep(Duration::from_secs(2));
        assert!(!marker.exists(), "the test's child outlived the timeout");
    }

    #[test]
    fn a_chatty_process_does_not_block_on_its_pipe() {
        let results = run(
            1,
            1,
            Duration::from_secs(30),
            |_| Ok(sh("head -c 3000000 /dev/zero")),
            |_, _| {},
        )
        .unwrap();
        assert_eq!(results[0].output.len(), 3_000_000);
        assert!(results[0].status.success());
    }
}
