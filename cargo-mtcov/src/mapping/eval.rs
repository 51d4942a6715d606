//! Per-input evaluation: one `cov` record's non-zero counters to the
//! requirements it covers, for every criterion at once. Everything that
//! does not depend on the input was resolved when the map was built and
//! when the evaluator was bound to a process's function table; buffers
//! are reused, so a warm evaluator allocates only the result.

use anyhow::{Result, bail};

use super::build::{Kind, Map, NONE, criterion_index};
use super::lines::{self, LineScratch, ViewKind};
use crate::model::Criterion;
use mtcov_protocol::FunctionEntry;

/// One list per code criterion.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PerCriterion<T> {
    pub line: Vec<T>,
    pub region: Vec<T>,
    pub branch: Vec<T>,
    pub function: Vec<T>,
}

impl<T> PerCriterion<T> {
    /// The list of criterion `c` (empty for black-box criteria).
    pub fn of(&self, c: Criterion) -> &[T] {
        match c {
            Criterion::Line => &self.line,
            Criterion::Region => &self.region,
            Criterion::Branch => &self.branch,
            Criterion::Function => &self.function,
            Criterion::IChoice | Criterion::IChoicePair | Criterion::IoCtf => &[],
        }
    }
}

/// The requirements one input covered, per criterion: sorted indices into
/// [`CoverageMap::requirements`](super::CoverageMap::requirements).
pub type Covered = PerCriterion<u32>;

/// The requirements some counters covered, with how many times each ran:
/// per criterion, (requirement, count), sorted by requirement.
pub type Counted = PerCriterion<(u32, u64)>;

/// A [`CoverageMap`](super::CoverageMap) bound to one process's function
/// table; maps that process's `cov` records.
#[derive(Debug)]
pub struct Evaluator<'m> {
    map: &'m Map,
    /// Global counter index -> function table row, or NONE.
    owner: Vec<u32>,
    /// Per row: (first counter, record or NONE).
    rows: Vec<(u32, u32)>,
    /// Per record: offset of its counters in `dense`, or NONE.
    slot: Vec<u32>,
    dense: Vec<u64>,
    touched: Vec<u32>,
    view_touched: Vec<bool>,
    views: Vec<u32>,
    view_counts: Vec<u64>,
    seen: [Vec<bool>; 4],
    /// Execution counts per requirement, while [`counted`](Self::counted)
    /// evaluates (empty otherwise).
    counts: [Vec<u64>; 4],
    scratch: LineScratch,
}

impl<'m> Evaluator<'m> {
    pub(crate) fn new(map: &'m Map, functions: &[FunctionEntry]) -> Result<Self> {
        let total = functions
            .iter()
            .map(|f| f.first_counter + f.num_counters)
            .max()
            .unwrap_or(0);
        if total > u64::from(u32::MAX) {
            bail!("the function table claims {total} counters; a record file is corrupt");
        }
        let mut owner = vec![NONE; total as usize];
        let mut rows = Vec::with_capacity(functions.len());
        for (row, f) in functions.iter().enumerate() {
            let mut record = map
                .by_key
                .get(&(f.name_ref, f.func_hash))
                .copied()
                .unwrap_or(NONE);
            // LLVM cannot evaluate a record whose counters the profile does
            // not have; it drops the function, so do we.
            if record != NONE
                && u64::from(map.records[record as usize].num_counters) > f.num_counters
            {
                record = NONE;
            }
            rows.push((f.first_counter as u32, record));
            if record != NONE {
                for c in &mut owner
                    [f.first_counter as usize..(f.first_counter + f.num_counters) as usize]
                {
                    *c = row as u32;
                }
            }
        }
        Ok(Evaluator {
            map,
            owner,
            rows,
            slot: vec![NONE; map.records.len()],
            dense: Vec::new(),
            touched: Vec::new(),
            view_touched: vec![false; map.views.len()],
            views: Vec::new(),
            view_counts: Vec::new(),
            seen: [0, 1, 2, 3].map(|i| vec![false; map.requirement_count(i)]),
            counts: Default::default(),
            scratch: LineScratch::default(),
        })
    }

    /// The requirements covered by one input, given its non-zero counters
    /// (global index, value). Counters of functions out of scope, or
    /// unknown to the mapping, are ignored.
    pub fn covered(&mut self, counters: &[(u32, u64)]) -> Covered {
        self.evaluate(counters, false)
    }

    /// Like [`covered`](Self::covered), with the execution count of each
    /// covered requirement: a region's, branch outcome's or function's
    /// count summed over the copies of its function, a line's as `llvm-cov`
    /// counts it.
    pub fn counted(&mut self, counters: &[(u32, u64)]) -> Counted {
        for (i, counts) in self.counts.iter_mut().enumerate() {
            counts.resize(self.map.requirement_count(i), 0);
        }
        let covered = self.evaluate(counters, true);
        let mut take = |c: Criterion, ids: Vec<u32>| {
            let counts = &mut self.counts[criterion_index(c)];
            ids.into_iter()
                .map(|id| (id, std::mem::take(&mut counts[id as usize])))
                .collect()
        };
        let out = Counted {
            line: take(Criterion::Line, covered.line),
            region: take(Criterion::Region, covered.region),
            branch: take(Criterion::Branch, covered.branch),
            function: take(Criterion::Function, covered.function),
        };
        self.counts = Default::default();
        out
    }

    fn evaluate(&mut self, counters: &[(u32, u64)], counting: bool) -> Covered {
        self.gather(counters);
        let mut out = Covered::default();
        let map = self.map;
        let [seen_line, seen_region, seen_branch, seen_function] = &mut self.seen;
        let [count_line, count_region, count_branch, count_function] = &mut self.counts;
        let mark = |seen: &mut Vec<bool>, out: &mut Vec<u32>, id: u32| {
            if id != NONE && !std::mem::replace(&mut seen[id as usize], true) {
                out.push(id);
            }
        };
        // With `counting`, adds `n` to a requirement's count (lines: the
        // largest, as each line is counted once per file view).
        let add = |counts: &mut Vec<u64>, id: u32, n: u64, line: bool| {
            if counting && id != NONE {
                let cell = &mut counts[id as usize];
                *cell = if line {
                    (*cell).max(n)
                } else {
                    cell.saturating_add(n)
                };
            }
        };
        for &rec in &self.touched {
            let record = &map.records[rec as usize];
            let slot = self.slot[rec as usize] as usize;
            let counts = &self.dense[slot..slot + record.num_counters as usize];
            for region in &map.regions[record.regions.start as usize..record.regions.end as usize] {
                match region.kind {
                    Kind::View(ViewKind::Code) => {
                        let n = map.terms.eval(region.count, counts);
                        if n != 0 {
                            mark(seen_region, &mut out.region, region.req);
                            add(count_region, region.req, n as u64, false);
                        }
                    }
                    Kind::View(_) => {}
                    Kind::Branch => {
                        let n = map.terms.eval(region.count, counts);
                        if n != 0 {
                            mark(seen_branch, &mut out.branch, region.req);
                            add(count_branch, region.req, n as u64, false);
                        }
                        let n = map.terms.eval(region.false_count, counts);
                        if n != 0 {
                            mark(seen_branch, &mut out.branch, region.req_false);
                            add(count_branch, region.req_false, n as u64, false);
                        }
                    }
                }
            }
            if let Some((id, counter)) = record.function {
                let n = map.terms.eval(counter, counts);
                if n != 0 {
                    mark(seen_function, &mut out.function, id);
                    add(count_function, id, n as u64, false);
                }
            }
            for &v in &record.views {
                if !std::mem::replace(&mut self.view_touched[v as usize], true) {
                    self.views.push(v);
                }
            }
        }
        for &v in &self.views {
            let view = &map.views[v as usize];
            self.view_counts.clear();
            for range in &view.member_ranges {
                let mut sum: i64 = 0;
                for &(rec, counter) in &view.members[range.start as usize..range.end as usize] {
                    let slot = self.slot[rec as usize];
                    if slot != NONE {
                        let n = map.records[rec as usize].num_counters as usize;
                        sum = sum.wrapping_add(
                            map.terms
                                .eval(counter, &self.dense[slot as usize..slot as usize + n]),
                        );
                    }
                }
                // LLVM keeps execution counts as uint64_t.
                self.view_counts.push(sum as u64);
            }
            lines::for_each_line(
                &view.regions,
                &self.view_counts,
                &mut self.scratch,
                |line, count| {
                    if count != 0
                        && let Some(&id) = line
                            .checked_sub(view.first_line)
                            .and_then(|i| view.line_req.get(i as usize))
                    {
                        mark(seen_line, &mut out.line, id);
                        add(count_line, id, count, true);
                    }
                },
            );
        }
        self.reset(&out);
        for list in [
            &mut out.line,
            &mut out.region,
            &mut out.branch,
            &mut out.function,
        ] {
            list.sort_unstable();
        }
        out
    }

    /// Sums each touched record's counters into `dense` (several rows of
    /// the function table can be copies of one function: LLVM sums them).
    fn gather(&mut self, counters: &[(u32, u64)]) {
        for &(index, value) in counters {
            let Some(&row) = self.owner.get(index as usize) else {
                continue;
            };
            if row == NONE {
                continue;
            }
            let (first, rec) = self.rows[row as usize];
            let n = self.map.records[rec as usize].num_counters as usize;
            let slot = &mut self.slot[rec as usize];
            if *slot == NONE {
                *slot = self.dense.len() as u32;
                self.dense.resize(self.dense.len() + n, 0);
                self.touched.push(rec);
            }
            let local = (index - first) as usize;
            if local < n {
                let cell = &mut self.dense[*slot as usize + local];
                *cell = cell.wrapping_add(value);
            }
        }
    }

    fn reset(&mut self, out: &Covered) {
        for &rec in &self.touched {
            self.slot[rec as usize] = NONE;
        }
        self.touched.clear();
        self.dense.clear();
        for &v in &self.views {
            self.view_touched[v as usize] = false;
        }
        self.views.clear();
        for c in [
            Criterion::Line,
            Criterion::Region,
            Criterion::Branch,
            Criterion::Function,
        ] {
            let seen = &mut self.seen[criterion_index(c)];
            for &id in out.of(c) {
                seen[id as usize] = false;
            }
        }
    }
}
