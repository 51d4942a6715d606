//! Turns requirements with `K(r) < 1` into a short, ranked to-do list.
//!
//! Grouping: a code requirement belongs to the innermost function holding
//! it (`functions`); its cause is what the measure saw there:
//! - `not_called`: no execution ran its public function: an MR whose SUT
//!   calls the function is missing;
//! - `never_ran`: no execution ran its private function: its callers (by
//!   name, from the source) that did run never called it;
//! - `follow_ups_only`: its function ran, but only in follow-up
//!   executions or checks, never on a source input;
//! - `unreached_lines`: source inputs run its function, but none reaches
//!   these lines;
//! - `too_few_relations`: a source input covers it, with fewer than k
//!   classes (or MRs);
//! - `first_use`: a warm-up run before a measured execution ran it and no
//!   measured execution (source or follow-up) did: code run only on first
//!   use in a process, whether or not MR code outside `mg.source` and
//!   `mg.follow_up` ran it too.
//!
//! A group is the requirements of one function with one cause (and, for
//! `too_few_relations`, one closest input): one thing to do. Code outside
//! every known function groups as maximal runs of consecutive
//! requirements in one file with one cause and closest input, ended by a
//! requirement with `K = 1`. A black-box requirement is a group alone.
//!
//! Ranking: by gain, `sum of (1 - K(r))` over the group – exactly how much
//! `A_k * |E|` rises when the group is closed – largest first; impls of
//! boilerplate traits (`Clone`, `Debug`, `Display`, `From`, ...) after
//! the crate's own logic; code run only on first use last; ties put
//! uncovered groups first (they also lift plain coverage), then file and
//! line order.

use std::collections::HashMap;

use crate::measure::{Closest, CriterionMeasure, InputIdx, MrIdx, Pool, ReqIdx};

use mtcov_protocol::MrDescription;

use super::advice::{Phrasing, advice, black_box_advice, function_advice};
use super::functions::Functions;
use super::{Cause, CriterionInput, GapCause, GapGroup, GapKind, Location, SourceEntry};

pub(crate) use super::candidates::CANDIDATE_LIMIT;
use super::candidates::{Candidates, closest_input};

struct Group {
    first: usize,
    cause: GapCause,
    function: Option<u32>,
    members: Vec<u32>,
    end: (u32, u32),
    gain: f64,
    closest: Option<Closest>,
    /// The most classes (or MRs) one of its requirements still needs.
    needs: u32,
}

/// What the report knows beside the measure, for the advice.
pub(super) struct Context<'a> {
    pub criterion: crate::model::Criterion,
    pub pool: &'a Pool,
    pub mrs: &'a [MrDescription],
    pub sources: &'a [SourceEntry],
    pub functions: &'a Functions<'a>,
}

/// The cause of requirement `r`'s gap (see the module doc); `followed`:
/// per requirement, whether a measured follow-up execution ran it.
fn cause_of(
    r: usize,
    closest: Option<Closest>,
    input: &CriterionInput<'_>,
    functions: &Functions<'_>,
    followed: Option<&[bool]>,
) -> GapCause {
    if input.criterion.is_black_box() {
        return GapCause::BlackBox;
    }
    if closest.is_some() {
        return GapCause::TooFewRelations;
    }
    let aside = input.aside.get(r).is_some_and(|&n| n > 0);
    let warm = input.first_use.get(r).is_some_and(|&n| n > 0);
    // A warm-up ran it and no measured execution, source or follow-up,
    // did: it runs only on first use in a process. MR code outside
    // `mg.source` and `mg.follow_up` running it too is no evidence against
    // (which of the two reaches code run once per process first is a
    // matter of order). Without follow-up coverage, only when nothing
    // outside source executions ran it.
    let first_use = match followed {
        Some(followed) => warm && !followed.get(r).copied().unwrap_or(false),
        None => warm && !aside,
    };
    if first_use {
        return GapCause::FirstUse;
    }
    match functions.of(r) {
        Some(f) if functions.source_ran[f as usize] => GapCause::UnreachedLines,
        Some(f) if functions.aside_ran[f as usize] => GapCause::FollowUpsOnly,
        Some(f) if functions.all[f as usize].public == Some(true) => GapCause::NotCalled,
        Some(_) => GapCause::NeverRan,
        None if aside => GapCause::FollowUpsOnly,
        None => GapCause::UnreachedLines,
    }
}

/// Per requirement, whether a measured follow-up execution ran it while
/// its source did not (from Metamorphic Coverage's per-pair differences,
/// which hold every requirement no source input covers and a follow-up
/// does); `None` when follow-ups were not measured.
fn followed(input: &CriterionInput<'_>) -> Option<Vec<bool>> {
    let metamorphic = input.metamorphic?;
    let mut followed = vec![false; input.locations.len()];
    for (_, _, reqs) in metamorphic.differing {
        for &r in reqs {
            if let Some(f) = followed.get_mut(r as usize) {
                *f = true;
            }
        }
    }
    Some(followed)
}

/// Groups and ranks the gaps of one criterion (see the module doc).
pub(super) fn rank(
    m: &CriterionMeasure,
    input: &CriterionInput<'_>,
    cx: &Context<'_>,
) -> Vec<GapGroup> {
    let (criterion, locations) = (input.criterion, input.locations);
    let groups = group(m, input, cx.functions);
    let total = f64::from(m.num_requirements());
    // Code criteria with source executions attributed to MRs: candidates
    // are the MRs whose own source executions reach the group's code.
    let reach = (!criterion.is_black_box() && input.coverage.attributed()).then(|| {
        let mut wanted = vec![false; locations.len()];
        for group in groups.iter().filter(|g| g.closest.is_some()) {
            for &r in &group.members {
                wanted[r as usize] = true;
            }
        }
        input.coverage.reaching_mrs(&wanted)
    });
    // Per requirement, the MRs whose follow-ups ran it and whose sources
    // did not: what Metamorphic Coverage recorded.
    let follow_ups = follow_up_mrs(input, &groups);
    let phrasing = Phrasing {
        counting: m.counting(),
        reach: reach.is_some(),
        aside_complete: input.aside_complete,
    };
    let mut describe = Describe {
        m,
        input,
        cx,
        total,
        reach,
        follow_ups,
        phrasing,
        candidates: Candidates::new(cx.pool, m.counting()),
    };
    groups
        .into_iter()
        .enumerate()
        .map(|(i, group)| describe.gap(i, group))
        .collect()
}

/// The requirements with `K < 1` of one criterion in groups (a function's,
/// by cause and closest input; a run of code outside every function),
/// ranked: by gain, then with a closest input first, then by place; code
/// run only on first use last.
fn group(
    m: &CriterionMeasure,
    input: &CriterionInput<'_>,
    functions: &Functions<'_>,
) -> Vec<Group> {
    let (criterion, locations) = (input.criterion, input.locations);
    let mut order: Vec<usize> = (0..locations.len()).collect();
    order.sort_by(|&a, &b| locations[a].cmp(&locations[b]).then(a.cmp(&b)));

    let mut groups: Vec<Group> = Vec::new();
    // Function groups by (function, cause, closest input).
    let mut of_function: HashMap<(u32, GapCause, Option<InputIdx>), usize> = HashMap::new();
    // The open run of code outside every function, as an index in `groups`.
    let mut open: Option<usize> = None;
    let followed = followed(input);
    for r in order {
        let req = ReqIdx(r as u32);
        if m.best_size(req) >= m.k() {
            open = None;
            continue;
        }
        let closest = m.closest(req);
        let loss = 1.0 - m.k_value(req);
        let loc = &locations[r];
        let cause = cause_of(r, closest, input, functions, followed.as_deref());
        let function = if criterion.is_black_box() {
            None
        } else {
            functions.of(r)
        };
        let joins = match function {
            Some(f) => of_function
                .get(&(f, cause, closest.map(|c| c.input)))
                .copied(),
            None if cause == GapCause::BlackBox => None,
            None => open.filter(|&g| {
                let run = &groups[g];
                locations[run.first].file == loc.file
                    && run.closest.map(|c| c.input) == closest.map(|c| c.input)
                    && run.cause == cause
            }),
        };
        match joins {
            Some(g) => {
                let group = &mut groups[g];
                group.members.push(r as u32);
                group.gain += loss;
                group.end = group.end.max((loc.line_end, loc.col_end));
                group.needs = group.needs.max(m.k() - m.best_size(req));
            }
            None => {
                let g = groups.len();
                groups.push(Group {
                    first: r,
                    cause,
                    function,
                    members: vec![r as u32],
                    end: (loc.line_end, loc.col_end),
                    gain: loss,
                    closest,
                    needs: m.k() - m.best_size(req),
                });
                match function {
                    Some(f) => {
                        of_function.insert((f, cause, closest.map(|c| c.input)), g);
                    }
                    None => open = Some(g),
                }
            }
        }
        if function.is_some() {
            open = None;
        }
    }

    // Code run only on first use comes last: no input can cover it; before
    // it, trait boilerplate (`Clone`, `Debug`, `Display`, ...), after the
    // crate's own logic, each type's together (the reports tell them as
    // one line per type).
    let boilerplate = |g: &Group| {
        g.function
            .and_then(|f| functions.all[f as usize].boilerplate_type())
    };
    groups.sort_by(|a, b| {
        (a.cause == GapCause::FirstUse)
            .cmp(&(b.cause == GapCause::FirstUse))
            .then(boilerplate(a).is_some().cmp(&boilerplate(b).is_some()))
            .then(boilerplate(a).cmp(&boilerplate(b)))
            .then(b.gain.total_cmp(&a.gain))
            .then(b.closest.is_none().cmp(&a.closest.is_none()))
            .then_with(|| locations[a.first].cmp(&locations[b.first]))
    });

    groups
}

/// What turns a group into the gap the report shows.
struct Describe<'a> {
    m: &'a CriterionMeasure,
    input: &'a CriterionInput<'a>,
    cx: &'a Context<'a>,
    /// The criterion's requirement count.
    total: f64,
    /// Per requirement, the MRs whose source executions reach it (code
    /// criteria with attributed executions).
    reach: Option<Vec<Vec<MrIdx>>>,
    follow_ups: HashMap<u32, Vec<MrIdx>>,
    phrasing: Phrasing,
    candidates: Candidates<'a>,
}

impl Describe<'_> {
    /// Group `group`, ranked `i` (from 0), as a gap with its advice.
    fn gap(&mut self, i: usize, group: Group) -> GapGroup {
        let (m, input, cx) = (self.m, self.input, self.cx);
        let (pool, mrs, sources, functions) = (cx.pool, cx.mrs, cx.sources, cx.functions);
        let (criterion, locations) = (input.criterion, input.locations);
        let (total, reach, follow_ups, phrasing) =
            (self.total, &self.reach, &self.follow_ups, self.phrasing);
        let candidates = &mut self.candidates;
        let first = &locations[group.first];
        let span = Location {
            line_end: group.end.0,
            col_end: group.end.1,
            ..first.clone()
        };
        let counting_here = group.closest.map(|c| {
            crate::measure::counting_mrs(input.coverage, pool, c.input, ReqIdx(group.first as u32))
        });
        let closest = group.closest.map(|c| {
            let here = counting_here.as_deref().unwrap_or_default();
            let found = match &reach {
                Some(reach) => {
                    let mut reaching: Vec<MrIdx> = group
                        .members
                        .iter()
                        .flat_map(|&r| reach[r as usize].iter().copied())
                        .collect();
                    reaching.sort_unstable();
                    reaching.dedup();
                    std::rc::Rc::new(candidates.among(c.input, here, &reaching))
                }
                None => candidates.for_input(c.input),
            };
            closest_input(c, here, &found, pool, mrs, sources)
        });
        let most = |counts: &[u64]| {
            group
                .members
                .iter()
                .map(|&r| counts.get(r as usize).copied().unwrap_or(0))
                .max()
                .unwrap_or(0)
        };
        let aside_executions = if closest.is_none() {
            most(input.aside)
        } else {
            0
        };
        let lines = line_ranges(&group.members, locations);
        let function = group.function.map(|f| &functions.all[f as usize]);
        let mut gap = GapGroup {
            rank: i as u32 + 1,
            kind: if closest.is_some() {
                GapKind::Thin
            } else {
                GapKind::Uncovered
            },
            cause: Cause::empty(group.cause),
            function: group.function,
            function_name: function.map(|f| f.name.clone()),
            lines,
            span,
            requirements: group.members.len() as u32,
            gain: group.gain,
            a_k_gain: group.gain / total,
            relations_needed: group.needs,
            a_k_gain_per_relation: f64::from(group.members.len() as u32)
                / (f64::from(m.k()) * total),
            aside_executions,
            boilerplate: function
                .and_then(|f| f.boilerplate_type())
                .map(str::to_owned),
            closest: None,
            advice: String::new(),
            members: group.members,
        };
        let closest_ref = closest.as_ref();
        gap.advice = match group.function {
            _ if criterion.is_black_box() => {
                black_box_advice(criterion, first, closest_ref, m.counting())
            }
            Some(f) => function_advice(&mut gap, f, closest_ref, cx, follow_ups, phrasing),
            None => advice(
                closest_ref,
                phrasing,
                (aside_executions, gap.first_use_only()),
            ),
        };
        gap.closest = closest.map(|(c, _)| c);
        gap
    }
}

/// Per requirement of a `follow_ups_only` group, the MRs whose follow-up
/// executions ran it while no source execution did (from Metamorphic
/// Coverage's per-pair differences), ascending.
fn follow_up_mrs(input: &CriterionInput<'_>, groups: &[Group]) -> HashMap<u32, Vec<MrIdx>> {
    let mut wanted: HashMap<u32, Vec<MrIdx>> = HashMap::new();
    for group in groups.iter().filter(|g| g.cause == GapCause::FollowUpsOnly) {
        for &r in &group.members {
            wanted.insert(r, Vec::new());
        }
    }
    if let Some(metamorphic) = input.metamorphic {
        for (_, mr, reqs) in metamorphic.differing {
            for r in reqs {
                if let Some(list) = wanted.get_mut(r) {
                    list.push(*mr);
                }
            }
        }
    }
    for list in wanted.values_mut() {
        list.sort_unstable();
        list.dedup();
    }
    wanted
}

/// The lines of `members`, as sorted, merged inclusive ranges.
fn line_ranges(members: &[u32], locations: &[Location]) -> Vec<(u32, u32)> {
    let mut spans: Vec<(u32, u32)> = members
        .iter()
        .map(|&r| {
            let l = &locations[r as usize];
            (l.line_start, l.line_end)
        })
        .collect();
    spans.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::new();
    for (a, b) in spans {
        match merged.last_mut() {
            Some(last) if a <= last.1 + 1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    merged
}

/// `57-84, 90` in words.
pub(super) fn ranges_text(lines: &[(u32, u32)]) -> String {
    let parts: Vec<String> = lines
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    let word = if lines.len() == 1 && lines[0].0 == lines[0].1 {
        "line"
    } else {
        "lines"
    };
    format!("{word} {}", parts.join(", "))
}

/// The names of `mrs`, joined.
pub(super) fn mr_names(mrs: &[MrIdx], descriptions: &[MrDescription]) -> Vec<String> {
    mrs.iter()
        .map(|m| descriptions[m.0 as usize].id.clone())
        .collect()
}
