//! Running MRs on source inputs: one MG per (MR, source input), each
//! isolated from the others' panics, one summary of every failure at the end.

use crate::describe::describe;
use crate::failures::{Failure, Failures, Summary};
use crate::mg::{Mg, Rare, Site, Verdict};
use crate::mr::{Mr, MrInfo, MrMeta};
use crate::panics::{self, Caught};
use crate::record::Recorder;
use crate::recording;
use std::any::Any;
use std::fmt::Debug;

/// Runs every MR on every source input and panics once, at the end, with a
/// summary of all violated and panicked MGs.
///
/// Each (MR, source input) pair is one MG. A panic inside an MG (in the
/// SUT, in building a follow-up input, in the check) fails that MG only.
/// [`try_check`] returns the failures instead.
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
#[track_caller]
pub fn check<T: Debug + 'static>(sources: &[T], mrs: &[Mr<T>]) {
    if let Err(failures) = try_check(sources, mrs) {
        panic!("{failures}");
    }
}

/// Like [`check`], but returns the [`Summary`] of the MGs, or the
/// [`Failures`] among them, instead of panicking: a test can assert on them.
///
/// ```
/// use mt_runtime::{metamorphic, Mg};
///
/// /// Wrong on purpose: abs is not odd.
/// #[metamorphic(output = "negated")]
/// fn odd(mg: &mut Mg, x: &i32) {
///     let a = mg.source(x, |x| x.abs());
///     let b = mg.follow_up(&-x, |x| x.abs());
///     mg.check(a == -b, || format!("{a} != -{b}"));
/// }
///
/// let failures = mt_runtime::try_check(&[0, 3], &[odd]).unwrap_err();
/// assert_eq!(failures.len(), 1);
/// assert_eq!(failures.iter().next().unwrap().input(), "3");
/// assert_eq!(failures.summary().held(), 1);
/// ```
pub fn try_check<T: Debug + 'static>(sources: &[T], mrs: &[Mr<T>]) -> Result<Summary, Failures> {
    let mut session = Session::new();
    if crate::selection::active() {
        let sources: Vec<&T> = sources.iter().collect();
        for (mr, input) in crate::selection::plan(mrs, &sources, Mr::meta) {
            session.run_selected(mr.meta(), input, |mg| mr.run(mg, input));
        }
        return session.finish();
    }
    for mr in mrs {
        for input in sources {
            session.run(mr.meta(), input, |mg| mr.run(mg, input));
        }
    }
    session.finish()
}

/// Runs every registered MR whose source input type is `T` (see
/// [`registry`](crate::registry)) on every source input, like [`check`].
///
/// Panics when no MR takes `T`: that is almost always a mistake.
#[track_caller]
pub fn check_registered<T: Debug + 'static>(sources: &[T]) {
    if let Err(failures) = try_check_registered(sources) {
        panic!("{failures}");
    }
}

/// [`check_registered`] returning the summary or the failures, like
/// [`try_check`]. Panics when no MR takes `T`.
#[track_caller]
pub fn try_check_registered<T: Debug + 'static>(sources: &[T]) -> Result<Summary, Failures> {
    let mrs = registered::<T>();
    let mut session = Session::new();
    if crate::selection::active() {
        let sources: Vec<&T> = sources.iter().collect();
        for (mr, input) in crate::selection::plan(&mrs, &sources, |mr| mr.0) {
            session.run_selected(mr.0, input, |mg| (mr.0.run_any)(mg, input as &dyn Any));
        }
        return session.finish();
    }
    for mr in &mrs {
        for input in sources {
            session.run(mr.0, input, |mg| (mr.0.run_any)(mg, input as &dyn Any));
        }
    }
    session.finish()
}

/// The registered MRs that take `T`; panics when there are none.
#[track_caller]
pub(crate) fn registered<T: 'static>() -> Vec<MrInfo> {
    let mrs: Vec<MrInfo> = crate::registry()
        .into_iter()
        .filter(MrInfo::takes::<T>)
        .collect();
    if mrs.is_empty() {
        panic!(
            "mt-runtime: no #[metamorphic] function takes source inputs of type `{}`; \
             write one as `fn name(mg: &mut Mg, input: &{})`",
            std::any::type_name::<T>(),
            std::any::type_name::<T>(),
        );
    }
    mrs
}

/// How an MG failed, to tell whether a shrunk input still fails the same
/// way: the same MR violated at the same check, or a panic at the same place.
#[cfg_attr(not(feature = "proptest"), allow(dead_code))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Signature {
    Violated(Site),
    Panicked {
        location: Option<String>,
        message: String,
    },
}

/// The verdict of one MG and what only failures need.
#[cfg_attr(not(feature = "proptest"), allow(dead_code))]
pub(crate) struct Ran {
    pub(crate) verdict: Verdict,
    /// Boxed, and only there when the MG had something rare (a failure,
    /// a skip): a holding MG moves no more than a pointer.
    pub(crate) rare: Option<Box<Rare>>,
    pub(crate) caught: Option<Box<Caught>>,
}

#[cfg_attr(not(feature = "proptest"), allow(dead_code))]
impl Ran {
    fn sites(&self) -> &[Site] {
        self.rare.as_deref().map_or(&[], |rare| &rare.sites)
    }

    /// The failure's signature; `None` when the MG did not fail.
    pub(crate) fn signature(&self) -> Option<Signature> {
        match &self.verdict {
            Verdict::Violated => self.sites().first().copied().map(Signature::Violated),
            Verdict::Panicked(message) => Some(Signature::Panicked {
                location: self.caught.as_ref().and_then(|c| c.location.clone()),
                message: message.clone(),
            }),
            Verdict::Holds | Verdict::Skipped(_) => None,
        }
    }

    /// Whether this MG fails the way `original` did.
    pub(crate) fn fails_like(&self, original: &Signature) -> bool {
        match (original, &self.verdict) {
            (Signature::Violated(site), Verdict::Violated) => self.sites().contains(site),
            (
                Signature::Panicked {
                    location: Some(at), ..
                },
                Verdict::Panicked(_),
            ) => self.caught.as_ref().and_then(|c| c.location.as_ref()) == Some(at),
            // The panic hook was replaced after ours: the message is all we have.
            (
                Signature::Panicked {
                    location: None,
                    message,
                },
                Verdict::Panicked(now),
            ) => message == now,
            _ => false,
        }
    }
}

/// Runs one MG: recorded when `recorder` is set, its panic caught.
#[cfg_attr(not(feature = "proptest"), allow(dead_code))]
#[inline]
pub(crate) fn run_group<T: Debug + ?Sized>(
    recorder: Option<&'static Recorder>,
    meta: &'static MrMeta,
    argument: &T,
    mr: impl Fn(&mut Mg),
) -> Ran {
    let mut mg = Mg::new(recorder, meta);
    let (verdict, caught) = match panics::catch(|| mr(&mut mg)) {
        Ok(()) => (mg.verdict(), None),
        Err(caught) => (Verdict::Panicked(caught.message.clone()), Some(caught)),
    };
    mg.finish_recording(meta, &verdict, argument);
    Ran {
        verdict,
        rare: mg.take_rare_boxed(),
        caught,
    }
}

/// The MGs of one check call.
pub(crate) struct Session {
    pub(crate) recorder: Option<&'static Recorder>,
    pub(crate) summary: Summary,
    pub(crate) failures: Vec<Failure>,
}

impl Session {
    pub(crate) fn new() -> Session {
        Session {
            recorder: recording::recorder(),
            summary: Summary::default(),
            failures: Vec::new(),
        }
    }

    /// Runs and counts one MG, unless a selection file leaves it out
    /// (`MTCOV_SELECT`); a failure is described and kept. The happy
    /// path builds no [`Ran`] (moving it cost several ns per MG).
    #[inline]
    pub(crate) fn run<T: Debug + ?Sized>(
        &mut self,
        meta: &'static MrMeta,
        argument: &T,
        mr: impl Fn(&mut Mg),
    ) -> Option<&mut Failure> {
        if !crate::selection::runs(meta, argument) {
            return None;
        }
        self.run_selected(meta, argument, mr)
    }

    /// [`run`](Self::run) for an MG the selection already names (planned
    /// by [`crate::selection::plan`]).
    #[inline]
    pub(crate) fn run_selected<T: Debug + ?Sized>(
        &mut self,
        meta: &'static MrMeta,
        argument: &T,
        mr: impl Fn(&mut Mg),
    ) -> Option<&mut Failure> {
        let mut mg = Mg::new(self.recorder, meta);
        let caught = panics::catch(|| mr(&mut mg)).err();
        let verdict = match &caught {
            None => mg.verdict(),
            Some(caught) => Verdict::Panicked(caught.message.clone()),
        };
        mg.finish_recording(meta, &verdict, argument);
        self.count(&verdict);
        if !matches!(verdict, Verdict::Violated | Verdict::Panicked(_)) {
            return None;
        }
        let ran = Ran {
            verdict,
            rare: mg.take_rare_boxed(),
            caught,
        };
        self.failures
            .push(describe_failure(meta, argument, &mr, ran));
        self.failures.last_mut()
    }

    pub(crate) fn count(&mut self, verdict: &Verdict) {
        let summary = &mut self.summary;
        summary.groups += 1;
        match verdict {
            Verdict::Holds => summary.held += 1,
            Verdict::Skipped(_) => summary.skipped += 1,
            Verdict::Violated => summary.violated += 1,
            Verdict::Panicked(_) => summary.panicked += 1,
        }
    }

    pub(crate) fn finish(self) -> Result<Summary, Failures> {
        if self.failures.is_empty() {
            Ok(self.summary)
        } else {
            Err(Failures {
                summary: self.summary,
                failures: self.failures,
            })
        }
    }
}

/// The failure of an MG that ran as `ran`, its inputs described by a re-run.
#[cold]
pub(crate) fn describe_failure<T: Debug + ?Sized>(
    meta: &'static MrMeta,
    argument: &T,
    mr: &impl Fn(&mut Mg),
    ran: Ran,
) -> Failure {
    let (inputs, reproduced) = describe_by_rerun(mr, &ran.verdict);
    Failure {
        mr: MrInfo(meta),
        argument: describe(argument),
        outcome: ran.verdict.outcome(),
        panic: match ran.verdict {
            Verdict::Panicked(message) => Some(message),
            _ => None,
        },
        messages: ran.rare.map(|rare| rare.violations).unwrap_or_default(),
        inputs,
        reproduced,
        case: None,
    }
}

/// Runs a failed MG once more, describing every input as it goes.
///
/// Keeping `Debug` text of every input on the happy path would cost more
/// than a cheap SUT itself; failures are rare, so the inputs are described
/// by running the (deterministic) MG again, with nothing recorded and the
/// panic message silenced. Returns whether the second run failed the same way.
fn describe_by_rerun(
    mr: &impl Fn(&mut Mg),
    first: &Verdict,
) -> (Vec<(crate::mg::Role, String)>, bool) {
    let mut mg = Mg::describing();
    let outcome = panics::quietly(|| panics::catch(|| mr(&mut mg)));
    let verdict = match outcome {
        Ok(()) => mg.verdict(),
        Err(caught) => Verdict::Panicked(caught.message),
    };
    (mg.take_rare().inputs, &verdict == first)
}
