//! Running a command to completion, timed, with its output kept.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// What a finished command left behind.
#[derive(Debug)]
pub(crate) struct Run {
    pub output: Output,
    pub elapsed: Duration,
}

impl Run {
    pub(crate) fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }

    pub(crate) fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    /// The last lines of stderr, for an error message.
    pub(crate) fn stderr_tail(&self, lines: usize) -> String {
        let text = self.stderr();
        let all: Vec<&str> = text.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }

    pub(crate) fn ok(&self) -> bool {
        self.output.status.success()
    }
}

/// Runs `command`, capturing stdout and stderr, and times it.
pub(crate) fn run(command: &mut Command) -> Result<Run, String> {
    let start = Instant::now();
    let output = command
        .output()
        .map_err(|e| format!("cannot run {}: {e}", show(command)))?;
    Ok(Run {
        output,
        elapsed: start.elapsed(),
    })
}

/// Runs `command`; an error (with the end of stderr) unless it succeeds.
pub(crate) fn run_ok(command: &mut Command) -> Result<Run, String> {
    let run = run(command)?;
    if !run.ok() {
        return Err(format!(
            "{} failed ({}):\n{}",
            show(command),
            run.output.status,
            run.stderr_tail(25)
        ));
    }
    Ok(run)
}

/// `cargo` from `$CARGO` (set when we run as `cargo xtask`), else from `PATH`.
pub(crate) fn cargo(dir: &Path) -> Command {
    tool(
        std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()),
        dir,
    )
}

/// `program`, run in `dir`, without colour and without the variables that
/// would change what is measured.
pub(crate) fn tool(program: impl AsRef<std::ffi::OsStr>, dir: &Path) -> Command {
    let mut command = Command::new(program);
    command.current_dir(dir).env("CARGO_TERM_COLOR", "never");
    // Flags or wrappers from the caller's environment would change what is
    // measured, and give the plain and instrumented builds different flags.
    for var in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTC_WRAPPER",
        "LLVM_PROFILE_FILE",
        "MTCOV_RECORD_DIR",
    ] {
        command.env_remove(var);
    }
    command
}

/// The command line, for messages.
pub(crate) fn show(command: &Command) -> String {
    let mut text = command.get_program().to_string_lossy().into_owned();
    for arg in command.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}
