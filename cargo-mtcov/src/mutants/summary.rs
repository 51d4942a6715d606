//! The kill matrix summarised: counts and score, kills per MR, class and
//! source input, survivors with what their `K` says, and its text.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::Serialize;

use super::matrix::Matrix;
use super::verdict::MutantStatus;
use crate::escape::{self, terminal};

/// What `cargo mtcov mutants` prints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct MatrixSummary {
    pub(crate) mutants: usize,
    pub(crate) killed: usize,
    pub(crate) timeout: usize,
    pub(crate) survived: usize,
    pub(crate) unviable: usize,
    /// Mutants in code the tested configuration does not compile: not run,
    /// left out of the score and the study.
    pub(crate) not_built: usize,
    /// `killed / (killed + timeout + survived)`; `None` without viable mutants.
    pub(crate) score: Option<f64>,
    pub(crate) classes: Vec<KillRow>,
    pub(crate) mrs: Vec<KillRow>,
    /// MRs (ids) with MGs in the baseline that kill no mutant.
    pub(crate) mrs_killing_nothing: Vec<String>,
    /// Source inputs by mutants killed, most first.
    pub(crate) sources: Vec<SourceKills>,
    pub(crate) survivors: Vec<Survivor>,
    pub(crate) unviable_mutants: Vec<Unviable>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct KillRow {
    pub(crate) name: String,
    /// The MR's class (empty for a class row).
    pub(crate) class: String,
    pub(crate) killed: usize,
    /// Killed by this one and no other (MR, or class).
    pub(crate) alone: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct SourceKills {
    pub(crate) debug: String,
    pub(crate) killed: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Survivor {
    pub(crate) name: String,
    pub(crate) line_k: Option<f64>,
    /// What it points at.
    pub(crate) hint: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Unviable {
    pub(crate) name: String,
    pub(crate) reason: String,
}

impl Matrix {
    pub(crate) fn summary(&self) -> MatrixSummary {
        let count = |s: MutantStatus| self.mutants.iter().filter(|m| m.status == s).count();
        let (killed, timeout, survived, unviable, not_built) = (
            count(MutantStatus::Killed),
            count(MutantStatus::Timeout),
            count(MutantStatus::Survived),
            count(MutantStatus::Unviable),
            count(MutantStatus::NotBuilt),
        );
        let viable = killed + timeout + survived;
        let killers = Killers::of(self);
        let in_baseline: BTreeSet<u32> = self.groups.iter().map(|g| g.mr).collect();
        let mrs_killing_nothing = self
            .mrs
            .iter()
            .enumerate()
            .filter(|(i, _)| killers.by_mr[*i].is_empty() && in_baseline.contains(&(*i as u32)))
            .map(|(_, mr)| mr.id.clone())
            .collect();
        let mut sources: Vec<SourceKills> = self
            .sources
            .iter()
            .zip(&killers.by_source)
            .map(|(s, k)| SourceKills {
                debug: s.debug.clone(),
                killed: k.len(),
            })
            .collect();
        sources.sort_by(|a, b| b.killed.cmp(&a.killed).then_with(|| a.debug.cmp(&b.debug)));
        let unviable_mutants = self
            .mutants
            .iter()
            .filter(|m| m.status == MutantStatus::Unviable)
            .map(|m| Unviable {
                name: m.name.clone(),
                reason: m.reason.clone().unwrap_or_default(),
            })
            .collect();
        MatrixSummary {
            mutants: self.mutants.len(),
            killed,
            timeout,
            survived,
            unviable,
            not_built,
            score: (viable > 0).then(|| killed as f64 / viable as f64),
            classes: killers.class_rows(),
            mrs: killers.mr_rows(self),
            mrs_killing_nothing,
            sources,
            survivors: self.survivors(),
            unviable_mutants,
        }
    }

    /// The surviving mutants, lowest line K first, each with what its K
    /// says to do.
    fn survivors(&self) -> Vec<Survivor> {
        let mut survivors: Vec<Survivor> = self
            .mutants
            .iter()
            .filter(|m| m.status == MutantStatus::Survived)
            .map(|m| Survivor {
                name: m.name.clone(),
                line_k: m.line_k,
                hint: match m.line_k {
                    None => "its lines are not measured (no coverage region maps to them: a constant or a static, or a file out of scope)",
                    Some(0.0) => {
                        "K = 0: no source input with a checked relation reaches it; add a source input that does"
                    }
                    Some(k) if k < 1.0 => {
                        "0 < K < 1: too few relation classes check the inputs reaching it; add relations of new classes"
                    }
                    Some(_) => {
                        "K = 1: enough relations check the inputs reaching it, yet none sees the change; the relations there are weak"
                    }
                },
            })
            .collect();
        survivors.sort_by(|a, b| {
            a.line_k
                .unwrap_or(-1.0)
                .total_cmp(&b.line_k.unwrap_or(-1.0))
                .then_with(|| a.name.cmp(&b.name))
        });
        survivors
    }
}

/// Who killed what: the mutants each MR, class and source input killed,
/// and each mutant's killing MRs and classes.
struct Killers<'m> {
    by_mr: Vec<BTreeSet<usize>>,
    classes: BTreeMap<&'m str, BTreeSet<usize>>,
    killers_mr: Vec<BTreeSet<u32>>,
    killers_class: Vec<BTreeSet<&'m str>>,
    by_source: Vec<BTreeSet<usize>>,
}

impl<'m> Killers<'m> {
    fn of(matrix: &'m Matrix) -> Self {
        let mut killers = Killers {
            by_mr: vec![BTreeSet::new(); matrix.mrs.len()],
            classes: matrix
                .mrs
                .iter()
                .map(|mr| (mr.class.as_str(), BTreeSet::new()))
                .collect(),
            killers_mr: vec![BTreeSet::new(); matrix.mutants.len()],
            killers_class: vec![BTreeSet::new(); matrix.mutants.len()],
            by_source: vec![BTreeSet::new(); matrix.sources.len()],
        };
        for (m, mutant) in matrix.mutants.iter().enumerate() {
            for &g in &mutant.killed_by {
                let group = &matrix.groups[g as usize];
                let mr = group.mr as usize;
                killers.by_mr[mr].insert(m);
                let class = matrix.mrs[mr].class.as_str();
                killers.classes.entry(class).or_default().insert(m);
                killers.killers_mr[m].insert(group.mr);
                killers.killers_class[m].insert(class);
                for &s in &group.sources {
                    killers.by_source[s as usize].insert(m);
                }
            }
        }
        killers
    }

    /// Per MR, the mutants it killed and those it alone killed; most first.
    fn mr_rows(&self, matrix: &Matrix) -> Vec<KillRow> {
        let mut rows: Vec<KillRow> = matrix
            .mrs
            .iter()
            .enumerate()
            .map(|(i, mr)| KillRow {
                name: mr.id.clone(),
                class: mr.class.clone(),
                killed: self.by_mr[i].len(),
                alone: self.by_mr[i]
                    .iter()
                    .filter(|&&m| self.killers_mr[m].len() == 1)
                    .count(),
            })
            .collect();
        rows.sort_by(|a, b| b.killed.cmp(&a.killed).then_with(|| a.name.cmp(&b.name)));
        rows
    }

    /// The same per relation class.
    fn class_rows(&self) -> Vec<KillRow> {
        let mut rows: Vec<KillRow> = self
            .classes
            .iter()
            .map(|(name, killed)| KillRow {
                name: (*name).to_owned(),
                class: String::new(),
                killed: killed.len(),
                alone: killed
                    .iter()
                    .filter(|&&m| self.killers_class[m].len() == 1)
                    .count(),
            })
            .collect();
        rows.sort_by(|a, b| b.killed.cmp(&a.killed).then_with(|| a.name.cmp(&b.name)));
        rows
    }
}

impl MatrixSummary {
    /// `N mutants: k killed, s survived, ...`, for every format.
    pub(crate) fn counts(&self) -> String {
        format!(
            "{} mutants: {} killed, {} survived, {} timeout, {} unviable, {} not built",
            self.mutants, self.killed, self.survived, self.timeout, self.unviable, self.not_built
        )
    }
}

/// How many source inputs the text lists.
const TOP_SOURCES: usize = 10;

pub(crate) fn render_text(summary: &MatrixSummary) -> String {
    let mut out = String::new();
    let score = summary
        .score
        .map_or("n/a".to_owned(), |s| format!("{:.1}%", s * 100.0));
    let _ = writeln!(
        out,
        "Mutation score of the metamorphic tests: {score} ({} killed of {} viable mutants)",
        summary.killed,
        summary.killed + summary.timeout + summary.survived
    );
    let _ = writeln!(out, "{}\n", summary.counts());
    let width = |rows: &[KillRow]| {
        rows.iter()
            .map(|r| escape::width(&terminal(&r.name)))
            .max()
            .unwrap_or(0)
            .max(5)
    };
    let w = width(&summary.classes);
    let _ = writeln!(out, "{:<w$}  {:>6}  {:>5}", "Class", "Killed", "Alone");
    for row in &summary.classes {
        let _ = writeln!(
            out,
            "{}  {:>6}  {:>5}",
            escape::pad(&terminal(&row.name), w),
            row.killed,
            row.alone
        );
    }
    let w = width(&summary.mrs);
    let _ = writeln!(
        out,
        "\n{:<w$}  {:>6}  {:>5}  Class",
        "MR", "Killed", "Alone"
    );
    for row in &summary.mrs {
        let _ = writeln!(
            out,
            "{}  {:>6}  {:>5}  {}",
            escape::pad(&terminal(&row.name), w),
            row.killed,
            row.alone,
            terminal(&row.class)
        );
    }
    if !summary.mrs_killing_nothing.is_empty() {
        let _ = writeln!(
            out,
            "\nMRs that kill no mutant: {}",
            terminal(&summary.mrs_killing_nothing.join(", "))
        );
    }
    let _ = writeln!(
        out,
        "\nSource inputs by mutants killed (top {} of {}):",
        TOP_SOURCES.min(summary.sources.len()),
        summary.sources.len()
    );
    for source in summary.sources.iter().take(TOP_SOURCES) {
        let _ = writeln!(out, "  {:>4}  {}", source.killed, terminal(&source.debug));
    }
    if !summary.survivors.is_empty() {
        let _ = writeln!(
            out,
            "\nSurviving mutants, by K of their line ({}):",
            summary.survivors.len()
        );
        for s in &summary.survivors {
            let k = s
                .line_k
                .map_or("K = -".to_owned(), |k| format!("K = {k:.2}"));
            let _ = writeln!(out, "  {k}  {}\n            {}", terminal(&s.name), s.hint);
        }
    }
    if !summary.unviable_mutants.is_empty() {
        let _ = writeln!(
            out,
            "\nUnviable mutants ({}):",
            summary.unviable_mutants.len()
        );
        for u in &summary.unviable_mutants {
            let _ = writeln!(
                out,
                "  {}\n            {}",
                terminal(&u.name),
                terminal(&u.reason)
            );
        }
    }
    out
}
