//! What a `check` returns: a [`Summary`] of the MGs it ran, or the
//! [`Failures`] among them, readable as one message.

use crate::mg::Role;
use crate::mr::MrInfo;
use mtcov_protocol::Outcome;
use std::fmt::{self, Write};

/// Counts of the MGs one check ran.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub(crate) groups: usize,
    pub(crate) held: usize,
    pub(crate) skipped: usize,
    pub(crate) violated: usize,
    pub(crate) panicked: usize,
    pub(crate) generation: Option<Box<Generation>>,
}

/// How the source inputs of a strategy check were obtained.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Generation {
    pub(crate) seed: u64,
    pub(crate) replayed: usize,
    pub(crate) pool: usize,
    pub(crate) generated: usize,
    pub(crate) drawn: usize,
    pub(crate) kept: usize,
    pub(crate) from_corpus: usize,
}

impl Summary {
    /// MGs run: one per (MR, source input).
    pub fn groups(&self) -> usize {
        self.groups
    }
    /// MGs whose output relation held.
    pub fn held(&self) -> usize {
        self.held
    }
    /// MGs skipped (the MR did not apply to the input).
    pub fn skipped(&self) -> usize {
        self.skipped
    }
    /// MGs violated.
    pub fn violated(&self) -> usize {
        self.violated
    }
    /// MGs that panicked.
    pub fn panicked(&self) -> usize {
        self.panicked
    }
    /// For strategy checks: the seed and where the source inputs came from.
    pub fn generation(&self) -> Option<&Generation> {
        self.generation.as_deref()
    }
}

impl Generation {
    /// The seed the cases were drawn with (`MTCOV_SEED` replays them).
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Cases replayed from the regression file.
    pub fn replayed(&self) -> usize {
        self.replayed
    }
    /// Source inputs of the hand-written pool.
    pub fn pool(&self) -> usize {
        self.pool
    }
    /// Cases drawn from the strategy and run (for guided generation: the
    /// kept or corpus cases that ran).
    pub fn generated(&self) -> usize {
        self.generated
    }
    /// Guided generation: cases drawn and probed.
    pub fn drawn(&self) -> usize {
        self.drawn
    }
    /// Guided generation: drawn cases kept, for reaching new code.
    pub fn kept(&self) -> usize {
        self.kept
    }
    /// Guided generation: cases of the corpus file (replayed instead of drawing).
    pub fn from_corpus(&self) -> usize {
        self.from_corpus
    }
}

/// One violated or panicked MG.
#[derive(Clone, Debug)]
pub struct Failure {
    pub(crate) mr: MrInfo,
    pub(crate) argument: String,
    pub(crate) outcome: Outcome,
    pub(crate) messages: Vec<String>,
    pub(crate) panic: Option<String>,
    pub(crate) inputs: Vec<(Role, String)>,
    pub(crate) reproduced: bool,
    pub(crate) case: Option<Case>,
}

/// Where a generated failing input came from and what shrinking made of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub(crate) seed: u64,
    pub(crate) original: String,
    pub(crate) shrink_steps: u32,
    pub(crate) replayed: bool,
}

impl Case {
    /// The case's own seed, as the regression file keeps it.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The input as first drawn (`Debug`, truncated).
    pub fn original(&self) -> &str {
        &self.original
    }
    /// Shrink steps tried.
    pub fn shrink_steps(&self) -> u32 {
        self.shrink_steps
    }
    /// Whether the case came from the regression file.
    pub fn replayed(&self) -> bool {
        self.replayed
    }
}

impl Failure {
    /// The MR that failed.
    pub fn mr(&self) -> MrInfo {
        self.mr
    }
    /// True for a violated output relation, false for a panic.
    pub fn is_violation(&self) -> bool {
        self.outcome == Outcome::Violated
    }
    /// The source input the MR ran on (`Debug`, truncated to 200
    /// characters); for a generated input, the shrunk one.
    pub fn input(&self) -> &str {
        &self.argument
    }
    /// The inputs the SUT ran on, as `("source" | "follow-up", Debug)`.
    pub fn executions(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.inputs
            .iter()
            .map(|(role, text)| (role.label(), text.as_str()))
    }
    /// The messages of the failed checks.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }
    /// The panic message, for a panicked MG.
    pub fn panic_message(&self) -> Option<&str> {
        self.panic.as_deref()
    }
    /// For a generated input: its seed, the original and the shrink steps.
    pub fn case(&self) -> Option<&Case> {
        self.case.as_ref()
    }

    fn write(&self, out: &mut String) {
        let mr = &self.mr;
        let class = if mr.has_explicit_class() {
            format!(", class \"{}\"", mr.class())
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "MR `{}` {} ({}:{}{class})",
            mr.name(),
            self.outcome.label(),
            mr.file(),
            mr.line()
        );
        let _ = writeln!(out, "   MR argument: {}", self.argument);
        if let Some(case) = &self.case {
            let from = if case.replayed {
                "replayed from the regression file, "
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "   generated: {from}case seed {:016x}, shrunk in {} steps from: {}",
                case.seed, case.shrink_steps, case.original
            );
        }
        for (role, text) in &self.inputs {
            let _ = writeln!(out, "   {} input: {text}", role.label());
        }
        if !self.reproduced {
            let _ = writeln!(
                out,
                "   (a second run of this MG did not fail the same way: inputs above are from that run)"
            );
        }
        for message in &self.messages {
            let _ = writeln!(out, "   violated: {message}");
        }
        if let Some(message) = &self.panic {
            let _ = writeln!(out, "   panicked: {message}");
        }
    }
}

/// The failed MGs of a check, with the counts of all of them. `Display`
/// (and `Debug`, so that `.unwrap()` reads well) is the message `check`
/// panics with.
#[derive(Clone)]
pub struct Failures {
    pub(crate) summary: Summary,
    pub(crate) failures: Vec<Failure>,
}

impl Failures {
    /// The counts of every MG the check ran.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }
    /// The failures, in the order they happened.
    pub fn iter(&self) -> std::slice::Iter<'_, Failure> {
        self.failures.iter()
    }
    /// How many MGs failed.
    pub fn len(&self) -> usize {
        self.failures.len()
    }
    /// Never true for a `Failures` a check returned.
    pub fn is_empty(&self) -> bool {
        self.failures.is_empty()
    }
}

impl<'a> IntoIterator for &'a Failures {
    type Item = &'a Failure;
    type IntoIter = std::slice::Iter<'a, Failure>;
    fn into_iter(self) -> Self::IntoIter {
        self.failures.iter()
    }
}

impl fmt::Display for Failures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 20;
        let s = &self.summary;
        let mut out = format!(
            "metamorphic relations failed: {} of {} metamorphic groups \
             ({} violated, {} panicked; {} held, {} skipped)\n",
            self.failures.len(),
            s.groups,
            s.violated,
            s.panicked,
            s.held,
            s.skipped,
        );
        if let Some(generation) = &s.generation {
            let guided = match (generation.from_corpus, generation.drawn) {
                (0, 0) => String::new(),
                (0, drawn) => format!(" (guided: {} kept of {drawn} drawn)", generation.kept),
                (corpus, _) => format!(" (guided: {corpus} from the corpus file)"),
            };
            let _ = writeln!(
                out,
                "   source inputs: {} replayed, {} from the pool, {} generated{guided} with seed {:016x} \
                 (rerun them with MTCOV_SEED={:016x})",
                generation.replayed,
                generation.pool,
                generation.generated,
                generation.seed,
                generation.seed
            );
        }
        // Per MR first: past the first failures listed in full, no MR that
        // failed may go unnamed.
        let mut per_mr: Vec<(&str, &str, usize)> = Vec::new();
        for failure in &self.failures {
            let label = failure.outcome.label();
            match per_mr
                .iter_mut()
                .find(|(name, l, _)| *name == failure.mr.name() && *l == label)
            {
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
        f.write_str(&out)
    }
}

impl fmt::Debug for Failures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Failures {}
