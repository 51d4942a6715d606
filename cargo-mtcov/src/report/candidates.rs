//! The MRs that would raise a source input's `|S_RO|`, for a gap's
//! closest input: per input, the applicable MRs of classes it lacks,
//! computed from per-type, per-class lists so that each input costs
//! O(classes + its associations), not O(registered MRs).

use std::collections::HashMap;

use mtcov_protocol::MrDescription;

use crate::measure::{ClassIdx, Closest, Counting, InputIdx, MrIdx, Pool};

use super::{ClosestInput, SourceEntry};

/// At most this many candidate MRs are named per gap.
pub(crate) const CANDIDATE_LIMIT: usize = 5;

pub(super) fn closest_input(
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

pub(super) struct Found {
    picks: Vec<MrIdx>,
    total: u32,
    available: u32,
}

/// Per input, the applicable MRs that would raise its `|S_RO|`, computed
/// from per-type, per-class MR lists so that each input costs
/// O(classes + its associations), not O(registered MRs).
pub(super) struct Candidates<'a> {
    pool: &'a Pool,
    counting: Counting,
    by_type: HashMap<Option<String>, Vec<Vec<MrIdx>>>,
    cache: HashMap<InputIdx, std::rc::Rc<Found>>,
}

impl<'a> Candidates<'a> {
    pub(super) fn new(pool: &'a Pool, counting: Counting) -> Self {
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
    pub(super) fn among(&self, input: InputIdx, counting: &[MrIdx], reaching: &[MrIdx]) -> Found {
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

    pub(super) fn for_input(&mut self, input: InputIdx) -> std::rc::Rc<Found> {
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
