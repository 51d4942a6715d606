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
    deadline: Instant,
    timed_out: bool,
}

static RUNNING: Mutex<Vec<Running>> = Mutex::new(Vec::new());
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Whether a pool is running: an interrupt outside one exits at once.
static POOL_ACTIVE: AtomicBool = AtomicBool::new(false);

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
            if !POOL_ACTIVE.load(Ordering::SeqCst) {
                // Building, or between stages: nothing of this run is kept.
                eprintln!("error: interrupted; the previous run, if any, is still reportable");
                std::process::exit(130);
            }
        });
        if let Err(e) = installed {
            eprintln!(
                "warning: cannot handle Ctrl-C ({e}); an interrupt may leave test processes running"
            );
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
    M: Fn(usize) -> Result<Command> + Sync,
    D: Fn(usize, &Finished) + Sync,
{
    POOL_ACTIVE.store(true, Ordering::SeqCst);
    let _active = scopeguard(|| POOL_ACTIVE.store(false, Ordering::SeqCst));
    if INTERRUPTED.load(Ordering::SeqCst) {
        return Err(Interrupted.into());
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Finished>>>> =
        Mutex::new((0..count).map(|_| None).collect());
    let finished_workers = AtomicUsize::new(0);
    let workers = jobs.clamp(1, count.max(1));
    std::thread::scope(|scope| {
        scope.spawn(|| watchdog(&finished_workers, workers));
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    if INTERRUPTED.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= count {
                        break;
                    }
                    let result = make(i).and_then(|command| run_one(command, timeout));
                    if let Ok(finished) = &result {
                        done(i, finished);
                    }
                    results.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(result);
                }
                finished_workers.fetch_add(1, Ordering::SeqCst);
            });
        }
    });
    if INTERRUPTED.load(Ordering::SeqCst) {
        return Err(Interrupted.into());
    }
    results
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .map(|r| r.expect("every job ran"))
        .collect()
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
                deadline: started + timeout,
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

/// Kills processes past their deadline until every worker is done.
fn watchdog(finished_workers: &AtomicUsize, workers: usize) {
    while finished_workers.load(Ordering::SeqCst) < workers {
        std::thread::sleep(Duration::from_millis(20));
        let now = Instant::now();
        for process in running().iter_mut() {
            if !process.timed_out && now >= process.deadline {
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
    if let Ok(pid) = i32::try_from(pid) {
        // SAFETY: kill(2) with a negative pid signals that process group;
        // no memory is involved.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
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

    fn sh(script: &str) -> Command {
        let mut command = Command::new("sh");
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
        let marker = std::env::temp_dir().join(format!("mtcov-pool-{}", std::process::id()));
        let _ = std::fs::remove_file(&marker);
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
