//! Catching the panics of MGs: their message and where they happened
//! (shrinking keeps a smaller input only when it panics at the same
//! place), and silencing them while a failure is re-run or shrunk.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

/// A caught panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Caught {
    pub(crate) message: String,
    /// `file:line:col`, when the panic hook saw it (a hook installed after
    /// ours does not report it).
    pub(crate) location: Option<String>,
}

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
    static LAST_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Wraps the panic hook once: it notes each panic's location for this
/// thread, and prints nothing while this thread is [`quietly`] running.
fn install() {
    static WRAP_HOOK: Once = Once::new();
    WRAP_HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let location = info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            let _ = LAST_LOCATION.try_with(|last| *last.borrow_mut() = location);
            if !QUIET.try_with(Cell::get).unwrap_or(false) {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, catching a panic. The location is the one our hook noted for
/// this panic: the hook runs before unwinding starts, and every read takes
/// it, so a location is never one of an earlier panic.
///
/// The error is boxed: the happy path then moves a pointer-sized result
/// (a 48-byte one cost ~8 ns per MG in `benches/check.rs`).
#[inline]
pub(crate) fn catch<R>(f: impl FnOnce() -> R) -> Result<R, Box<Caught>> {
    install();
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| caught(payload.as_ref()))
}

#[cold]
fn caught(payload: &(dyn Any + Send)) -> Box<Caught> {
    Box::new(Caught {
        message: message(payload),
        location: LAST_LOCATION.with(|last| last.borrow_mut().take()),
    })
}

/// Runs `f` with this thread's panic messages suppressed (other threads'
/// panics still print).
pub(crate) fn quietly<R>(f: impl FnOnce() -> R) -> R {
    install();
    let was = QUIET.with(|quiet| quiet.replace(true));
    let result = f();
    QUIET.with(|quiet| quiet.set(was));
    result
}

fn message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "(a panic payload that is not a string)".to_owned()
    }
}
