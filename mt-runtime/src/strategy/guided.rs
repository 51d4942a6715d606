//! Adequacy-guided generation: under `cargo mtcov` (an instrumented
//! build), draw cases while they reach code no earlier case reached, keep
//! only those as the source pool, and save them as a corpus that every
//! later run (plain `cargo test` too) replays instead of drawing.

use super::{Run, regressions, seed};
use crate::coverage;
use crate::describe::describe;
use crate::mg::{Mg, Verdict};
use crate::panics;
use proptest::strategy::{Strategy, ValueTree};
use std::collections::HashSet;
use std::fmt::Debug;
use std::path::PathBuf;

/// How guided generation draws its cases.
///
/// Each draw runs every MR once, unrecorded, with the coverage of its
/// source executions probed. It is kept when some function it ran shows a
/// pattern no kept case showed: another set of non-zero counters, or a
/// counter in another hit-count bucket (1, 2, 3, 4-7, .., 128+), so that a
/// branch without a counter of its own (an `else`) counts too. A draw whose
/// MRs fail is kept as well. Drawing stops after `budget` draws, or after
/// `patience` draws in a row that added nothing. The kept cases then run
/// as the source pool (recorded under `cargo mtcov`) and are saved in
/// `mtcov-corpus/<test file stem>.txt` next to the test; a run that finds
/// the test's lines there replays them instead of drawing, with or without
/// coverage. Without coverage and without a corpus, `Config::cases` random
/// cases run instead, and a note says so.
///
/// Everything depends on the seed and the code only (no time limit), so
/// the corpus is the same on every machine.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Guided {
    /// Draws at most.
    pub budget: u32,
    /// Stop after this many draws in a row that reached nothing new.
    pub patience: u32,
    /// Read and write the corpus file.
    pub corpus: bool,
}

impl Guided {
    /// At most `budget` draws, patience as large as the budget, with a corpus.
    pub fn new(budget: u32) -> Guided {
        Guided {
            budget,
            patience: budget,
            corpus: true,
        }
    }

    /// Stop after `patience` draws in a row that reached nothing new.
    pub fn patience(self, patience: u32) -> Guided {
        Guided { patience, ..self }
    }
}

impl<S> Run<'_, S>
where
    S: Strategy,
    S::Value: Debug + 'static,
{
    pub(super) fn guided(&mut self, guided: &Guided, corpus: Option<(PathBuf, String)>) {
        if let Some((path, key)) = &corpus {
            let saved = regressions::load(path, key);
            if !saved.is_empty() {
                self.generation.from_corpus = saved.len();
                self.run_cases(&saved);
                return;
            }
        }
        if !coverage::can_probe() {
            let whence = corpus
                .as_ref()
                .map_or_else(String::new, |(path, _)| format!(" in {}", path.display()));
            eprintln!(
                "note: mt-runtime's guided generation needs coverage to choose its cases (run the \
                 tests under `cargo mtcov`) and found no corpus{whence}: running {} random cases",
                self.config.cases
            );
            self.random(self.config.cases);
            return;
        }
        let kept = self.draw(guided);
        // Every part of a split test draws the same cases: one saves them.
        let saves = !self.replay && crate::selection::part().is_none_or(|(part, _)| part == 0);
        if let Some((path, key)) = corpus.as_ref().filter(|_| saves) {
            let lines: Vec<(u64, String)> = kept
                .iter()
                .filter_map(|&case| Some((case, describe(&self.tree(case)?.current()))))
                .collect();
            if let Err(error) = regressions::save(&regressions::CORPUS, path, key, &lines) {
                eprintln!(
                    "warning: mt-runtime cannot write the corpus {}: {error}",
                    path.display()
                );
            }
        }
        self.run_cases(&kept);
    }

    /// The recorded run of the chosen cases; stops at the first failing one
    /// (not when replaying a baseline's cases).
    pub(super) fn run_cases(&mut self, cases: &[u64]) {
        for &case in cases {
            self.generation.generated += 1;
            self.drawn.push(case);
            if self.case(case, false) && !self.replay {
                break;
            }
        }
    }

    /// Draws cases, probing their coverage unrecorded; returns the seeds of
    /// those kept.
    fn draw(&mut self, guided: &Guided) -> Vec<u64> {
        let mut seen: HashSet<u64> = HashSet::new();
        let mut kept = Vec::new();
        let mut idle = 0;
        let mut patterns = Vec::new();
        for index in 0..u64::from(guided.budget) {
            let case = seed::case(self.generation.seed, index);
            let Some(tree) = self.tree(case) else {
                continue;
            };
            let input = tree.current();
            self.generation.drawn += 1;
            patterns.clear();
            let mut failed = false;
            for &mr in self.mrs {
                let mut mg = Mg::unrecorded();
                mg.rare().probe = Some(std::mem::take(&mut patterns));
                let verdict = match panics::quietly(|| panics::catch(|| mr.run(&mut mg, &input))) {
                    Ok(()) => mg.verdict(),
                    Err(caught) => Verdict::Panicked(caught.message),
                };
                failed |= matches!(verdict, Verdict::Violated | Verdict::Panicked(_));
                patterns = mg.rare().probe.take().unwrap_or_default();
            }
            let mut new = false;
            for &pattern in &patterns {
                new |= seen.insert(pattern);
            }
            if new || failed {
                kept.push(case);
                idle = 0;
            } else {
                idle += 1;
                if idle >= guided.patience {
                    break;
                }
            }
        }
        self.generation.kept = kept.len();
        kept
    }
}
