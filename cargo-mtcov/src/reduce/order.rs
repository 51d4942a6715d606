//! Prioritisation: every group of a suite in the order to run them, from
//! what the run measured (no kill matrix). Several strategies, compared
//! on the study's kill matrices (`docs/study.md`); [`Strategy::DEFAULT`]
//! is the one `cargo mtcov reduce` writes to `order.txt`.

use serde::Serialize;

use super::Suite;
use super::greedy::{self, ByRank, TieBreak};
use super::instance::Instance;

/// How the groups are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Strategy {
    /// The "additional" greedy over `A_k`'s constraints until `A_k` is
    /// reached, then the rest by the total weight of constraints they
    /// touch (the first prioritisation; a baseline).
    Reach,
    /// The "additional" greedy with reset over `A_k`'s constraints, ties
    /// by what the groups are (their MR and inputs), not their numbering.
    Reset,
    /// As `Reset`, ties broken by Metamorphic Coverage (the group whose
    /// source/follow-up pairs run the most requirements differently that
    /// no group of this round did), then by diversity (the least used
    /// relation class, MR and source input so far), then by a fixed
    /// shuffle of the groups.
    ResetDiverse,
    /// The "additional" greedy with reset over every relation's own
    /// coverage (each (MR, requirement) pair once), ties as
    /// `ResetDiverse`.
    Relations,
    /// As `Relations`, each (MR, requirement) its pairs run differently
    /// being one more thing to cover.
    RelationsDiffering,
    /// Each MR's groups ordered as `RelationsDiffering` orders them among
    /// themselves, the MRs taking turns (the MR with the fewest groups
    /// so far next, ties by where its first group is in the
    /// `RelationsDiffering` order): every relation early, and each one's
    /// inputs by what they run that its earlier inputs did not.
    Interleaved,
}

impl Strategy {
    pub(crate) const ALL: [Strategy; 6] = [
        Strategy::Reach,
        Strategy::Reset,
        Strategy::ResetDiverse,
        Strategy::Relations,
        Strategy::RelationsDiffering,
        Strategy::Interleaved,
    ];

    /// The order `cargo mtcov reduce` writes and `--budget` takes from.
    pub(crate) const DEFAULT: Strategy = Strategy::Interleaved;

    pub(crate) fn name(self) -> &'static str {
        match self {
            Strategy::Reach => "A_k reach",
            Strategy::Reset => "A_k with reset",
            Strategy::ResetDiverse => "A_k with reset, MC and diversity",
            Strategy::Relations => "relations with reset",
            Strategy::RelationsDiffering => "relations and MC with reset",
            Strategy::Interleaved => "relations and MC with reset, MRs in turn",
        }
    }
}

/// What the study says of [`Strategy::DEFAULT`], printed with the order
/// (a test recounts it from `docs/study.md`'s table).
pub(crate) const STUDY_EVIDENCE: &str = "on the study's 7 subjects its APFD is at or above the mean of random orders \
     for line coverage on 7 and for 27 of 37 subject and criterion pairs";

/// Every group of `suite`, first to run first, by `strategy` at `k`.
pub(crate) fn order(suite: &Suite, k: u32, strategy: Strategy) -> Vec<u32> {
    match strategy {
        Strategy::Reach => greedy::reach_order(&Instance::new(suite, k, false)),
        Strategy::Reset => greedy::reset_order(&Instance::new(suite, k, false), &mut ByRank),
        Strategy::ResetDiverse => {
            greedy::reset_order(&Instance::new(suite, k, false), &mut Diversity::new(suite))
        }
        Strategy::Relations => greedy::reset_order(
            &Instance::relations(suite, false),
            &mut Diversity::new(suite),
        ),
        Strategy::RelationsDiffering => greedy::reset_order(
            &Instance::relations(suite, true),
            &mut Diversity::new(suite),
        ),
        Strategy::Interleaved => interleaved(suite),
    }
}

/// The order of [`Strategy::Interleaved`].
fn interleaved(suite: &Suite) -> Vec<u32> {
    let instance = Instance::relations(suite, true);
    let overall = greedy::reset_order(&instance, &mut Diversity::new(suite));
    let mrs = suite.classes.len();
    // Per MR: its rank (first group in the overall order) and its groups
    // in their own order, consumed from the back.
    let mut rank = vec![usize::MAX; mrs];
    for (i, &g) in overall.iter().enumerate() {
        let mr = suite.groups[g as usize].mr as usize;
        rank[mr] = rank[mr].min(i);
    }
    let mut queues: Vec<Vec<u32>> = (0..mrs)
        .map(|mr| {
            let among: Vec<bool> = suite.groups.iter().map(|g| g.mr as usize == mr).collect();
            let mut own = greedy::reset_order_among(&instance, &among, &mut Diversity::new(suite));
            own.retain(|&g| among[g as usize]);
            own.reverse();
            own
        })
        .collect();
    let mut taken = vec![0usize; mrs];
    let mut out = Vec::with_capacity(suite.groups.len());
    while let Some(mr) = (0..mrs)
        .filter(|&mr| !queues[mr].is_empty())
        .min_by_key(|&mr| (taken[mr], rank[mr]))
    {
        out.push(queues[mr].pop().expect("not empty"));
        taken[mr] += 1;
    }
    out
}

/// The tie-break of [`Strategy::ResetDiverse`] and [`Strategy::Relations`].
pub(crate) struct Diversity {
    /// Per group: its MR's class, its MR, its first source input.
    class: Vec<u32>,
    mr: Vec<u32>,
    input: Vec<u32>,
    /// Per group: the requirements (numbered across criteria) its pairs
    /// run differently.
    differing: Vec<Vec<u32>>,
    /// Requirements some group of this round runs differently.
    seen: Vec<bool>,
    class_uses: Vec<u64>,
    mr_uses: Vec<u64>,
    input_uses: Vec<u64>,
    /// Per group: its content key (its index when the suite has none).
    content: Vec<u64>,
}

impl Diversity {
    pub(crate) fn new(suite: &Suite) -> Self {
        let mut class_ids: Vec<&str> = suite.classes.iter().map(String::as_str).collect();
        class_ids.sort_unstable();
        class_ids.dedup();
        let class_of_mr: Vec<u32> = suite
            .classes
            .iter()
            .map(|c| class_ids.binary_search(&c.as_str()).unwrap_or(0) as u32)
            .collect();
        let mut offset = 0u32;
        let mut differing = vec![Vec::new(); suite.groups.len()];
        for criterion in &suite.criteria {
            for (g, group) in suite.groups.iter().enumerate() {
                differing[g].extend(
                    criterion
                        .differing_of(group)
                        .unwrap_or_default()
                        .iter()
                        .map(|r| r + offset),
                );
            }
            offset += criterion.requirements;
        }
        Diversity {
            class: suite
                .groups
                .iter()
                .map(|g| class_of_mr[g.mr as usize])
                .collect(),
            mr: suite.groups.iter().map(|g| g.mr).collect(),
            input: suite
                .groups
                .iter()
                .map(|g| g.sources.first().copied().unwrap_or(0))
                .collect(),
            differing,
            seen: vec![false; offset as usize],
            class_uses: vec![0; class_ids.len().max(1)],
            mr_uses: vec![0; suite.classes.len()],
            input_uses: vec![0; suite.inputs as usize],
            content: if suite.content.len() == suite.groups.len() {
                suite.content.clone()
            } else {
                (0..suite.groups.len() as u64).collect()
            },
        }
    }
}

impl TieBreak for Diversity {
    fn key(&self, g: usize) -> [u64; 5] {
        let new = self.differing[g]
            .iter()
            .filter(|&&r| !self.seen[r as usize])
            .count() as u64;
        let fewer = |uses: u64| u64::MAX - uses;
        [
            new,
            fewer(self.class_uses[self.class[g] as usize]),
            fewer(self.mr_uses[self.mr[g] as usize]),
            fewer(
                self.input_uses
                    .get(self.input[g] as usize)
                    .copied()
                    .unwrap_or(0),
            ),
            // Last, a fixed shuffle of what the group is: the order inputs
            // and MRs were declared in is no evidence, and the numbering
            // of the run or of a kill matrix is none either.
            scatter(self.content[g]),
        ]
    }

    fn chosen(&mut self, g: usize) {
        for &r in &self.differing[g] {
            self.seen[r as usize] = true;
        }
        self.class_uses[self.class[g] as usize] += 1;
        self.mr_uses[self.mr[g] as usize] += 1;
        if let Some(uses) = self.input_uses.get_mut(self.input[g] as usize) {
            *uses += 1;
        }
    }

    fn reset(&mut self) {
        self.seen.fill(false);
    }
}

/// A fixed permutation-like hash of a group's content key.
fn scatter(g: u64) -> u64 {
    mtcov_protocol::splitmix::scatter(g)
}
