//! Running MRs on source inputs: one MG per (MR, source input), each
//! isolated from the others' panics, one summary of every failure at the end.

use crate::describe::describe;
use crate::mg::{Mg, Role, Verdict};
use crate::mr::{Mr, MrInfo, MrMeta};
use crate::record::{self, Recorder};
use crate::source_key::SourceKey;
use std::any::Any;
use std::cell::Cell;
use std::fmt::{Debug, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

/// Runs every MR on every source input and panics once, at the end, with a
/// summary of all violated and panicked MGs.
///
/// Each (MR, source input) pair is one MG. A panic inside an MG (in the
/// SUT, in building a follow-up input, in the check) fails that MG only.
///
/// ```
/// use mt_runtime::{metamorphic, Mg};
///
/// /// Reversing twice is the identity.
/// #[metamorphic(output = "equal")]
/// fn double_reverse(mg: &mut Mg, v: &Vec<i32>) {
///     let once: Vec<i32> = mg.source(v, |v| v.iter().rev().copied().collect());
///     let twice: Vec<i32> = mg.follow_up(&once, |v| v.iter().rev().copied().collect());
///     mg.check_eq(&twice, v);
/// }
///
/// mt_runtime::check(&[vec![1, 2, 3], vec![]], &[double_reverse]);
/// ```
pub fn check<T: Debug + 'static>(sources: &[T], mrs: &[Mr<T>]) {
    let mut session = Session::new();
    for mr in mrs {
        for input in sources {
            session.run(mr.meta(), input, |mg| mr.run(mg, input));
        }
    }
    session.finish();
}

/// Runs every registered MR whose source input type is `T` (see
/// [`registry`](crate::registry)) on every source input, like [`check`].
///
/// Panics when no MR takes `T`: that is almost always a mistake.
pub fn check_registered<T: Debug + 'static>(sources: &[T]) {
    let mrs: Vec<MrInfo> = crate::registry().into_iter().filter(MrInfo::takes::<T>).collect();
    if mrs.is_empty() {
        panic!(
            "mt-runtime: no #[metamorphic] function takes source inputs of type `{}`; \
             write one as `fn name(mg: &mut Mg, input: &{})`",
            std::any::type_name::<T>(),
            std::any::type_name::<T>(),
        );
    }
    let mut session = Session::new();
    for mr in &mrs {
        for input in sources {
            session.run(mr.0, input, |mg| (mr.0.run_any)(mg, input as &dyn Any));
        }
    }
    session.finish();
}

/// The MGs of one `check` call.
struct Session {
    recorder: Option<&'static Recorder>,
    ran: usize,
    held: usize,
    skipped: usize,
    failures: Vec<Failure>,
}

struct Failure {
    mr: MrInfo,
    argument: String,
    verdict: Verdict,
    messages: Vec<String>,
    inputs: Vec<(Role, String)>,
    reproduced: bool,
}

impl Session {
    fn new() -> Session {
        Session { recorder: record::recorder(), ran: 0, held: 0, skipped: 0, failures: Vec::new() }
    }

    fn run<T: Debug>(&mut self, meta: &'static MrMeta, argument: &T, mr: impl Fn(&mut Mg)) {
        let mut mg = Mg::new(self.recorder);
        let verdict = match panic::catch_unwind(AssertUnwindSafe(|| mr(&mut mg))) {
            Ok(()) => mg.verdict(),
            Err(payload) => Verdict::Panicked(panic_message(payload.as_ref())),
        };
        mg.finish_recording(meta, &verdict, || SourceKey::of(argument));
        self.ran += 1;
        match &verdict {
            Verdict::Holds => self.held += 1,
            Verdict::Skipped(_) => self.skipped += 1,
            Verdict::Violated | Verdict::Panicked(_) => {
                let (inputs, reproduced) = describe_by_rerun(&mr, &verdict);
                self.failures.push(Failure {
                    mr: MrInfo(meta),
                    argument: describe(argument),
                    messages: mg.take_rare().violations,
                    verdict,
                    inputs,
                    reproduced,
                });
            }
        }
    }

    fn finish(self) {
        if self.failures.is_empty() {
            return;
        }
        panic!("{}", self.summary());
    }

    fn summary(&self) -> String {
        const SHOWN: usize = 20;
        let violated = self.failures.iter().filter(|f| f.verdict == Verdict::Violated).count();
        let panicked = self.failures.len() - violated;
        let mut out = format!(
            "metamorphic relations failed: {} of {} metamorphic groups \
             ({violated} violated, {panicked} panicked; {} held, {} skipped)\n",
            self.failures.len(),
            self.ran,
            self.held,
            self.skipped,
        );
        // Per MR first: past the first failures listed in full, no MR that
        // failed may go unnamed.
        let mut per_mr: Vec<(&str, &str, usize)> = Vec::new();
        for failure in &self.failures {
            let label = failure.verdict.outcome().label();
            match per_mr.iter_mut().find(|(name, l, _)| *name == failure.mr.name() && *l == label) {
                Some((_, _, count)) => *count += 1,
                None => per_mr.push((failure.mr.name(), label, 1)),
            }
        }
        for (name, label, count) in per_mr {
            let _ = writeln!(out, "   MR `{name}`: {count} {label}");
        }
        for (n, failure) in self.failures.iter().take(SHOWN).enumerate() {
            let _ = write!(out, "\n{}. ", n + 1);
            failure.write(&mut out);
        }
        if self.failures.len() > SHOWN {
            let _ = writeln!(out, "\n... and {} more", self.failures.len() - SHOWN);
        }
        out
    }
}

impl Failure {
    fn write(&self, out: &mut String) {
        let mr = &self.mr;
        let class = if mr.has_explicit_class() { format!(", class \"{}\"", mr.class()) } else { String::new() };
        let _ = writeln!(out, "MR `{}` {} ({}:{}{class})", mr.name(), self.verdict.outcome().label(), mr.file(), mr.line());
        let _ = writeln!(out, "   MR argument: {}", self.argument);
        for (role, text) in &self.inputs {
            let label = match role {
                Role::Source => "source input",
                Role::FollowUp => "follow-up input",
            };
            let _ = writeln!(out, "   {label}: {text}");
        }
        if !self.reproduced {
            let _ = writeln!(out, "   (a second run of this MG did not fail the same way: inputs above are from that run)");
        }
        for message in &self.messages {
            let _ = writeln!(out, "   violated: {message}");
        }
        if let Verdict::Panicked(message) = &self.verdict {
            let _ = writeln!(out, "   panicked: {message}");
        }
    }
}

/// Runs a failed MG once more, describing every input as it goes.
///
/// Keeping `Debug` text of every input on the happy path would cost more
/// than a cheap SUT itself; failures are rare, so the inputs are described
/// by running the (deterministic) MG again, with nothing recorded and the
/// panic message silenced. Returns whether the second run failed the same way.
fn describe_by_rerun(mr: &impl Fn(&mut Mg), first: &Verdict) -> (Vec<(Role, String)>, bool) {
    let mut mg = Mg::describing();
    let outcome = quietly(|| panic::catch_unwind(AssertUnwindSafe(|| mr(&mut mg))));
    let verdict = match outcome {
        Ok(()) => mg.verdict(),
        Err(payload) => Verdict::Panicked(panic_message(payload.as_ref())),
    };
    (mg.take_rare().inputs, &verdict == first)
}

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with this thread's panic messages suppressed (other threads'
/// panics still print), by wrapping the panic hook once.
fn quietly<R>(f: impl FnOnce() -> R) -> R {
    static WRAP_HOOK: Once = Once::new();
    WRAP_HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
    QUIET.with(|quiet| quiet.set(true));
    let result = f();
    QUIET.with(|quiet| quiet.set(false));
    result
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "(a panic payload that is not a string)".to_owned()
    }
}
