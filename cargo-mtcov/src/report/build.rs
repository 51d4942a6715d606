//! From measured data to a [`Report`].

use std::collections::BTreeMap;

use mtcov_protocol::MrDescription;

use anyhow::{Context, ensure};

use crate::measure::{
    ClassIdx, CriterionMeasure, InputIdx, MrIdx, Pool, ReqIdx, SourceRelations, measure,
};
use crate::model::{SourceFunction, SourceInfo, TestSpans};

use super::functions::Functions;
use super::{
    ClassEntry, CriterionInput, CriterionReport, FileRow, FirstUseOnly, GapGroup, Location,
    MetamorphicClass, MetamorphicCoverage, MetamorphicInput, MetamorphicMr, PatchCriterion,
    PatchGap, PatchReport, PatchSummary, Report, ReportInput, RequirementK, SourceEntry, Summary,
    Totals, WithoutShared, gaps,
};
use crate::patch::ChangedLines;

/// Measures every criterion of `input` at its `k` and assembles the
/// report: summaries, per-file rows, ranked gaps, dead MRs, per-input
/// `S_RO`. Fails when the names do not line up with the pool (one
/// `MrDescription` per MR, one [`SourceInfo`](crate::model::SourceInfo)
/// per input, one [`Location`] per requirement) or when `k` is 0.
pub fn build(input: ReportInput<'_>) -> anyhow::Result<Report> {
    let ReportInput {
        k,
        counting,
        pool,
        mrs,
        sources,
        functions,
        tests_ran,
        criteria,
        violations,
        satisfaction,
        unclassified,
        failed_tests,
        patch,
        suggestions,
        stopped_draws,
        captures,
    } = input;
    ensure!(
        mrs.len() == pool.num_mrs() as usize,
        "{} MR descriptions for {} registered MRs: pass one MrDescription per pool MR, in pool order",
        mrs.len(),
        pool.num_mrs()
    );
    ensure!(
        sources.len() == pool.num_inputs() as usize,
        "{} source descriptions for {} source inputs: pass one SourceInfo per pool input, in pool order",
        sources.len(),
        pool.num_inputs()
    );
    let relations = pool
        .source_relations(counting)
        .with_satisfaction(satisfaction);
    let mr_refs = mrs;
    let (source_entries, class_inputs) = source_entries(pool, &relations, sources, mrs);

    let per = PerCriterion {
        pool,
        relations: &relations,
        mrs,
        sources: &source_entries,
        functions,
        tests_ran,
        k,
    };
    let mut reports = Vec::with_capacity(criteria.len());
    let mut patch_criteria = Vec::new();
    for c in criteria {
        let (report, in_patch) = per.report(c, patch)?;
        reports.push(report);
        patch_criteria.extend(in_patch);
    }

    Ok(Report {
        k,
        counting,
        satisfaction,
        totals: Totals {
            mrs: pool.num_mrs(),
            classes: pool.num_classes(),
            source_inputs: pool.num_inputs(),
            associations: pool.num_associations(),
            violations: violations.len() as u32,
        },
        criteria: reports,
        classes: classes(pool, &class_inputs),
        dead_mrs: pool
            .dead_mrs()
            .into_iter()
            .map(|m| mr_refs[m.0 as usize].clone())
            .collect(),
        violations,
        sources: source_entries,
        functions: functions.to_vec(),
        unclassified_outputs: unclassified,
        failed_tests,
        suggestions,
        stopped_draws,
        captures,
        float_checks: Vec::new(),
        affected: None,
        patch: patch.map(|changed| PatchReport {
            base: changed.base.clone(),
            files: changed.files.len() as u32,
            lines: changed.num_lines() as u32,
            criteria: patch_criteria,
        }),
    })
}

/// What every criterion's report is made of besides its own input.
struct PerCriterion<'a> {
    pool: &'a Pool,
    relations: &'a SourceRelations,
    mrs: &'a [MrDescription],
    sources: &'a [SourceEntry],
    functions: &'a [SourceFunction],
    tests_ran: &'a [TestSpans],
    k: u32,
}

impl PerCriterion<'_> {
    /// One criterion measured and reported, with its part of the patch.
    fn report(
        &self,
        c: CriterionInput<'_>,
        patch: Option<&ChangedLines>,
    ) -> anyhow::Result<(CriterionReport, Option<PatchCriterion>)> {
        let (pool, relations, mrs, sources, functions, k) = (
            self.pool,
            self.relations,
            self.mrs,
            self.sources,
            self.functions,
            self.k,
        );
        ensure!(
            c.locations.len() == c.coverage.num_requirements() as usize,
            "{} criterion: {} locations for {} requirements; pass one Location per requirement",
            c.criterion,
            c.locations.len(),
            c.coverage.num_requirements()
        );
        ensure!(
            c.runs.map_or(true, |runs| runs.len() == c.locations.len()),
            "{} criterion: execution counts for {} requirements, not {}",
            c.criterion,
            c.runs.map_or(0, <[u64]>::len),
            c.locations.len()
        );
        let m = measure(pool, relations, c.coverage, k)
            .with_context(|| format!("measuring {} coverage at k = {k}", c.criterion))?;
        let in_functions = Functions::new(
            if c.criterion.is_black_box() {
                &[]
            } else {
                functions
            },
            &m,
            &c,
            pool,
        )
        .with_tests(self.tests_ran);
        let gaps = gaps::rank(
            &m,
            &c,
            &gaps::Context {
                criterion: c.criterion,
                pool,
                mrs,
                sources,
                functions: &in_functions,
            },
        );
        let in_patch = patch
            .filter(|_| !c.criterion.is_black_box())
            .map(|changed| patch_criterion(&m, c.criterion, c.locations, changed, &gaps));
        let first_use_only = first_use_only(m.summary(), &gaps, k);
        let report = CriterionReport {
            criterion: c.criterion,
            summary: m.summary().cloned(),
            // Black-box requirements are not in source files.
            files: if c.criterion.is_black_box() {
                Vec::new()
            } else {
                file_rows(&m, c.locations)
            },
            functions: in_functions.rows(&m, pool, mrs),
            gaps,
            requirements: requirement_ks(
                &m,
                c.locations,
                &c.coverage.covering_inputs(),
                c.runs.ok(),
            ),
            metamorphic_coverage: c
                .metamorphic
                .and_then(|input| metamorphic_coverage(input, mrs, c.locations.len())),
            without_shared: match c.clean {
                Some(clean) => without_shared(&m, pool, relations, clean, k, c.locations)?,
                None => None,
            },
            first_use_only,
            runs_unknown: c.runs.err().map(str::to_owned),
        };
        Ok((report, in_patch))
    }
}

/// Each source input's entry (its `S_RO`, classes and MRs), and per
/// class how many source inputs were checked with it.
fn source_entries(
    pool: &Pool,
    relations: &SourceRelations,
    sources: &[SourceInfo],
    mrs: &[MrDescription],
) -> (Vec<SourceEntry>, Vec<u32>) {
    // Per class, how many source inputs were checked with it.
    let mut class_inputs = vec![0u32; pool.num_classes() as usize];
    let entries: Vec<SourceEntry> = sources
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let t = InputIdx(i as u32);
            let classes = pool.classes_of(t);
            for c in &classes {
                class_inputs[c.0 as usize] += 1;
            }
            SourceEntry {
                key: s.key.clone(),
                debug: s.debug.clone(),
                s_ro: relations.size(t),
                classes: classes
                    .iter()
                    .map(|&c| pool.class_name(c).to_owned())
                    .collect(),
                mrs: pool
                    .mrs_of(t)
                    .iter()
                    .map(|m| mrs[m.0 as usize].id.clone())
                    .collect(),
            }
        })
        .collect();
    (entries, class_inputs)
}

/// One criterion restricted to the requirements on changed lines.
fn patch_criterion(
    m: &CriterionMeasure,
    criterion: crate::model::Criterion,
    locations: &[Location],
    changed: &ChangedLines,
    gaps: &[super::GapGroup],
) -> PatchCriterion {
    let k = m.k();
    let in_patch: Vec<usize> = locations
        .iter()
        .enumerate()
        .filter(|(_, l)| changed.touches(&l.file, l.line_start, l.line_end))
        .map(|(i, _)| i)
        .collect();
    let mut group_of: BTreeMap<u32, usize> = BTreeMap::new();
    for (g, group) in gaps.iter().enumerate() {
        for &r in &group.members {
            group_of.insert(r, g);
        }
    }
    let mut numerator = 0u64;
    let (mut covered, mut full) = (0u32, 0u32);
    let mut patch_gaps = Vec::new();
    for &i in &in_patch {
        let r = ReqIdx(i as u32);
        let have = m.best_size(r).min(k);
        numerator += u64::from(have);
        covered += u32::from(m.is_covered(r));
        full += u32::from(have == k);
        if have < k {
            patch_gaps.push(PatchGap {
                location: locations[i].clone(),
                k: m.k_value(r),
                advice: group_of
                    .get(&(i as u32))
                    .map(|&g| gaps[g].advice.clone())
                    .unwrap_or_default(),
            });
        }
    }
    let n = in_patch.len() as u64;
    PatchCriterion {
        criterion,
        summary: (n > 0).then(|| PatchSummary {
            requirements: n as u32,
            covered,
            full,
            a_k: numerator as f64 / (f64::from(k) * n as f64),
            a_k_numerator: numerator,
            a_k_denominator: u64::from(k) * n,
        }),
        gaps: patch_gaps,
    }
}

/// The measure from `clean` (the executions no other thread ran during),
/// and the requirements whose `K` drops without the others.
/// The requirements of the `first_use` gaps, and `A_k` over the others;
/// `None` when there are none.
fn first_use_only(summary: Option<&Summary>, gaps: &[GapGroup], k: u32) -> Option<FirstUseOnly> {
    let summary = summary?;
    let requirements: u32 = gaps
        .iter()
        .filter(|g| g.first_use_only())
        .map(|g| g.requirements)
        .sum();
    if requirements == 0 {
        return None;
    }
    let denominator = u64::from(k) * u64::from(summary.requirements - requirements);
    Some(FirstUseOnly {
        requirements,
        a_k_coverable: if denominator == 0 {
            0.0
        } else {
            summary.a_k_numerator as f64 / denominator as f64
        },
        a_k_coverable_numerator: summary.a_k_numerator,
        a_k_coverable_denominator: denominator,
    })
}

fn without_shared(
    m: &CriterionMeasure,
    pool: &crate::measure::Pool,
    relations: &crate::measure::SourceRelations,
    clean: &crate::measure::Coverage,
    k: u32,
    locations: &[Location],
) -> anyhow::Result<Option<WithoutShared>> {
    let lower = measure(pool, relations, clean, k)?;
    let Some(summary) = lower.summary() else {
        return Ok(None);
    };
    let requirements = (0..locations.len())
        .filter(|&r| {
            let r = ReqIdx(r as u32);
            lower.k_value(r) < m.k_value(r)
        })
        .map(|r| locations[r].clone())
        .collect();
    Ok(Some(WithoutShared {
        a_k: summary.a_k,
        a_k_numerator: summary.a_k_numerator,
        a_k_denominator: summary.a_k_denominator,
        covered: summary.covered,
        requirements,
    }))
}

fn file_rows(m: &CriterionMeasure, locations: &[Location]) -> Vec<FileRow> {
    // file -> (requirements, covered, sum of min(|S_RO|, k))
    let mut per_file: BTreeMap<&str, (u32, u32, u64)> = BTreeMap::new();
    for (i, loc) in locations.iter().enumerate() {
        let r = ReqIdx(i as u32);
        let row = per_file.entry(&loc.file).or_default();
        row.0 += 1;
        row.1 += u32::from(m.is_covered(r));
        row.2 += u64::from(m.best_size(r).min(m.k()));
    }
    per_file
        .into_iter()
        .map(|(file, (requirements, covered, sum))| FileRow {
            file: file.to_owned(),
            requirements,
            covered,
            a_k: sum as f64 / (f64::from(m.k()) * f64::from(requirements)),
        })
        .collect()
}

fn classes(pool: &crate::measure::Pool, inputs: &[u32]) -> Vec<ClassEntry> {
    let mut entries: Vec<ClassEntry> = (0..pool.num_classes())
        .map(|c| ClassEntry {
            name: pool.class_name(ClassIdx(c)).to_owned(),
            mrs: 0,
            source_inputs: inputs[c as usize],
        })
        .collect();
    for m in 0..pool.num_mrs() {
        entries[pool.mr_class(MrIdx(m)).0 as usize].mrs += 1;
    }
    entries
}

fn requirement_ks(
    m: &CriterionMeasure,
    locations: &[Location],
    inputs: &[u32],
    runs: Option<&[u64]>,
) -> Vec<RequirementK> {
    locations
        .iter()
        .enumerate()
        .map(|(i, loc)| {
            let r = ReqIdx(i as u32);
            RequirementK {
                location: loc.clone(),
                k: m.k_value(r),
                s_ro: m.best_size(r),
                closest: m.closest(r).map(|c| c.input.0),
                inputs: inputs[i],
                runs: runs.map(|runs| runs[i]),
            }
        })
        .collect()
}

/// Metamorphic Coverage from what each MR's pairs ran differently; `None`
/// when no pair was recorded (no follow-up ran under capture).
fn metamorphic_coverage(
    input: MetamorphicInput<'_>,
    mrs: &[MrDescription],
    requirements: usize,
) -> Option<MetamorphicCoverage> {
    if input.differing.is_empty() {
        return None;
    }
    // Per MR: its pairs (first source inputs) and what they ran differently.
    let size = input
        .differing
        .iter()
        .filter_map(|(_, _, reqs)| reqs.iter().max())
        .map(|&last| last as usize + 1)
        .fold(requirements, usize::max);
    let mut per_mr: BTreeMap<MrIdx, (u32, Marks)> = BTreeMap::new();
    for (_, mr, reqs) in input.differing {
        let (pairs, differing) = per_mr.entry(*mr).or_insert_with(|| (0, Marks::new(size)));
        *pairs += 1;
        differing.extend(reqs);
    }
    let share = |n: usize| {
        if requirements == 0 {
            0.0
        } else {
            n as f64 / requirements as f64
        }
    };
    let mut all = Marks::new(size);
    let mut by_class: BTreeMap<&str, Marks> = BTreeMap::new();
    let mut rows = Vec::new();
    let mut never_differ = Vec::new();
    for (m, (pairs, differing)) in per_mr {
        let Some(mr) = mrs.get(m.0 as usize) else {
            continue;
        };
        all.union(&differing);
        if differing.count == 0 {
            never_differ.push(mr.id.clone());
        }
        rows.push(MetamorphicMr {
            mr: mr.id.clone(),
            class: mr.class.clone(),
            pairs,
            differing: differing.count as u32,
            value: share(differing.count),
        });
        by_class
            .entry(&mr.class)
            .or_insert_with(|| Marks::new(size))
            .union(&differing);
    }
    rows.sort_by(|a, b| a.mr.cmp(&b.mr));
    never_differ.sort();
    Some(MetamorphicCoverage {
        differing: all.count as u32,
        value: share(all.count),
        mrs: rows,
        classes: by_class
            .into_iter()
            .map(|(class, reqs)| MetamorphicClass {
                class: class.to_owned(),
                differing: reqs.count as u32,
                value: share(reqs.count),
            })
            .collect(),
        never_differ,
    })
}

/// A set of requirement ids below a known bound, with its size: one bit
/// per requirement (Metamorphic Coverage unions a list per pair into
/// each MR's set, thousands of pairs on a large crate).
struct Marks {
    words: Vec<u64>,
    count: usize,
}

impl Marks {
    fn new(size: usize) -> Marks {
        Marks {
            words: vec![0; size.div_ceil(64)],
            count: 0,
        }
    }

    fn insert(&mut self, id: u32) {
        let (word, bit) = (id as usize / 64, 1u64 << (id % 64));
        if self.words[word] & bit == 0 {
            self.words[word] |= bit;
            self.count += 1;
        }
    }

    fn extend<'i>(&mut self, ids: impl IntoIterator<Item = &'i u32>) {
        for &id in ids {
            self.insert(id);
        }
    }

    fn union(&mut self, other: &Marks) {
        for (word, more) in self.words.iter_mut().zip(&other.words) {
            let new = *more & !*word;
            self.count += new.count_ones() as usize;
            *word |= new;
        }
    }
}
