//! The kill matrix as saved in `<target>/mtcov/mutants.json` (everything
//! `cargo mtcov study` needs: MRs, source inputs, the baseline's MGs, what
//! each source input covered per criterion, and each mutant's killers).
//! `Matrix::save` and the loaders read and write that file (a versioned
//! JSON, through `versioned`); the rest is data. `summary` turns it into
//! what a user reads.

use serde::{Deserialize, Serialize};

use super::verdict::MutantStatus;

/// Version of the `mutants.json` format.
pub(crate) const MATRIX_VERSION: u32 = 2;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Matrix {
    pub(crate) version: u32,
    /// The k of the survivors' `K`.
    pub(crate) k: u32,
    pub(crate) mrs: Vec<MrEntry>,
    pub(crate) sources: Vec<SourceEntry>,
    /// The baseline's MGs that held: the rows.
    pub(crate) groups: Vec<GroupEntry>,
    pub(crate) criteria: Vec<CriterionEntry>,
    /// The columns.
    pub(crate) mutants: Vec<MutantEntry>,
    pub(crate) cost: Cost,
    /// What the float checks of the baseline saw, per MR and call site
    /// (`cargo mtcov tolerance --mutants`); empty in matrices made before
    /// they were recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) checks: Vec<crate::tolerance::Observed>,
    /// Set on the matrix of one shard (`--shard K/N`), which holds only
    /// that shard's mutants; `cargo mtcov mutants --merge` makes the whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) shard: Option<super::shard::ShardInfo>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct MrEntry {
    pub(crate) id: String,
    pub(crate) class: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SourceEntry {
    pub(crate) key: String,
    pub(crate) debug: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GroupEntry {
    /// Index into `mrs`.
    pub(crate) mr: u32,
    /// Indices into `sources`.
    pub(crate) sources: Vec<u32>,
}

/// What each source input covered, for one criterion of the baseline's
/// instrumented run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CriterionEntry {
    pub(crate) criterion: String,
    pub(crate) requirements: u32,
    /// Per source input (as `sources`), sorted requirement indices.
    pub(crate) covered: Vec<Vec<u32>>,
    /// Per (source input, MR) whose source executions ran: what that
    /// MR's own executions of the input covered. A relation counts only
    /// for the code it ran (`docs/measure.md`).
    pub(crate) executions: Vec<ExecutionEntry>,
    /// Per (first source input, MR) with source/follow-up pairs: the
    /// requirements they ran differently (Metamorphic Coverage); empty in
    /// matrices made before it was recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) differing: Vec<ExecutionEntry>,
}

/// What one MR's source executions of one source input covered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ExecutionEntry {
    /// Index into `sources`.
    pub(crate) source: u32,
    /// Index into `mrs`.
    pub(crate) mr: u32,
    /// Sorted requirement indices.
    pub(crate) covered: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct MutantEntry {
    pub(crate) name: String,
    pub(crate) package: String,
    pub(crate) file: String,
    pub(crate) line: u32,
    pub(crate) genre: String,
    pub(crate) status: MutantStatus,
    /// Why it does not build; for a mutant killed with no group in
    /// `killed_by`, the test process that killed it (failed or aborted
    /// before any group was violated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    /// Groups that killed it (violated or panicked under it; a group that
    /// did not run never counts).
    pub(crate) killed_by: Vec<u32>,
    /// Groups not run because a test process hung.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) timed_out: Vec<u32>,
    /// Groups not recorded: their process died first, or the mutant
    /// changed which inputs the tests make.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) not_run: Vec<u32>,
    /// `K` of its lines in the baseline (line criterion, at `k`; the
    /// largest over the lines of its span); `None` when none of them is a
    /// requirement (no code, or out of scope).
    pub(crate) line_k: Option<f64>,
    pub(crate) seconds: f64,
    /// What its comparisons saw at each check site of `checks` that ran.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) checks: Vec<crate::tolerance::mutants::MutantCheck>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Cost {
    pub(crate) jobs: usize,
    pub(crate) baseline_seconds: f64,
    pub(crate) timeout_seconds: f64,
    pub(crate) total_seconds: f64,
}

impl Cost {
    /// What a run `started` then cost, on `jobs` scratch copies, with its
    /// plain baseline's build and test time and timeout.
    pub(crate) fn of(jobs: usize, baseline: &super::Baseline, started: std::time::Instant) -> Cost {
        Cost {
            jobs,
            baseline_seconds: (baseline.build_time + baseline.test_time).as_secs_f64(),
            timeout_seconds: baseline.timeout.as_secs_f64(),
            total_seconds: started.elapsed().as_secs_f64(),
        }
    }
}

/// `mutants.json` and the shards' matrices, as files.
const KIND: crate::versioned::Kind = crate::versioned::Kind {
    what: "a kill matrix",
    field: "version",
    version: MATRIX_VERSION,
    remedy: "rerun `cargo mtcov mutants`",
};

impl Matrix {
    /// Written whole, then renamed: a study never reads half a matrix.
    pub(crate) fn save(&self, path: &std::path::Path) -> anyhow::Result<()> {
        crate::versioned::save(path, self, false)
    }

    /// The matrix at `path`, whole or one shard's.
    pub(crate) fn load(path: &std::path::Path) -> anyhow::Result<Matrix> {
        crate::versioned::load(path, &KIND, || {
            format!("no kill matrix at {}", path.display())
        })
    }

    /// The whole matrix at `path` (not one shard's), or why it cannot be
    /// used.
    pub(crate) fn load_whole(path: &std::path::Path) -> anyhow::Result<Matrix> {
        let matrix: Matrix = crate::versioned::load(path, &KIND, || {
            format!(
                "no kill matrix at {}: run `cargo mtcov mutants` first (or give --matrix PATH)",
                path.display()
            )
        })?;
        if let Some(shard) = matrix.shard {
            anyhow::bail!(
                "{} is the matrix of shard {}/{} only: merge all {} shards first (`cargo mtcov mutants --merge <shard matrices>`)",
                path.display(),
                shard.k,
                shard.n,
                shard.n
            );
        }
        Ok(matrix)
    }

    /// Each mutant's row, for `tolerance::mutants::against_matrix`.
    pub(crate) fn mutant_views(&self) -> Vec<crate::tolerance::mutants::MutantRow<'_>> {
        self.mutants
            .iter()
            .filter(|m| !matches!(m.status, MutantStatus::Unviable | MutantStatus::NotBuilt))
            .map(|m| crate::tolerance::mutants::MutantRow {
                name: &m.name,
                killed: m.status == MutantStatus::Killed,
                checks: &m.checks,
            })
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::mutants::summary::{SourceKills, render_text};

    /// Two MRs of two classes over three inputs; mutant 0 killed by both
    /// MRs, mutant 1 by `b` alone, mutant 2 survives at K = 1, mutant 3
    /// does not build.
    pub(crate) fn small() -> Matrix {
        let mutant = |name: &str, status, killed_by: Vec<u32>, line_k| MutantEntry {
            name: name.into(),
            package: "p".into(),
            file: "src/lib.rs".into(),
            line: 1,
            genre: "BinaryOperator".into(),
            status,
            reason: (status == MutantStatus::Unviable).then(|| "error[E0308]".into()),
            killed_by,
            timed_out: Vec::new(),
            not_run: Vec::new(),
            line_k,
            seconds: 1.0,
            checks: Vec::new(),
        };
        Matrix {
            checks: Vec::new(),
            version: MATRIX_VERSION,
            k: 2,
            mrs: vec![
                MrEntry {
                    id: "a".into(),
                    class: "equal".into(),
                },
                MrEntry {
                    id: "b".into(),
                    class: "order".into(),
                },
            ],
            sources: ["1", "2", "3"]
                .map(|d| SourceEntry {
                    key: d.into(),
                    debug: d.into(),
                })
                .to_vec(),
            groups: vec![
                GroupEntry {
                    mr: 0,
                    sources: vec![0],
                },
                GroupEntry {
                    mr: 1,
                    sources: vec![0],
                },
                GroupEntry {
                    mr: 1,
                    sources: vec![1],
                },
                GroupEntry {
                    mr: 0,
                    sources: vec![2],
                },
            ],
            criteria: vec![CriterionEntry {
                criterion: "line".into(),
                requirements: 3,
                covered: vec![vec![0, 1], vec![1, 2], vec![2]],
                // One SUT: each MR's executions cover what the input covers.
                executions: [
                    (0, 0, vec![0, 1]),
                    (0, 1, vec![0, 1]),
                    (1, 1, vec![1, 2]),
                    (2, 0, vec![2]),
                ]
                .map(|(source, mr, covered)| ExecutionEntry {
                    source,
                    mr,
                    covered,
                })
                .to_vec(),
                // MR a's pair on input 1 ran requirement 1 differently.
                differing: vec![ExecutionEntry {
                    source: 0,
                    mr: 0,
                    covered: vec![1],
                }],
            }],
            mutants: vec![
                mutant("m0", MutantStatus::Killed, vec![0, 1], Some(1.0)),
                mutant("m1", MutantStatus::Killed, vec![2], Some(1.0)),
                mutant("m2", MutantStatus::Survived, vec![], Some(1.0)),
                mutant("m3", MutantStatus::Unviable, vec![], None),
            ],
            shard: None,
            cost: Cost {
                jobs: 1,
                baseline_seconds: 1.0,
                timeout_seconds: 10.0,
                total_seconds: 4.0,
            },
        }
    }

    #[test]
    fn summary_counts_kills_alone_and_survivors() {
        let s = small().summary();
        assert_eq!((s.killed, s.survived, s.unviable, s.timeout), (2, 1, 1, 0));
        assert_eq!(s.score, Some(2.0 / 3.0));
        let b = s.mrs.iter().find(|r| r.name == "b").unwrap();
        assert_eq!((b.killed, b.alone), (2, 1));
        let a = s.mrs.iter().find(|r| r.name == "a").unwrap();
        assert_eq!((a.killed, a.alone), (1, 0));
        assert!(s.mrs_killing_nothing.is_empty());
        assert_eq!(
            s.sources[0],
            SourceKills {
                debug: "1".into(),
                killed: 1
            }
        );
        assert_eq!(s.survivors.len(), 1);
        assert!(s.survivors[0].hint.starts_with("K = 1"));
        let text = render_text(&s);
        assert!(
            text.contains("66.7% (2 killed of 3 viable mutants)"),
            "{text}"
        );
        assert!(text.contains("error[E0308]"), "{text}");
        let mut hostile = small();
        hostile.sources[0].debug = "\u{1b}[31mred\u{202e}".into();
        let text = render_text(&hostile.summary());
        assert!(text.contains("\\u{1b}[31mred\\u{202e}"), "{text}");
        assert!(!text.contains('\u{1b}'), "an escape reaches the terminal");
    }

    #[test]
    fn the_matrix_reads_back() {
        let m = small();
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Matrix>(&json).unwrap(), m);
    }
}
