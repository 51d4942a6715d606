//! Everything mtcov says on stderr, in one place: cargo-style status lines
//! (a right-aligned verb), warnings, errors, notes, the `-v` trace and the
//! test processes' output. Colour goes through anstream, which follows
//! `--color` (else `CARGO_TERM_COLOR`, else `NO_COLOR`) and strips styles
//! from a stream that is not a terminal. `-q` is cargo's: no status lines,
//! notes or warnings; errors, failing tests and the report still show.
//!
//! stdout is the report's alone; nothing here writes to it.

use std::fmt::Display;
use std::sync::atomic::{AtomicU8, Ordering};

use anstyle::{AnsiColor, Style};

use crate::model::ColorChoice;

const QUIET: u8 = 0;
const NORMAL: u8 = 1;

/// 0 quiet, 1 normal, 2 and up: `-v`, `-vv`, ...
static LEVEL: AtomicU8 = AtomicU8::new(NORMAL);

const STATUS: Style = AnsiColor::Green.on_default().bold();
const WARNING: Style = AnsiColor::Yellow.on_default().bold();
const ERROR: Style = AnsiColor::Red.on_default().bold();
const NOTE: Style = AnsiColor::Cyan.on_default().bold();
const TRACE: Style = Style::new().dimmed();

/// Sets the colour choice and the verbosity for the rest of the process.
pub(crate) fn init(color: ColorChoice, quiet: bool, verbose: u8) {
    let choice = match color {
        ColorChoice::Auto => anstream::ColorChoice::Auto,
        ColorChoice::Always => anstream::ColorChoice::Always,
        ColorChoice::Never => anstream::ColorChoice::Never,
    };
    choice.write_global();
    let level = if quiet {
        QUIET
    } else {
        NORMAL.saturating_add(verbose)
    };
    LEVEL.store(level, Ordering::Relaxed);
}

fn level() -> u8 {
    LEVEL.load(Ordering::Relaxed)
}

/// Whether `-q` was given.
pub(crate) fn quiet() -> bool {
    level() == QUIET
}

/// `     Written target/mtcov/html/index.html`: a step done, as cargo
/// says `Compiling`; the verb right-aligned in 12 columns.
pub(crate) fn status(verb: &str, message: impl Display) {
    if !quiet() {
        anstream::eprintln!("{STATUS}{verb:>12}{STATUS:#} {message}");
    }
}

/// `warning: ...`
pub(crate) fn warn(message: impl Display) {
    if !quiet() {
        anstream::eprintln!("{WARNING}warning{WARNING:#}: {message}");
    }
}

/// `note: ...`
pub(crate) fn note(message: impl Display) {
    if !quiet() {
        anstream::eprintln!("{NOTE}note{NOTE:#}: {message}");
    }
}

/// `error: ...`, shown even with `-q`.
pub(crate) fn error(message: impl Display) {
    anstream::eprintln!("{ERROR}error{ERROR:#}: {message}");
}

/// What mtcov runs, with `-v`.
pub(crate) fn trace(message: impl Display) {
    if level() > NORMAL {
        anstream::eprintln!("{TRACE}mtcov:{TRACE:#} {message}");
    }
}

/// What a finished test process leaves on stderr (its output, its result
/// line, why it aborted), written at once so that processes ending
/// together do not interleave. A passing one's is not shown with `-q`.
pub(crate) fn test_process(text: &str, passed: bool) {
    if !passed || !quiet() {
        anstream::eprint!("{text}");
    }
}

/// A test's result word (`PASS`, `FAIL`, ...) right-aligned in 12
/// columns, green when it passed, red when not; for [`test_process`].
pub(crate) fn result_word(word: &str, passed: bool) -> String {
    let style = if passed { STATUS } else { ERROR };
    format!("{style}{word:>12}{style:#}")
}

/// `error: ...` as a line of [`test_process`]'s text.
pub(crate) fn error_line(message: impl Display) -> String {
    format!("{ERROR}error{ERROR:#}: {message}\n")
}

/// `note: ...` as a line of [`test_process`]'s text.
pub(crate) fn note_line(message: impl Display) -> String {
    format!("{NOTE}note{NOTE:#}: {message}\n")
}
