//! One metamorphic group (MG): the source input(s), the follow-up input(s)
//! and the verdict of the output relation on their outputs.

use crate::categories;
use crate::coverage;
use crate::describe::describe;
use crate::mr::{MrInfo, MrMeta};
use crate::record::{self, MrRef, Recorder};
use crate::relation::Relation;
use crate::source_key::SourceKey;
use mtcov_protocol::Outcome;
use mtcov_protocol::write::MgFields;
use std::fmt::Debug;
use std::panic::Location;

/// The handle an MR uses to run the SUT and state its output relation.
///
/// Run the SUT on source inputs with [`source`](Mg::source) and on
/// follow-up inputs with [`follow_up`](Mg::follow_up); state the output
/// relation with [`check`](Mg::check) (every check must hold); call
/// [`skip`](Mg::skip) when the MR does not apply to this input.
///
/// The distinction between `source` and `follow_up` matters to `cargo
/// mtcov`: only code executed on source inputs counts towards coverage,
/// and every value passed to `source` is a source input of the MG.
pub struct Mg {
    /// What is recorded of this MG, under `cargo mtcov`.
    recording: Option<Recording>,
    /// Describe inputs instead of recording them: used when a failed MG is
    /// re-run to explain the failure.
    describing: bool,
    pub(crate) follow_ups: u32,
    checks: u32,
    /// What only failures, skips and descriptions need, boxed so that a
    /// holding MG stays small and allocation-free.
    rare: Option<Box<Rare>>,
}

struct Recording {
    recorder: &'static Recorder,
    /// The MR this MG runs: its source executions are recorded as its.
    meta: &'static MrMeta,
    /// Its id, made on the first source execution.
    mr_id: Option<String>,
    sources: Vec<SourceKey>,
    /// The address and type of the first source input: when it is the
    /// MR's argument (not a field of it at the same address), the
    /// argument's key is the first source's, not computed again.
    first_source: (usize, &'static str),
    /// This MG's record lines so far (see [`Recorder::mg`]).
    pending: String,
    /// The counter vectors `pending` writes.
    written: record::Written,
    /// The capture of the MG's coverage, source and aside.
    window: coverage::GroupWindow,
    /// The counters its follow-up executions left, summed.
    follow: Vec<(u32, u64)>,
    /// Its measured source executions: (index in `sources`,
    /// fingerprint, shared), and their counters summed.
    runs: Vec<(u32, u64, bool)>,
    measured: Vec<(u32, u64)>,
    /// Its share of the process's sums, once its window closed.
    shares: coverage::Shares,
}

#[derive(Default)]
pub(crate) struct Rare {
    pub(crate) violations: Vec<String>,
    /// Where each violation was stated, in the order of `violations`.
    pub(crate) sites: Vec<Site>,
    pub(crate) skipped: Option<String>,
    /// Set by a failed [`Mg::assume`]: the error the MR then returns is
    /// that assumption, not a failure.
    pub(crate) assumed: bool,
    pub(crate) inputs: Vec<(Role, String)>,
    /// The coverage patterns of the source executions, when guided
    /// generation probes a draw (see `coverage::patterns`).
    pub(crate) probe: Option<Vec<u64>>,
}

/// Where a violation was stated: the failing check's call site, or the
/// MR returning an error. Shrinking keeps a smaller input only when it
/// fails at the same site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Site {
    Check(&'static Location<'static>),
    Returned,
}

/// How an input took part in an MG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Source,
    FollowUp,
}

impl Role {
    pub(crate) fn label(self) -> &'static str {
        match self {
            Role::Source => "source",
            Role::FollowUp => "follow-up",
        }
    }
}

/// The verdict of one MG: its outcome, with the skip reason or panic
/// payload where it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Holds,
    Violated,
    Skipped(String),
    Panicked(String),
}

impl Verdict {
    pub(crate) fn outcome(&self) -> Outcome {
        match self {
            Verdict::Holds => Outcome::Holds,
            Verdict::Violated => Outcome::Violated,
            Verdict::Skipped(_) => Outcome::Skipped,
            Verdict::Panicked(_) => Outcome::Panicked,
        }
    }

    /// The skip reason or panic payload.
    pub(crate) fn reason(&self) -> Option<&str> {
        match self {
            Verdict::Skipped(reason) | Verdict::Panicked(reason) => Some(reason),
            Verdict::Holds | Verdict::Violated => None,
        }
    }
}

impl Mg {
    #[inline]
    pub(crate) fn new(recorder: Option<&'static Recorder>, meta: &'static MrMeta) -> Mg {
        if recorder.is_some() {
            crate::tolerance::begin();
        }
        Mg {
            recording: recorder.map(|recorder| Recording {
                recorder,
                meta,
                mr_id: None,
                sources: Vec::new(),
                first_source: (0, ""),
                pending: String::new(),
                written: record::Written::default(),
                window: coverage::GroupWindow::open(),
                follow: Vec::new(),
                runs: Vec::new(),
                measured: Vec::new(),
                shares: coverage::Shares::default(),
            }),
            describing: false,
            follow_ups: 0,
            checks: 0,
            rare: None,
        }
    }

    /// An MG that records nothing.
    pub(crate) fn unrecorded() -> Mg {
        Mg {
            recording: None,
            describing: false,
            follow_ups: 0,
            checks: 0,
            rare: None,
        }
    }

    pub(crate) fn describing() -> Mg {
        Mg {
            describing: true,
            ..Mg::unrecorded()
        }
    }

    pub(crate) fn rare(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(Box::default)
    }

    /// Runs the SUT on a source input and returns its output.
    ///
    /// Call it once per source input of the MG (several times for a
    /// multi-source MR). Under `cargo mtcov`, the code the SUT executes
    /// here is what this source input covers; when the SUT panics, the
    /// code it executed up to the panic (the panic then fails the MG as
    /// usual). There the SUT runs twice: once unrecorded (a warm-up), then
    /// measured, so that code run only on first use in a process (a lazy
    /// static's initialiser, a cache filled for this input) is never an
    /// input's coverage, whichever tests ran before in the process; the
    /// output returned is the measured run's. Under plain `cargo test` it
    /// runs once.
    #[inline]
    pub fn source<I, O>(&mut self, input: &I, mut sut: impl FnMut(&I) -> O) -> O
    where
        I: Debug + ?Sized,
    {
        if self.describing {
            self.rare().inputs.push((Role::Source, describe(input)));
            return sut(input);
        }
        let Some(recording) = &mut self.recording else {
            if let Some(probe) = self
                .rare
                .as_deref_mut()
                .and_then(|rare| rare.probe.as_mut())
            {
                return coverage::probe(|| sut(input), probe);
            }
            return sut(input);
        };
        let key = SourceKey::of(input);
        // The sources of an MG are a set: `mg.source(&x, ..)` twice on equal
        // values is one source input.
        if recording.sources.is_empty() {
            recording.first_source = (
                (input as *const I).cast::<()>() as usize,
                std::any::type_name::<I>(),
            );
        }
        let index = match recording.sources.iter().position(|&k| k == key) {
            Some(index) => index,
            None => {
                recording.sources.push(key);
                recording.sources.len() - 1
            }
        } as u32;
        let recorder = recording.recorder;
        let mr = mr_ref(&mut recording.mr_id, recording.meta);
        let pending = &mut recording.pending;
        let written = &mut recording.written;
        let (runs, measured) = (&mut recording.runs, &mut recording.measured);
        recorder.source(key, || describe(input), pending);
        let classified = categories::classify_input(input, key, recorder, pending);
        let output = recording.window.source(
            || sut(input),
            |counters, shared| {
                let fp = recorder.coverage(key, mr, counters, shared, pending, written);
                runs.push((index, fp, shared));
                mtcov_protocol::counters::add(measured, counters);
            },
        );
        categories::classify_output(
            classified,
            (input, &output),
            key,
            (mr, recording.meta.function),
            recorder,
            pending,
        );
        output
    }

    /// Runs the SUT on a follow-up input and returns its output.
    ///
    /// Under `cargo mtcov` it runs twice, as in [`source`](Self::source),
    /// so that a follow-up is measured in the same state as its source.
    #[inline]
    pub fn follow_up<I, O>(&mut self, input: &I, mut sut: impl FnMut(&I) -> O) -> O
    where
        I: Debug + ?Sized,
    {
        self.follow_ups += 1;
        if self.describing {
            self.rare().inputs.push((Role::FollowUp, describe(input)));
        }
        let output = match &mut self.recording {
            Some(recording) => recording
                .window
                .follow_up(|| sut(input), &mut recording.follow),
            None => sut(input),
        };
        // Under `cargo mtcov`, the frame a follow-up of a declared type
        // reaches from the MG's (first) source input.
        if let Some(recording) = &mut self.recording
            && let Some(&source) = recording.sources.first()
            && categories::declared::<I>()
        {
            let mr = mr_ref(&mut recording.mr_id, recording.meta);
            categories::record_follow_up(
                input,
                &output,
                source,
                (mr, recording.meta.function),
                recording.recorder,
                &mut recording.pending,
            );
        }
        output
    }

    /// States (part of) the output relation: `holds` must be true.
    ///
    /// The message is built only when the check fails. Every check of an
    /// MG must hold; a failed check does not stop the MR.
    #[inline]
    #[track_caller]
    pub fn check(&mut self, holds: bool, message: impl FnOnce() -> String) {
        self.checks += 1;
        if !holds {
            self.violation(message(), Site::Check(Location::caller()));
        }
    }

    /// Checks that two outputs are equal.
    #[track_caller]
    pub fn check_eq<A: PartialEq<B> + Debug, B: Debug>(&mut self, left: A, right: B) {
        self.check(left == right, || format!("{left:?} != {right:?}"));
    }

    /// States the output relation with a ready relation check from
    /// [`relation`](crate::relation): `mg.check_that(relation::close(a, b, Tolerance::abs(1e-9)))`.
    /// Its message shows both sides.
    #[inline]
    #[track_caller]
    pub fn check_that(&mut self, relation: Relation) {
        self.checks += 1;
        if let Err(mismatch) = relation {
            self.violation(mismatch.to_string(), Site::Check(Location::caller()));
        }
    }

    #[cold]
    fn violation(&mut self, message: String, site: Site) {
        let rare = self.rare();
        rare.violations.push(message);
        rare.sites.push(site);
    }

    /// The MR returned `Ok(())`: a check that holds.
    #[inline]
    pub(crate) fn returned_ok(&mut self) {
        self.checks += 1;
    }

    /// The MR returned `Err(error)`: a violation, unless it is the error of
    /// a failed [`assume`](Mg::assume), which skips the MG.
    #[cold]
    pub(crate) fn returned_error(&mut self, error: String) {
        if self.rare.as_deref().is_some_and(|rare| rare.assumed) {
            return;
        }
        self.checks += 1;
        self.violation(format!("the MR returned an error: {error}"), Site::Returned);
    }

    /// A precondition of the MR: when `holds` is false the MG is skipped
    /// (the MR does not apply to this input) and the returned error ends
    /// an MR that returns `Result` through `?`:
    ///
    /// ```
    /// use mt_runtime::{metamorphic, Mg, MrResult};
    ///
    /// /// sqrt is monotonic, on the inputs where it is defined.
    /// #[metamorphic(output = "ordering")]
    /// fn monotonic(mg: &mut Mg, x: &f64) -> MrResult {
    ///     mg.assume(*x >= 0.0, "sqrt needs a non-negative input")?;
    ///     let a = mg.source(x, |x| x.sqrt());
    ///     let b = mg.follow_up(&(x + 1.0), |x| x.sqrt());
    ///     mg.check(b >= a, || format!("{b} < {a}"));
    ///     Ok(())
    /// }
    /// # mt_runtime::check(&[-1.0, 4.0], &[monotonic]);
    /// ```
    ///
    /// Any error type the MR returns that converts from [`Unmet`] works
    /// ([`MrResult`](crate::MrResult), `Box<dyn Error>`,
    /// `anyhow::Error`, ..). With an error type of your own, return
    /// `MrResult` (your errors convert into it through `?` too) or write
    /// `impl From<mt_runtime::Unmet> for YourError`. What a failed
    /// assumption returns is never a violation, whatever the MR does with
    /// it.
    pub fn assume(&mut self, holds: bool, reason: impl Into<String>) -> Result<(), Unmet> {
        if holds {
            return Ok(());
        }
        let reason = reason.into();
        self.skip(reason.clone());
        self.rare().assumed = true;
        Err(Unmet(reason))
    }

    /// Marks the MG as skipped: the MR does not apply to this source input.
    ///
    /// A skipped MG creates no association between its source inputs and
    /// the MR, and is not a failure. Return right after it:
    /// `return mg.skip("needs a non-empty input");`. A failed check made
    /// before the skip still counts as a violation.
    pub fn skip(&mut self, reason: impl Into<String>) {
        let rare = self.rare();
        if rare.skipped.is_none() {
            rare.skipped = Some(reason.into());
        }
    }

    #[inline]
    pub(crate) fn verdict(&self) -> Verdict {
        match self.rare.as_deref() {
            Some(rare) if !rare.violations.is_empty() => Verdict::Violated,
            Some(Rare {
                skipped: Some(reason),
                ..
            }) => Verdict::Skipped(reason.clone()),
            _ if self.checks == 0 => Verdict::Skipped("no check ran".to_owned()),
            _ => Verdict::Holds,
        }
    }

    /// The source inputs recorded so far (empty when not recording).
    pub(crate) fn sources(&self) -> &[SourceKey] {
        self.recording
            .as_ref()
            .map_or(&[], |recording| &recording.sources)
    }

    /// The rarely needed parts: violations, skip reason, described inputs.
    pub(crate) fn take_rare(&mut self) -> Rare {
        self.rare.take().map(|rare| *rare).unwrap_or_default()
    }

    /// The rarely needed parts as they are kept: `None` for an MG that had none.
    #[inline]
    pub(crate) fn take_rare_boxed(&mut self) -> Option<Box<Rare>> {
        self.rare.take()
    }

    /// Writes this MG's record (and its pending lines), when recording.
    #[inline]
    pub(crate) fn finish_recording<T: Debug + ?Sized>(
        &mut self,
        meta: &'static MrMeta,
        verdict: &Verdict,
        argument: &T,
    ) {
        if let Some(recording) = &mut self.recording {
            recording.shares = recording.window.close();
            let mr = mr_ref(&mut recording.mr_id, recording.meta);
            crate::tolerance::end(mr, recording.sources.first().copied());
            let at = (
                (argument as *const T).cast::<()>() as usize,
                std::any::type_name::<T>(),
            );
            Self::write_record(
                recording,
                self.rare.as_deref(),
                self.follow_ups,
                meta,
                verdict,
                at,
                || SourceKey::of(argument),
            );
        }
    }

    #[inline(never)]
    fn write_record(
        recording: &mut Recording,
        rare: Option<&Rare>,
        follow_ups: u32,
        meta: &'static MrMeta,
        verdict: &Verdict,
        argument_at: (usize, &'static str),
        argument: impl FnOnce() -> SourceKey,
    ) {
        let violation = rare
            .and_then(|rare| rare.violations.first())
            .map(String::as_str);
        // What its follow-up executions covered, beside its first source
        // input's coverage: Metamorphic Coverage.
        let mut follow = None;
        if let Some(&first) = recording.sources.first()
            && !recording.follow.is_empty()
        {
            let mr = mr_ref(&mut recording.mr_id, recording.meta);
            follow = Some(recording.recorder.follow_coverage(
                first,
                mr,
                &recording.follow,
                &mut recording.pending,
                &mut recording.written,
            ));
        }
        let shares = &recording.shares;
        let (aside, first_use) =
            shares.of_group(&recording.measured, follow.map(|_| &recording.follow[..]));
        // An MG that associates nothing still says which input the MR did
        // not apply to (or died on): the report then does not suggest
        // pairing that input with that MR again. One whose first source
        // input is not the MR's argument says what the argument was: a
        // selection file (`MTCOV_SELECT`) names MGs by their argument.
        let argument = if !verdict.outcome().associates() {
            Some(argument())
        } else if recording.sources.is_empty() || recording.first_source == argument_at {
            None
        } else {
            Some(argument()).filter(|key| recording.sources.first() != Some(key))
        };
        let mr = recording.mr_id.get_or_insert_with(|| MrInfo(meta).id());
        let thread = std::thread::current();
        let fields = MgFields {
            mr,
            class: MrInfo(meta).class_or_id(mr),
            argument: argument.map(|key| key.0),
            follow_ups: u64::from(follow_ups),
            outcome: verdict.outcome(),
            message: verdict.reason().or(violation),
            test: thread.name(),
            shares: shares.captured.then_some(mtcov_protocol::write::MgShares {
                runs: &recording.runs,
                follow,
                aside: &aside,
                first_use: &first_use,
            }),
        };
        recording.recorder.mg(
            &fields,
            &recording.sources,
            &mut recording.pending,
            &mut recording.written,
        );
    }
}

impl std::fmt::Debug for Mg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mg")
            .field("sources", &self.sources())
            .field("follow_ups", &self.follow_ups)
            .field("checks", &self.checks)
            .finish_non_exhaustive()
    }
}

/// The MR of an MG as records name it; its id is made once per MG.
fn mr_ref<'a>(id: &'a mut Option<String>, meta: &'static MrMeta) -> MrRef<'a> {
    MrRef {
        id: id.get_or_insert_with(|| MrInfo(meta).id()),
        address: std::ptr::from_ref(meta) as usize,
    }
}

/// The error of a failed [`Mg::assume`]: the MG is skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unmet(pub String);

impl std::fmt::Display for Unmet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "assumption not met: {}", self.0)
    }
}

impl std::error::Error for Unmet {}
