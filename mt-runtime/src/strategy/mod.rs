//! Source inputs drawn from proptest strategies: reproducible seeds,
//! shrinking while the same MR stays violated, a regression file.

mod guided;
mod regressions;
mod seed;

pub use guided::Guided;

pub use seed::SEED_ENV;

use crate::check::{Ran, Session, Signature, describe_failure, run_group};
use crate::describe::describe;
use crate::failures::{Case, Failures, Generation, Summary};
use crate::mg::Mg;
use crate::mr::Mr;
use crate::panics;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config as ProptestConfig, RngSeed, TestRunner};
use std::fmt::Debug;
use std::panic::Location;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How a strategy check draws and shrinks its cases.
///
/// [`Config::default`] honours proptest's variables: `PROPTEST_CASES`,
/// `PROPTEST_MAX_SHRINK_ITERS`, `PROPTEST_MAX_SHRINK_TIME` (ms),
/// `PROPTEST_RNG_SEED` and `PROPTEST_DISABLE_FAILURE_PERSISTENCE`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// Cases drawn from the strategy (after the regression cases and the pool).
    pub cases: u32,
    /// The seed; `None` derives one from the test's name, so every run
    /// draws the same cases. `MTCOV_SEED` overrides it.
    pub seed: Option<u64>,
    /// Shrink steps tried per failure, at most.
    pub max_shrink_iters: u32,
    /// Time spent shrinking one failure, at most.
    pub max_shrink_time: Duration,
    /// Replay and write the regression file (`mtcov-regressions/`).
    pub regressions: bool,
    /// Adequacy-guided generation instead of `cases` random cases.
    pub guided: Option<Guided>,
}

impl Default for Config {
    fn default() -> Config {
        let proptest = ProptestConfig::default();
        Config {
            cases: proptest.cases,
            seed: None,
            max_shrink_iters: if proptest.max_shrink_iters == u32::MAX {
                4096
            } else {
                proptest.max_shrink_iters
            },
            max_shrink_time: match proptest.max_shrink_time {
                0 => Duration::from_secs(10),
                ms => Duration::from_millis(u64::from(ms)),
            },
            regressions: proptest.failure_persistence.is_some(),
            guided: None,
        }
    }
}

impl Config {
    /// The default configuration with `cases` cases.
    pub fn with_cases(cases: u32) -> Config {
        Config {
            cases,
            ..Config::default()
        }
    }

    /// This configuration with a fixed seed (`MTCOV_SEED` still wins).
    pub fn seed(self, seed: u64) -> Config {
        Config {
            seed: Some(seed),
            ..self
        }
    }

    /// This configuration with adequacy-guided generation (see [`Guided`]).
    pub fn guided(self, guided: Guided) -> Config {
        Config {
            guided: Some(guided),
            ..self
        }
    }

    /// This configuration with the regression file on or off.
    pub fn regressions(self, on: bool) -> Config {
        Config {
            regressions: on,
            ..self
        }
    }
}

/// Runs every MR on source inputs drawn from `strategy` (with
/// [`Config::default`]) and panics once at the end, like
/// [`check`](crate::check). A violated MG's input is shrunk to the
/// smallest one that still violates the same check of the same MR.
///
/// ```
/// use mt_runtime::{metamorphic, Mg};
/// use mt_runtime::proptest::prelude::*;
///
/// /// abs is even.
/// #[metamorphic(output = "equal")]
/// fn even(mg: &mut Mg, x: &i32) {
///     let a = mg.source(x, |x| x.wrapping_abs());
///     let b = mg.follow_up(&x.wrapping_neg(), |x| x.wrapping_abs());
///     mg.check_eq(a, b);
/// }
///
/// mt_runtime::check_strategy(any::<i32>(), &[even]);
/// ```
#[track_caller]
pub fn check_strategy<S>(strategy: S, mrs: &[Mr<S::Value>])
where
    S: Strategy,
    S::Value: Debug + 'static,
{
    check_strategy_with(&Config::default(), &[], strategy, mrs);
}

/// [`check_strategy`] with a configuration and a hand-written pool of
/// source inputs, run after the regression cases and before the drawn ones.
#[track_caller]
pub fn check_strategy_with<S>(config: &Config, pool: &[S::Value], strategy: S, mrs: &[Mr<S::Value>])
where
    S: Strategy,
    S::Value: Debug + 'static,
{
    if let Err(failures) = try_check_strategy(config, pool, strategy, mrs) {
        panic!("{failures}");
    }
}

/// [`check_strategy_with`] returning the [`Summary`] or the [`Failures`]
/// instead of panicking.
#[track_caller]
pub fn try_check_strategy<S>(
    config: &Config,
    pool: &[S::Value],
    strategy: S,
    mrs: &[Mr<S::Value>],
) -> Result<Summary, Failures>
where
    S: Strategy,
    S::Value: Debug + 'static,
{
    let caller = Location::caller();
    let (test, call) = seed::test_and_call();
    let proptest_seed = match ProptestConfig::default().rng_seed {
        RngSeed::Fixed(seed) => Some(seed),
        RngSeed::Random => None,
    };
    let (seed, _) = seed::resolve(config.seed, proptest_seed, &test, call)
        .unwrap_or_else(|message| panic!("mt-runtime: {message}"));
    let key = regressions::key(&test, call);
    let regressions = config
        .regressions
        .then(|| regressions::path_for(&regressions::REGRESSIONS, caller.file()))
        .flatten()
        .map(|path| (path, key.clone()));

    let log = CaseLog::from_env();
    let mut run = Run {
        config,
        site: caller,
        replay: matches!(log, Some(CaseLog::Replay(_))),
        drawn: Vec::new(),
        strategy: &strategy,
        mrs,
        runner: TestRunner::new_with_rng(
            ProptestConfig {
                failure_persistence: None,
                ..ProptestConfig::default()
            },
            seed::rng(seed),
        ),
        session: Session::new(),
        regressions,
        generation: Generation {
            seed,
            ..Generation::default()
        },
    };
    if let Some((path, key)) = &run.regressions {
        for case_seed in regressions::load(path, key) {
            run.generation.replayed += 1;
            run.case(case_seed, true);
        }
    }
    for input in pool {
        run.generation.pool += 1;
        for mr in mrs {
            run.session.run(mr.meta(), input, |mg| mr.run(mg, input));
        }
    }
    let recorded = match &log {
        Some(CaseLog::Replay(path)) => Some(regressions::load(path, &key)),
        _ => None,
    };
    match &config.guided {
        // Exactly the baseline's cases, each one.
        _ if recorded.is_some() => run.run_cases(recorded.as_deref().unwrap_or_default()),
        None => run.random(config.cases),
        Some(guided) => {
            let corpus = guided
                .corpus
                .then(|| regressions::path_for(&regressions::CORPUS, caller.file()))
                .flatten()
                .map(|path| (path, key.clone()));
            run.guided(guided, corpus);
        }
    }
    if let Some(CaseLog::Record(path)) = &log {
        let lines: Vec<(u64, String)> = run
            .drawn
            .iter()
            .map(|&case| (case, String::new()))
            .collect();
        if let Err(error) = regressions::save(&regressions::CASES, path, &key, &lines) {
            // The mutants' replay would draw other cases: stop the baseline.
            panic!(
                "mt-runtime: cannot write the drawn cases to {}: {error}",
                path.display()
            );
        }
    }
    let Run {
        mut session,
        generation,
        ..
    } = run;
    session.summary.generation = Some(Box::new(generation));
    session.finish()
}

/// Where `cargo mtcov mutants` asks strategy checks to log their drawn
/// cases ([`CASES_ENV`](mtcov_protocol::CASES_ENV)): the file of this test
/// binary.
enum CaseLog {
    Record(PathBuf),
    Replay(PathBuf),
}

impl CaseLog {
    fn from_env() -> Option<CaseLog> {
        let value = std::env::var(mtcov_protocol::CASES_ENV).ok()?;
        let (mode, dir) = value.split_once('=')?;
        // One file per test binary: package and target name, the same in
        // every scratch copy of the workspace.
        let exe = std::env::current_exe().ok()?;
        let stem = exe.file_stem()?.to_string_lossy().into_owned();
        let target = stem
            .rsplit_once('-')
            .map_or(stem.as_str(), |(name, _)| name);
        let package = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
        let path = PathBuf::from(dir).join(format!("{package}-{target}.txt"));
        match mode {
            "record" => Some(CaseLog::Record(path)),
            "replay" => Some(CaseLog::Replay(path)),
            _ => None,
        }
    }
}

/// One strategy check in progress.
struct Run<'a, S: Strategy>
where
    S::Value: 'static,
{
    config: &'a Config,
    /// Where the check was called.
    site: &'static Location<'static>,
    /// Replaying a baseline's cases under a mutant: every case runs, none
    /// is shrunk or saved.
    replay: bool,
    /// The seeds of the cases drawn (random, guided or from the corpus).
    drawn: Vec<u64>,
    strategy: &'a S,
    mrs: &'a [Mr<S::Value>],
    runner: TestRunner,
    session: Session,
    regressions: Option<(PathBuf, String)>,
    generation: Generation,
}

impl<S> Run<'_, S>
where
    S: Strategy,
    S::Value: Debug + 'static,
{
    /// `cases` random cases; like proptest, drawing stops at the first
    /// failing case, and under `cargo mtcov` a `draws` record says so: the
    /// report's `A_k` covers only what was drawn.
    fn random(&mut self, cases: u32) {
        let seed = self.generation.seed;
        for index in 0..u64::from(cases) {
            self.generation.generated += 1;
            let case_seed = seed::case(seed, index);
            self.drawn.push(case_seed);
            if self.case(case_seed, false) && !self.replay {
                if let Some(recorder) = self.session.recorder
                    && index + 1 < u64::from(cases)
                {
                    let mut line = String::new();
                    mtcov_protocol::write::draws(
                        &mut line,
                        &format!("{}:{}", self.site.file(), self.site.line()),
                        std::thread::current().name(),
                        u64::from(cases),
                        index + 1,
                    );
                    recorder.lines(&line);
                }
                break;
            }
        }
    }

    /// The value tree of a case.
    fn tree(&mut self, case_seed: u64) -> Option<S::Tree> {
        *self.runner.rng() = seed::rng(case_seed);
        // A strategy whose filters reject too much gives no value: the case is skipped.
        self.strategy.new_tree(&mut self.runner).ok()
    }

    /// Runs every MR on one case; a failure is shrunk and saved. Returns
    /// whether the case failed.
    fn case(&mut self, case_seed: u64, replayed: bool) -> bool {
        let Some(tree) = self.tree(case_seed) else {
            return false;
        };
        let input = tree.current();
        let mut failed = false;
        for &mr in self.mrs {
            if !crate::selection::runs(mr.meta(), &input) {
                continue;
            }
            let ran = run_group(self.session.recorder, mr.meta(), &input, |mg| {
                mr.run(mg, &input)
            });
            self.session.count(&ran.verdict);
            let Some(signature) = ran.signature() else {
                continue;
            };
            failed = true;
            let (shrunk, steps) = if self.replay {
                (None, 0)
            } else {
                self.shrink(case_seed, mr, &signature)
            };
            let smaller = shrunk.is_some();
            let shrunk_input;
            let (minimal, ran) = match shrunk {
                Some((value, ran)) => {
                    shrunk_input = value;
                    (&shrunk_input, ran)
                }
                // Nothing smaller fails the same way: the original is minimal.
                None => (&input, ran),
            };
            // Under `cargo mtcov`, the report shows it beside the original.
            if smaller
                && !replayed
                && let Some(recorder) = self.session.recorder
            {
                let mut line = String::new();
                mtcov_protocol::write::minimal(
                    &mut line,
                    crate::source_key::SourceKey::of(&input).0,
                    &mr.info().id(),
                    &describe(minimal),
                    steps,
                );
                recorder.lines(&line);
            }
            let mut failure =
                describe_failure(mr.meta(), minimal, &|mg: &mut Mg| mr.run(mg, minimal), ran);
            failure.case = Some(Case {
                seed: case_seed,
                original: describe(&input),
                shrink_steps: steps,
                replayed,
            });
            // A part of a split test does not save it: the test then runs
            // again whole, and finds and saves it as one process would.
            if !replayed
                && !self.replay
                && crate::selection::part().is_none()
                && let Some((path, key)) = &self.regressions
            {
                let comment = format!("MR `{}`: {}", mr.info().name(), failure.argument);
                if let Err(error) = regressions::save(
                    &regressions::REGRESSIONS,
                    path,
                    key,
                    &[(case_seed, comment)],
                ) {
                    eprintln!(
                        "warning: mt-runtime cannot write the regression file {}: {error}",
                        path.display()
                    );
                }
            }
            self.session.failures.push(failure);
        }
        failed
    }

    /// Shrinks the case with its value tree while `mr` keeps failing with
    /// `signature` (the same check violated, or a panic at the same place):
    /// another failure is not "still failing". Candidates run unrecorded and
    /// quietly. Returns the smallest failing input found, if smaller than
    /// the original, and the steps tried.
    fn shrink(
        &mut self,
        case_seed: u64,
        mr: Mr<S::Value>,
        signature: &Signature,
    ) -> (Option<(S::Value, Ran)>, u32) {
        let Some(mut tree) = self.tree(case_seed) else {
            return (None, 0);
        };
        let started = Instant::now();
        let mut steps = 0;
        let mut best = None;
        panics::quietly(|| {
            if !tree.simplify() {
                return;
            }
            while steps < self.config.max_shrink_iters
                && started.elapsed() < self.config.max_shrink_time
            {
                steps += 1;
                let candidate = tree.current();
                let ran = run_group(None, mr.meta(), &candidate, |mg| mr.run(mg, &candidate));
                let progressed = if ran.fails_like(signature) {
                    best = Some((candidate, ran));
                    tree.simplify()
                } else {
                    tree.complicate()
                };
                if !progressed {
                    break;
                }
            }
        });
        (best, steps)
    }
}
