//! Turns requirements with `K(r) < 1` into a short, ranked to-do list.
//!
//! Grouping: requirements are sorted by position (file, start, end); a
//! group is a maximal run of consecutive requirements in one file that all
//! have `K < 1` and the same cause – no covering input at all, or the same
//! closest input. A requirement with `K = 1` between them ends the run.
//! One group is one thing to do: add a source input that reaches these
//! lines, or pair this one input with more relations.
//!
//! Ranking: by gain, `sum of (1 - K(r))` over the group – exactly how much
//! `A_k * |E|` rises when the group is closed – largest first; ties put
//! uncovered groups first (they also lift plain coverage), then file and
//! line order.

use std::collections::HashMap;

use crate::measure::{
    ClassIdx, Closest, Counting, CriterionMeasure, InputIdx, MrIdx, Pool, ReqIdx,
};

use mtcov_protocol::MrDescription;

use super::{ClosestInput, CriterionInput, GapGroup, GapKind, Location, SourceEntry};
use crate::model::Criterion;

/// At most this many candidate MRs are named per gap.
pub(crate) const CANDIDATE_LIMIT: usize = 5;

/// What ran an uncovered requirement, if anything did.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ran {
    /// Covered by a source input, or nothing ran it.
    Nothing,
    /// Follow-up executions or checks.
    Aside,
    /// Only the warm-up runs before measured executions: code that runs
    /// only on first use in a process.
    FirstUse,
}

struct Run {
    first: usize,
    /// For uncovered code, what ran it.
    ran: Ran,
    members: Vec<u32>,
    end: (u32, u32),
    gain: f64,
    closest: Option<Closest>,
    /// The most classes (or MRs) one of its requirements still needs.
    needs: u32,
}

/// Groups and ranks the gaps of one criterion (see the module doc).
pub(super) fn rank(
    m: &CriterionMeasure,
    input: &CriterionInput<'_>,
    pool: &Pool,
    mrs: &[MrDescription],
    sources: &[SourceEntry],
) -> Vec<GapGroup> {
    let (criterion, locations) = (input.criterion, input.locations);
    let mut order: Vec<usize> = (0..locations.len()).collect();
    order.sort_by(|&a, &b| locations[a].cmp(&locations[b]).then(a.cmp(&b)));

    let mut runs = Vec::new();
    let mut current: Option<Run> = None;
    for r in order {
        let req = ReqIdx(r as u32);
        if m.best_size(req) >= m.k() {
            runs.extend(current.take());
            continue;
        }
        let closest = m.closest(req);
        let loss = 1.0 - m.k_value(req);
        let loc = &locations[r];
        // Uncovered code that follow-ups or checks ran and code nothing
        // ran are two causes, two things to do.
        let ran = if closest.is_some() {
            Ran::Nothing
        } else if input.aside.get(r).is_some_and(|&n| n > 0) {
            Ran::Aside
        } else if input.first_use.get(r).is_some_and(|&n| n > 0) {
            Ran::FirstUse
        } else {
            Ran::Nothing
        };
        match &mut current {
            // A black-box requirement (a choice, pair or frame) is one
            // thing to do on its own: its neighbours share no code.
            Some(run)
                if !criterion.is_black_box()
                    && locations[run.first].file == loc.file
                    && run.closest.map(|c| c.input) == closest.map(|c| c.input)
                    && run.ran == ran =>
            {
                run.members.push(r as u32);
                run.gain += loss;
                run.end = run.end.max((loc.line_end, loc.col_end));
                run.needs = run.needs.max(m.k() - m.best_size(req));
            }
            _ => {
                runs.extend(current.take());
                current = Some(Run {
                    first: r,
                    ran,
                    members: vec![r as u32],
                    end: (loc.line_end, loc.col_end),
                    gain: loss,
                    closest,
                    needs: m.k() - m.best_size(req),
                });
            }
        }
    }
    runs.extend(current);

    // Code run only on first use comes last: no input can cover it.
    runs.sort_by(|a, b| {
        (a.ran == Ran::FirstUse)
            .cmp(&(b.ran == Ran::FirstUse))
            .then(b.gain.total_cmp(&a.gain))
            .then(b.closest.is_none().cmp(&a.closest.is_none()))
            .then_with(|| locations[a.first].cmp(&locations[b.first]))
    });

    let total = f64::from(m.num_requirements());
    // Code criteria with source executions attributed to MRs: candidates
    // are the MRs whose own source executions reach the group's code.
    let reach = (!criterion.is_black_box() && input.coverage.attributed()).then(|| {
        let mut wanted = vec![false; locations.len()];
        for run in runs.iter().filter(|run| run.closest.is_some()) {
            for &r in &run.members {
                wanted[r as usize] = true;
            }
        }
        input.coverage.reaching_mrs(&wanted)
    });
    let mut candidates = Candidates::new(pool, m.counting());
    runs.into_iter()
        .enumerate()
        .map(|(i, run)| {
            let first = &locations[run.first];
            let span = Location {
                line_end: run.end.0,
                col_end: run.end.1,
                ..first.clone()
            };
            let counting_here = run.closest.map(|c| {
                crate::measure::counting_mrs(
                    input.coverage,
                    pool,
                    c.input,
                    ReqIdx(run.first as u32),
                )
            });
            let closest = run.closest.map(|c| {
                let here = counting_here.as_deref().unwrap_or_default();
                let found = match &reach {
                    Some(reach) => {
                        let mut reaching: Vec<MrIdx> = run
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
                run.members
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
            let first_use_only = run.ran == Ran::FirstUse;
            let advice = if criterion.is_black_box() {
                black_box_advice(criterion, first, closest.as_ref(), m.counting())
            } else {
                advice(
                    closest.as_ref(),
                    m.counting(),
                    reach.is_some(),
                    (aside_executions, first_use_only),
                    input.aside_complete,
                )
            };
            let closest = closest.map(|(c, _)| c);
            let requirements = run.members.len() as u32;
            GapGroup {
                rank: i as u32 + 1,
                kind: if closest.is_some() {
                    GapKind::Thin
                } else {
                    GapKind::Uncovered
                },
                span,
                requirements,
                gain: run.gain,
                a_k_gain: run.gain / total,
                relations_needed: run.needs,
                a_k_gain_per_relation: f64::from(requirements) / (f64::from(m.k()) * total),
                aside_executions,
                first_use_only,
                closest,
                advice,
                members: run.members,
            }
        })
        .collect()
}

fn closest_input(
    c: Closest,
    counting: &[MrIdx],
    found: &Found,
    pool: &Pool,
    mrs: &[MrDescription],
    sources: &[SourceEntry],
) -> (ClosestInput, u32) {
    let mut classes: Vec<ClassIdx> = counting.iter().map(|&m| pool.mr_class(m)).collect();
    classes.sort_unstable();
    classes.dedup();
    let closest = ClosestInput {
        input: c.input.0,
        debug: sources[c.input.0 as usize].debug.clone(),
        s_ro: c.s_ro,
        classes: classes
            .iter()
            .map(|&cl| pool.class_name(cl).to_owned())
            .collect(),
        needs: c.needs,
        candidate_mrs: found
            .picks
            .iter()
            .map(|m| mrs[m.0 as usize].clone())
            .collect(),
        candidate_mrs_total: found.total,
    };
    (closest, found.available)
}

/// One sentence: what to add. `available` is how many of the `needs`
/// missing classes (or MRs) registered MRs can supply; `reach`: the
/// candidates are the MRs whose source executions reach the code;
/// `aside`: how many times follow-ups or checks ran uncovered code, and
/// how many times only warm-up runs did, from every test process when
/// `aside_complete`.
fn advice(
    closest: Option<&(ClosestInput, u32)>,
    counting: Counting,
    reach: bool,
    (aside, first_use_only): (u64, bool),
    aside_complete: bool,
) -> String {
    let Some((c, available)) = closest else {
        return if first_use_only {
            "runs only on first use in a test process (an initialiser, a cache fill): every \
             measured execution follows an unrecorded run of the same input, so no input is \
             credited with it, whatever ran first; no input can cover it"
                .to_owned()
        } else if aside == 0 && !aside_complete {
            "no source execution reaches this code (whether follow-ups or checks ran it is not \
             known: a test process did not exit normally): add a source input that does"
                .to_owned()
        } else if aside > 0 {
            format!(
                "reached only by follow-up executions or checks ({aside} {}), never by a source \
                 execution: pass such inputs through `mg.source`",
                if aside == 1 { "time" } else { "times" }
            )
        } else {
            "no execution reaches this code: add a source input that does".to_owned()
        };
    };
    let unit = |n: u32| counted(counting, n);
    let names = candidate_names(c);
    let needs = c.needs;
    if reach {
        let which = match counting {
            Counting::Class => "MRs of other relation classes",
            Counting::Mr => "other MRs",
        };
        return if *available == 0 {
            format!(
                "no registered {} reaches this code from its source executions: write MRs of \
                 {needs} new {} that run it on source input {}",
                match counting {
                    Counting::Class => "MR of another relation class",
                    Counting::Mr => "other MR",
                },
                unit(needs),
                c.debug
            )
        } else if *available >= needs {
            format!(
                "pair source input {} with {needs} more {} whose MRs reach this code, e.g. {names}",
                c.debug,
                unit(needs)
            )
        } else {
            let short = needs - available;
            format!(
                "pair source input {} with {names} ({which} that reach this code), and write MRs \
                 of {short} new {} that do",
                c.debug,
                unit(short)
            )
        };
    }
    if *available == 0 {
        format!(
            "no registered MR that applies to source input {1} adds a {0}: write MRs of {needs} new {2} that do",
            unit(1),
            c.debug,
            unit(needs)
        )
    } else if *available >= needs {
        format!(
            "pair source input {} with {needs} more {}, e.g. {names}",
            c.debug,
            unit(needs)
        )
    } else {
        let short = needs - available;
        format!(
            "pair source input {} with {names}, and write MRs of {short} new {}",
            c.debug,
            unit(short)
        )
    }
}

/// What `n` counts, in words: relation classes or MRs.
fn counted(counting: Counting, n: u32) -> &'static str {
    match (counting, n) {
        (Counting::Class, 1) => "relation class",
        (Counting::Class, _) => "relation classes",
        (Counting::Mr, 1) => "MR",
        (Counting::Mr, _) => "MRs",
    }
}

/// The registered MRs that would raise the closest input's `|S_RO|`.
fn candidate_names(c: &ClosestInput) -> String {
    c.candidate_mrs
        .iter()
        .map(|m| m.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The advice of a black-box gap, in the declaration's words.
fn black_box_advice(
    criterion: Criterion,
    requirement: &Location,
    closest: Option<&(ClosestInput, u32)>,
    counting: Counting,
) -> String {
    let label = requirement.label.as_deref().unwrap_or("?");
    let what = match criterion {
        Criterion::IChoice => "choice",
        Criterion::IChoicePair => "choices",
        _ => "frame",
    };
    let Some((c, available)) = closest else {
        return format!("no source input has {what} {label}: add one");
    };
    let unit = |n: u32| counted(counting, n);
    let names = candidate_names(c);
    let head = format!(
        "{what} {label}: its closest source input {} meets {} {}, needs {} more",
        c.debug,
        c.s_ro,
        unit(c.s_ro),
        c.needs
    );
    if *available == 0 {
        format!(
            "{head}; no registered MR that applies to it adds one: write MRs of new {} that do",
            unit(2)
        )
    } else {
        format!("{head}, e.g. {names}")
    }
}

struct Found {
    picks: Vec<MrIdx>,
    total: u32,
    available: u32,
}

/// Per input, the applicable MRs that would raise its `|S_RO|`, computed
/// from per-type, per-class MR lists so that each input costs
/// O(classes + its associations), not O(registered MRs).
struct Candidates<'a> {
    pool: &'a Pool,
    counting: Counting,
    by_type: HashMap<Option<String>, Vec<Vec<MrIdx>>>,
    cache: HashMap<InputIdx, std::rc::Rc<Found>>,
}

impl<'a> Candidates<'a> {
    fn new(pool: &'a Pool, counting: Counting) -> Self {
        Self {
            pool,
            counting,
            by_type: HashMap::new(),
            cache: HashMap::new(),
        }
    }

    /// Of `reaching` (MRs whose source executions reach the gap's code),
    /// those that would raise `input`'s count there: applicable to it, not
    /// paired with it, never skipped on it, and of a class (or, counting
    /// MRs, an MR) not among `counting` (those counting there already).
    fn among(&self, input: InputIdx, counting: &[MrIdx], reaching: &[MrIdx]) -> Found {
        let pool = self.pool;
        let ty = pool.input_type(input);
        let paired = pool.mrs_of(input);
        let have: Vec<ClassIdx> = counting.iter().map(|&m| pool.mr_class(m)).collect();
        let mut found = Found {
            picks: Vec::new(),
            total: 0,
            available: 0,
        };
        let mut classes_seen: Vec<ClassIdx> = Vec::new();
        let mut later = Vec::new();
        for &m in reaching {
            let applies = match (ty, pool.mr_type(m)) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            };
            let class = pool.mr_class(m);
            if !applies
                || paired.binary_search(&m).is_ok()
                || pool.skipped(input, m)
                || (self.counting == Counting::Class && have.contains(&class))
            {
                continue;
            }
            found.total += 1;
            let new_class = !classes_seen.contains(&class);
            if new_class {
                classes_seen.push(class);
            }
            match self.counting {
                Counting::Class if !new_class => {
                    later.push(m);
                    continue;
                }
                _ => found.available += 1,
            }
            if found.picks.len() < CANDIDATE_LIMIT {
                found.picks.push(m);
            }
        }
        // One MR per missing class first, then the others.
        for m in later {
            if found.picks.len() < CANDIDATE_LIMIT {
                found.picks.push(m);
            }
        }
        found
    }

    fn for_input(&mut self, input: InputIdx) -> std::rc::Rc<Found> {
        if let Some(found) = self.cache.get(&input) {
            return found.clone();
        }
        let pool = self.pool;
        let ty = pool.input_type(input).map(str::to_owned);
        let per_class = self.by_type.entry(ty.clone()).or_insert_with(|| {
            let mut lists = vec![Vec::new(); pool.num_classes() as usize];
            for m in (0..pool.num_mrs()).map(MrIdx) {
                let applies = match (ty.as_deref(), pool.mr_type(m)) {
                    (Some(a), Some(b)) => a == b,
                    _ => true,
                };
                if applies {
                    lists[pool.mr_class(m).0 as usize].push(m);
                }
            }
            lists
        });
        let paired = pool.mrs_of(input);
        let have = pool.classes_of(input);
        let mut found = Found {
            picks: Vec::new(),
            total: 0,
            available: 0,
        };
        for (class, list) in per_class.iter().enumerate() {
            if self.counting == Counting::Class
                && have.binary_search(&ClassIdx(class as u32)).is_ok()
            {
                continue;
            }
            let mut usable = list
                .iter()
                .copied()
                .filter(|&m| paired.binary_search(&m).is_err() && !pool.skipped(input, m));
            let Some(first) = usable.next() else {
                continue;
            };
            let count = 1 + usable.count() as u32;
            found.total += count;
            found.available += match self.counting {
                Counting::Class => 1,
                Counting::Mr => count,
            };
            if found.picks.len() < CANDIDATE_LIMIT {
                found.picks.push(first);
            }
        }
        let found = std::rc::Rc::new(found);
        self.cache.insert(input, found.clone());
        found
    }
}
