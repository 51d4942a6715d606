//! Every process mtcov starts (cargo, rustc, git, test binaries, the
//! browser) goes through [`ProcessBuilder`]: shown under `-v` as it starts
//! (the environment mtcov sets, the program, its arguments), and named in
//! the error when it cannot start or fails.

use std::ffi::OsStr;
use std::fmt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};

use anyhow::{Context, Result, bail};

/// A process to start: a [`Command`] that traces itself as it starts. It
/// hands out no `&mut Command`, so nothing starts it past the trace.
pub(crate) struct ProcessBuilder {
    command: Command,
}

impl ProcessBuilder {
    pub(crate) fn new(program: impl AsRef<OsStr>) -> Self {
        ProcessBuilder {
            command: Command::new(program),
        }
    }

    pub(crate) fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut Self {
        self.command.arg(arg);
        self
    }

    pub(crate) fn args<I, S>(&mut self, args: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.command.args(args);
        self
    }

    pub(crate) fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Self {
        self.command.env(key, value);
        self
    }

    pub(crate) fn envs<I, K, V>(&mut self, vars: I) -> &mut Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<OsStr>,
        V: AsRef<OsStr>,
    {
        self.command.envs(vars);
        self
    }

    pub(crate) fn env_remove(&mut self, key: impl AsRef<OsStr>) -> &mut Self {
        self.command.env_remove(key);
        self
    }

    pub(crate) fn current_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.command.current_dir(dir);
        self
    }

    pub(crate) fn stdin(&mut self, stdio: impl Into<Stdio>) -> &mut Self {
        self.command.stdin(stdio);
        self
    }

    pub(crate) fn stdout(&mut self, stdio: impl Into<Stdio>) -> &mut Self {
        self.command.stdout(stdio);
        self
    }

    pub(crate) fn stderr(&mut self, stdio: impl Into<Stdio>) -> &mut Self {
        self.command.stderr(stdio);
        self
    }

    /// A command built elsewhere (`cargo_metadata`'s), to run traced.
    pub(crate) fn from_command(command: Command) -> Self {
        ProcessBuilder { command }
    }

    /// Starts it.
    pub(crate) fn spawn(&mut self) -> Result<Child> {
        self.trace();
        self.command
            .spawn()
            .with_context(|| format!("cannot run `{}`", self.program()))
    }

    /// Runs it to the end, its output captured.
    pub(crate) fn output(&mut self) -> Result<Output> {
        self.trace();
        self.command
            .output()
            .with_context(|| format!("cannot run `{}`", self.program()))
    }

    /// Runs it to the end, its output inherited.
    pub(crate) fn status(&mut self) -> Result<ExitStatus> {
        self.trace();
        self.command
            .status()
            .with_context(|| format!("cannot run `{}`", self.program()))
    }

    /// Its standard output, when it exits successfully; otherwise an
    /// error with its status and standard error.
    pub(crate) fn read(&mut self) -> Result<String> {
        let output = self.output()?;
        if !output.status.success() {
            bail!(
                "`{self}` failed ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim_end()
            );
        }
        String::from_utf8(output.stdout)
            .with_context(|| format!("`{}` printed something that is not UTF-8", self.program()))
    }

    /// Becomes the process (Unix `exec`; elsewhere runs it to the end):
    /// returns only when it cannot start, or with its exit code.
    pub(crate) fn exec(mut self) -> Result<i32> {
        self.trace();
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            let error = self.command.exec();
            Err(error).with_context(|| format!("cannot run `{}`", self.program()))
        }
        #[cfg(not(unix))]
        {
            let status = self.status()?;
            Ok(status.code().unwrap_or(101))
        }
    }

    /// The command, traced, for a runner that starts it itself (the test
    /// pool, which puts it in a process group of its own).
    pub(crate) fn into_command(self) -> Command {
        self.trace();
        self.command
    }

    fn trace(&self) {
        crate::term::trace(format_args!("running {:?}", self.command));
    }

    fn program(&self) -> String {
        self.command.get_program().to_string_lossy().into_owned()
    }
}

/// The program and its arguments, as a shell would take them.
impl fmt::Display for ProcessBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.command.get_program().to_string_lossy())?;
        for arg in self.command.get_args() {
            let arg = arg.to_string_lossy();
            if arg.is_empty() || arg.contains(|c: char| c.is_whitespace() || c == '\'') {
                write!(f, " '{}'", arg.replace('\'', r"'\''"))?;
            } else {
                write!(f, " {arg}")?;
            }
        }
        Ok(())
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn reads_what_a_process_prints_and_names_one_that_fails() {
        let mut echo = ProcessBuilder::new("sh");
        echo.args(["-c", "printf 'a b'"]);
        assert_eq!(echo.read().unwrap(), "a b");
        let mut fails = ProcessBuilder::new("sh");
        fails.args(["-c", "echo broken >&2; exit 3"]);
        let error = fails.read().unwrap_err().to_string();
        assert!(
            error.starts_with("`sh -c 'echo broken >&2; exit 3'` failed"),
            "{error}"
        );
        assert!(error.ends_with(": broken"), "{error}");
        let error = ProcessBuilder::new("/nonexistent/program")
            .output()
            .unwrap_err();
        assert_eq!(error.to_string(), "cannot run `/nonexistent/program`");
    }
}
