//! Per-input evaluation: one `cov` record's non-zero counters to the
//! requirements it covers, for every criterion at once. Everything that
//! does not depend on the input was resolved when the map was built and
//! when the evaluator was bound to a process's function table; buffers
//! are reused, so a warm evaluator allocates only the result.
//!
//! What a function's record covers depends only on its own counters, and
//! what a line chunk covers only on its regions' counts. Each record and
//! chunk remembers its last counters and what they covered ([`Last`]): one
//! that runs exactly as the last time it ran (most of them, from one
//! generated input's executions to the next, and from a source execution
//! to its follow-ups) costs a comparison of a few numbers, in memory laid
//! out once per map, instead of its evaluation.

use anyhow::{Result, bail};

use super::NONE;
use super::lines::{self, LineScratch, ViewKind};
use super::map::{Kind, Map, criterion_index};
use super::memo::{Last, tag, untag};
use super::views::FileView;
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
    /// The vector being evaluated (the first of [`differing`](Self::differing)).
    a: Gathered,
    /// The second vector of [`differing`](Self::differing).
    b: Gathered,
    view_touched: Vec<bool>,
    views: Vec<u32>,
    view_counts: Vec<u64>,
    /// Execution counts per requirement, while [`counted`](Self::counted)
    /// evaluates (empty otherwise).
    counts: [Vec<u64>; 4],
    scratch: LineScratch,
    /// Per group and per chunk: already looked at by this `differing`.
    group_done: Vec<bool>,
    chunk_done: Vec<bool>,
    /// What records and chunks covered the last time they ran.
    memory: Memory,
    /// The same for the second vector of [`differing`](Self::differing)
    /// (made on its first call): a source and its follow-up run the same
    /// code differently, and one memory for both would be overwritten
    /// back and forth.
    follow_up: Option<Box<Memory>>,
}

/// What records and line chunks covered the last time they ran.
#[derive(Debug)]
struct Memory {
    /// Per record: its last counters and what they covered (region,
    /// branch and function requirements, tagged by criterion).
    records: Last,
    /// Per line chunk: its records' last counters and the lines they
    /// covered.
    chunks: Last,
}

impl Memory {
    fn new(map: &Map) -> Memory {
        Memory {
            records: Last::new(map.records.iter().map(|r| r.num_counters as usize)),
            chunks: Last::new(map.views.iter().map(|v| {
                v.records
                    .iter()
                    .map(|&r| map.records[r as usize].num_counters as usize)
                    .sum()
            })),
        }
    }
}

/// One counter vector under evaluation: its counters per record of the
/// map (summed over the copies of a function), and what it covers.
#[derive(Debug)]
struct Gathered {
    /// Per record: offset of its counters in `dense`, or NONE.
    slot: Vec<u32>,
    dense: Vec<u64>,
    /// The records with counters, in the order gathered.
    touched: Vec<u32>,
    /// Per criterion, a bit per requirement: covered. Read out in order
    /// (so no sorting) and cleared as read.
    seen: [Vec<u64>; 4],
    /// A chunk's key ([`Gathered::chunk_key`]).
    key: Vec<u64>,
}

impl Gathered {
    fn new(map: &Map) -> Gathered {
        Gathered {
            slot: vec![NONE; map.records.len()],
            dense: Vec::new(),
            touched: Vec::new(),
            seen: [0, 1, 2, 3].map(|i| vec![0; map.requirement_count(i).div_ceil(64)]),
            key: Vec::new(),
        }
    }

    /// Sums each record's counters into `dense` (several rows of the
    /// function table can be copies of one function: LLVM sums them),
    /// noting each record's offset in `slot` and the records in `touched`.
    fn gather(&mut self, map: &Map, owner: &[u32], rows: &[(u32, u32)], counters: &[(u32, u64)]) {
        for &(index, value) in counters {
            let Some(&row) = owner.get(index as usize) else {
                continue;
            };
            if row == NONE {
                continue;
            }
            let (first, rec) = rows[row as usize];
            let n = map.records[rec as usize].num_counters as usize;
            let at = &mut self.slot[rec as usize];
            if *at == NONE {
                *at = self.dense.len() as u32;
                self.dense.resize(self.dense.len() + n, 0);
                self.touched.push(rec);
            }
            let local = (index - first) as usize;
            if local < n {
                let cell = &mut self.dense[*at as usize + local];
                *cell = cell.wrapping_add(value);
            }
        }
    }

    /// Record `rec`'s counters, when it ran.
    fn counters(&self, map: &Map, rec: u32) -> Option<&[u64]> {
        let at = self.slot[rec as usize];
        (at != NONE).then(|| {
            &self.dense[at as usize..at as usize + map.records[rec as usize].num_counters as usize]
        })
    }

    /// Marks a tagged requirement covered.
    fn mark(seen: &mut [Vec<u64>; 4], tagged: u32) {
        let (c, id) = untag(tagged);
        seen[c][id as usize / 64] |= 1 << (id % 64);
    }

    /// Sets `key` to a line chunk's key: its records' counters, one after
    /// the other (zeros for a record that did not run). Equal keys, equal
    /// lines.
    fn chunk_key(&mut self, map: &Map, view: &FileView) {
        self.key.clear();
        for &rec in &view.records {
            let n = map.records[rec as usize].num_counters as usize;
            match self.slot[rec as usize] {
                NONE => self.key.resize(self.key.len() + n, 0),
                at => self
                    .key
                    .extend_from_slice(&self.dense[at as usize..at as usize + n]),
            }
        }
    }

    /// Forgets the counters (the bits are cleared as read).
    fn clear(&mut self) {
        for &rec in &self.touched {
            self.slot[rec as usize] = NONE;
        }
        self.touched.clear();
        self.dense.clear();
    }
}

/// The requirements whose bit is set in `seen` and not in `other` or the
/// other way round (`other` `None`: every set bit), per criterion, in
/// order; both cleared.
fn read_out(seen: &mut [Vec<u64>; 4], mut other: Option<&mut [Vec<u64>; 4]>) -> Covered {
    let mut out = Covered::default();
    for (c, list) in [
        &mut out.line,
        &mut out.region,
        &mut out.branch,
        &mut out.function,
    ]
    .into_iter()
    .enumerate()
    {
        for (w, word) in seen[c].iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            if let Some(other) = other.as_deref_mut() {
                bits ^= std::mem::take(&mut other[c][w]);
            }
            while bits != 0 {
                list.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }
    out
}

impl<'m> Evaluator<'m> {
    pub(crate) fn new(map: &'m Map, functions: &[FunctionEntry]) -> Result<Self> {
        let total = functions
            .iter()
            .map(|f| f.first_counter + f.num_counters)
            .max()
            .unwrap_or(0);
        if (0..4).any(|c| map.requirement_count(c) >= 1 << 30) {
            bail!("more than 2^30 requirements of one criterion");
        }
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
            a: Gathered::new(map),
            b: Gathered::new(map),
            view_touched: vec![false; map.views.len()],
            views: Vec::new(),
            view_counts: Vec::new(),
            counts: Default::default(),
            scratch: LineScratch::default(),
            group_done: vec![false; map.groups.len()],
            chunk_done: vec![false; map.views.len()],
            memory: Memory::new(map),
            follow_up: None,
        })
    }

    /// The requirements covered by one input, given its non-zero counters
    /// (global index, value). Counters of functions out of scope, or
    /// unknown to the mapping, are ignored.
    pub fn covered(&mut self, counters: &[(u32, u64)]) -> Covered {
        self.evaluate(counters, false)
    }

    /// What one of two vectors covers and the other does not (the
    /// symmetric difference of their [`covered`](Self::covered) sets), per
    /// criterion, sorted. Only what differs is evaluated: the groups of
    /// records (see `Map::groups`) with a record whose counters differ,
    /// and the line chunks such records are in; everything else covers the
    /// same in both. Metamorphic Coverage compares a follow-up's vector
    /// with its source's this way, at the cost of what the follow-up
    /// changed.
    pub fn differing(&mut self, a: &[(u32, u64)], b: &[(u32, u64)]) -> Covered {
        let map = self.map;
        self.a.gather(map, &self.owner, &self.rows, a);
        self.b.gather(map, &self.owner, &self.rows, b);
        // Groups and chunks with a record whose counters differ.
        let mut groups: Vec<u32> = Vec::new();
        let mut chunks: Vec<u32> = Vec::new();
        for &rec in self.a.touched.iter().chain(&self.b.touched) {
            if self.a.counters(map, rec) == self.b.counters(map, rec) {
                continue;
            }
            let g = map.group_of[rec as usize];
            if !std::mem::replace(&mut self.group_done[g as usize], true) {
                groups.push(g);
            }
            for &v in &map.records[rec as usize].views {
                if !std::mem::replace(&mut self.chunk_done[v as usize], true) {
                    chunks.push(v);
                }
            }
        }
        // Each side as `covered` evaluates it, reusing what a record or a
        // chunk covered the last time it ran exactly so on that side.
        let follow_up = self
            .follow_up
            .get_or_insert_with(|| Box::new(Memory::new(map)));
        let (source_memory, follow_up_memory) = (&mut self.memory, &mut **follow_up);
        for &g in &groups {
            self.group_done[g as usize] = false;
            for &rec in &map.groups[g as usize] {
                for (side, last) in [
                    (&mut self.a, &mut source_memory.records),
                    (&mut self.b, &mut follow_up_memory.records),
                ] {
                    let Some(counters) = side.counters(map, rec) else {
                        continue;
                    };
                    for &tagged in record_result(map, last, rec, counters) {
                        Gathered::mark(&mut side.seen, tagged);
                    }
                }
            }
        }
        for &v in &chunks {
            self.chunk_done[v as usize] = false;
            let view = &map.views[v as usize];
            self.a.chunk_key(map, view);
            self.b.chunk_key(map, view);
            if self.a.key == self.b.key {
                continue;
            }
            for (side, last) in [
                (&mut self.a, &mut source_memory.chunks),
                (&mut self.b, &mut follow_up_memory.chunks),
            ] {
                let lines =
                    chunk_lines(map, v, side, last, &mut self.view_counts, &mut self.scratch);
                for &tagged in lines {
                    Gathered::mark(&mut side.seen, tagged);
                }
            }
        }
        self.b.clear();
        self.reset();
        read_out(&mut self.a.seen, Some(&mut self.b.seen))
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
        let map = self.map;
        self.a.gather(map, &self.owner, &self.rows, counters);
        let Evaluator {
            a,
            counts,
            memory:
                Memory {
                    records: last_records,
                    chunks: last_chunks,
                },
            ..
        } = self;
        // Marks a tagged requirement covered (once), and with `counting`
        // adds `n` to its count (lines: the largest, as each line is
        // counted once per file view).
        let mut mark = |seen: &mut [Vec<u64>; 4], tagged: u32, n: u64| {
            Gathered::mark(seen, tagged);
            if counting {
                let (c, id) = untag(tagged);
                let cell = &mut counts[c][id as usize];
                *cell = if c == 0 {
                    (*cell).max(n)
                } else {
                    cell.saturating_add(n)
                };
            }
        };
        let mut seen = std::mem::take(&mut a.seen);
        // Counting evaluates everything (it needs the counts, and runs once
        // per process); covering reuses what a record or chunk covered the
        // last time it ran exactly so.
        for &rec in &a.touched {
            let record = &map.records[rec as usize];
            let slice = a.counters(map, rec).expect("a touched record has counters");
            if counting {
                record_covers(map, rec, slice, |c, req, n| mark(&mut seen, tag(c, req), n));
            } else {
                for &tagged in record_result(map, last_records, rec, slice) {
                    mark(&mut seen, tagged, 0);
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
            if counting {
                // Everything evaluated, with the lines' counts.
                chunk_counts(map, view, a, &mut self.view_counts);
                lines::for_each_line(
                    &view.regions,
                    &self.view_counts,
                    view.ends_file,
                    &mut self.scratch,
                    |line, count| {
                        if count != 0
                            && let Some(id) = view.line_requirement(line)
                        {
                            mark(&mut seen, tag(0, id), count);
                        }
                    },
                );
                continue;
            }
            a.chunk_key(map, view);
            let lines = chunk_lines(
                map,
                v,
                a,
                last_chunks,
                &mut self.view_counts,
                &mut self.scratch,
            );
            for &tagged in lines {
                mark(&mut seen, tagged, 0);
            }
        }
        self.a.seen = seen;
        self.reset();
        read_out(&mut self.a.seen, None)
    }

    /// Forgets the vector evaluated (its bits are cleared as read).
    fn reset(&mut self) {
        self.a.clear();
        for &v in &self.views {
            self.view_touched[v as usize] = false;
        }
        self.views.clear()
    }
}

/// Calls `cover(criterion, requirement, count)` for each region, branch
/// outcome and function requirement record `rec` covers with `counters`.
fn record_covers(map: &Map, rec: u32, counters: &[u64], mut cover: impl FnMut(usize, u32, u64)) {
    let record = &map.records[rec as usize];
    let mut check = |req: u32, c: usize, n: i64| {
        if n != 0 && req != NONE {
            cover(c, req, n as u64);
        }
    };
    for region in &map.regions[record.regions.start as usize..record.regions.end as usize] {
        match region.kind {
            Kind::View(ViewKind::Code) => {
                check(region.req, 1, map.terms.eval(region.count, counters))
            }
            Kind::View(_) => {}
            Kind::Branch => {
                check(region.req, 2, map.terms.eval(region.count, counters));
                check(
                    region.req_false,
                    2,
                    map.terms.eval(region.false_count, counters),
                );
            }
        }
    }
    if let Some((id, counter)) = record.function {
        check(id, 3, map.terms.eval(counter, counters));
    }
}

/// A line chunk's region counts in `vector`: per region, the sum over its
/// members.
fn chunk_counts(map: &Map, view: &FileView, vector: &Gathered, out: &mut Vec<u64>) {
    out.clear();
    for range in &view.member_ranges {
        let mut sum: i64 = 0;
        for &(rec, counter) in &view.members[range.start as usize..range.end as usize] {
            if let Some(counters) = vector.counters(map, rec) {
                sum = sum.wrapping_add(map.terms.eval(counter, counters));
            }
        }
        // LLVM keeps execution counts as uint64_t.
        out.push(sum as u64);
    }
}

/// The lines (tagged) chunk `v` covers in `vector`, whose `key` is the
/// chunk's: remembered from the last time the chunk had this key, else
/// evaluated (and remembered).
fn chunk_lines<'l>(
    map: &Map,
    v: u32,
    vector: &Gathered,
    last: &'l mut Last,
    counts: &mut Vec<u64>,
    scratch: &mut LineScratch,
) -> &'l [u32] {
    last.lookup(v, &vector.key, |result| {
        let view = &map.views[v as usize];
        chunk_counts(map, view, vector, counts);
        // A chunk whose regions all have count 0 covers no line (a
        // function that ran touches chunks it did not execute).
        if counts.iter().any(|&n| n != 0) {
            lines::for_each_line(
                &view.regions,
                counts,
                view.ends_file,
                scratch,
                |line, count| {
                    if count != 0
                        && let Some(id) = view.line_requirement(line)
                    {
                        result.push(tag(0, id));
                    }
                },
            );
        }
    })
}

/// The region, branch and function requirements (tagged) record `rec`
/// covers with `counters`: remembered from the last time it ran exactly
/// so, else evaluated (and remembered).
fn record_result<'l>(map: &Map, last: &'l mut Last, rec: u32, counters: &[u64]) -> &'l [u32] {
    last.lookup(rec, counters, |result| {
        record_covers(map, rec, counters, |c, req, _| result.push(tag(c, req)));
    })
}
