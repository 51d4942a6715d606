//! Per-input evaluation: one `cov` record's non-zero counters to the
//! requirements it covers, for every criterion at once. Everything that
//! does not depend on the input was resolved when the map was built and
//! when the evaluator was bound to a process's function table; buffers
//! are reused, so a warm evaluator allocates only the result.
//!
//! What a function's record covers depends only on which of the counts
//! its counters give are zero, and what a line chunk covers only on which
//! of its regions' counts are. An evaluator keeps the last vector it
//! evaluated, which of its records' counts are not zero, what each chunk
//! covered, and how many non-zero counts (or chunks) cover each
//! requirement ([`Current`]): the next vector costs what differs from it
//! (walking both vectors' counters, then the counts of the records whose
//! counters changed, then the chunks one of whose counts became zero or
//! stopped being zero), not its size. A follow-up is compared with its
//! source the same way, from the source kept current. Chunks remember the
//! lines of their last pattern of zeros ([`Last`]), so one that runs
//! again as it last ran costs a comparison of a few numbers.

use anyhow::{Result, bail};

use super::NONE;
use super::linear::Linear;
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
    /// The vector last evaluated and what it covers.
    current: Current,
    /// The records whose counters a follow-up changed (see
    /// [`differing_from`](Self::differing_from)), with their counters in
    /// the follow-up; every other record's are the source's.
    changed: Gathered,
    /// Per requirement, how many more counts cover it in the follow-up
    /// than in the source, and the requirements with a change.
    more: [Vec<i32>; 4],
    more_listed: Vec<u32>,
    /// What chunks of follow-ups covered the last time they ran (made on
    /// the first follow-up): a source and its follow-up run the same code
    /// differently, and one memory for both would be overwritten back and
    /// forth.
    follow_up: Option<Last>,
    /// Per criterion, a bit per requirement: what one of a source and its
    /// follow-up covers and the other does not (cleared as read;
    /// `counted` uses it as its own).
    differing: [Vec<u64>; 4],
    /// The vector [`counted`](Self::counted) evaluates in full.
    whole: Gathered,
    view_touched: Vec<bool>,
    views: Vec<u32>,
    view_counts: Vec<u64>,
    /// A chunk's pattern ([`chunk_pattern`]).
    key: Vec<u64>,
    /// A chunk's previous lines.
    old: Vec<u32>,
    scratch: LineScratch,
    /// Per record and chunk: already listed by the current call.
    record_done: Vec<bool>,
    chunk_done: Vec<bool>,
}

/// The vector an evaluator evaluated last, and what it covers.
#[derive(Debug)]
struct Current {
    /// Its non-zero counters, sorted.
    pairs: Vec<(u32, u64)>,
    /// Its counters per record (zeros for a record that ran before and
    /// not in it).
    gathered: Gathered,
    /// Per record, where its counts' bits start in `nonzero`.
    first_count: Vec<u32>,
    /// A bit per count of a record (its regions', branch outcomes' and
    /// function's, in [`for_each_count`] order): not zero; and negative
    /// (counters read while another thread wrote them).
    nonzero: Vec<u64>,
    negative: Vec<u64>,
    /// Per chunk: how many of its members' counts are negative. Without
    /// any, a region of the chunk has a non-zero count exactly when one of
    /// its members has, so a chunk none of whose members' counts became
    /// zero or stopped being zero covers the same lines.
    negatives: Vec<u32>,
    /// Per chunk of the map: which of its regions have a non-zero count
    /// and the lines they cover (a chunk never evaluated has every count
    /// zero).
    chunks: Last,
    /// How many counts (and chunks, for lines) cover each requirement.
    refs: Refs,
}

impl Current {
    fn new(map: &Map) -> Current {
        let mut first_count = Vec::with_capacity(map.records.len() + 1);
        let mut n = 0u32;
        for rec in 0..map.records.len() as u32 {
            first_count.push(n);
            for_each_count(map, rec, |_, _, _, _| n += 1);
        }
        Current {
            pairs: Vec::new(),
            gathered: Gathered::new(map),
            first_count,
            nonzero: vec![0; (n as usize).div_ceil(64)],
            negative: vec![0; (n as usize).div_ceil(64)],
            negatives: vec![0; map.views.len()],
            chunks: chunk_memory(map),
            refs: Refs {
                count: [0, 1, 2, 3].map(|i| vec![0; map.requirement_count(i)]),
                covered: bits(map),
            },
        }
    }
}

/// Whether count `i` (see [`Current`]'s `nonzero`) is not zero, and
/// negative.
fn sign(nonzero: &[u64], negative: &[u64], i: u32) -> (bool, bool) {
    let (word, bit) = (i as usize / 64, 1 << (i % 64));
    (nonzero[word] & bit != 0, negative[word] & bit != 0)
}

/// Whether a chunk with `negatives` negative member counts, one of whose
/// members' counts went from `was` (non-zero, negative) to `now`, may
/// cover other lines.
fn may_change(negatives: u32, was: (bool, bool), now: (bool, bool)) -> bool {
    was.0 != now.0 || was.1 || now.1 || negatives > 0
}

/// Per criterion and requirement, how many counts of records (or chunks,
/// for lines) cover it.
#[derive(Debug)]
struct Refs {
    count: [Vec<u32>; 4],
    /// Per criterion, a bit per requirement: its count is not zero.
    covered: [Vec<u64>; 4],
}

impl Refs {
    /// One more count covers requirement `id` of criterion `c` (`more`),
    /// or one fewer.
    fn add(&mut self, c: usize, id: u32, more: bool) {
        let n = &mut self.count[c][id as usize];
        let bit = 1 << (id % 64);
        if more {
            *n += 1;
            if *n == 1 {
                self.covered[c][id as usize / 64] |= bit;
            }
        } else {
            *n -= 1;
            if *n == 0 {
                self.covered[c][id as usize / 64] &= !bit;
            }
        }
    }

    /// One chunk's lines (tagged) were `old` and are `new`.
    fn recount(&mut self, old: &[u32], new: &[u32]) {
        if old == new {
            return;
        }
        for (list, more) in [(old, false), (new, true)] {
            for &tagged in list {
                let (c, id) = untag(tagged);
                self.add(c, id, more);
            }
        }
    }
}

/// Per criterion, a bit per requirement, all clear.
fn bits(map: &Map) -> [Vec<u64>; 4] {
    [0, 1, 2, 3].map(|i| vec![0; map.requirement_count(i).div_ceil(64)])
}

/// Per line chunk: which of its regions last had a non-zero count
/// ([`chunk_pattern`]) and the lines they covered.
fn chunk_memory(map: &Map) -> Last {
    Last::new(map.views.iter().map(|v| v.regions.len().div_ceil(64)))
}

/// One counter vector's counters per record of the map (summed over the
/// copies of a function).
#[derive(Debug)]
struct Gathered {
    /// Per record: offset of its counters in `dense`, or NONE.
    slot: Vec<u32>,
    dense: Vec<u64>,
    /// The records with counters, in the order gathered.
    touched: Vec<u32>,
}

impl Gathered {
    fn new(map: &Map) -> Gathered {
        Gathered {
            slot: vec![NONE; map.records.len()],
            dense: Vec::new(),
            touched: Vec::new(),
        }
    }

    /// Sums each record's counters into `dense` (several rows of the
    /// function table can be copies of one function: LLVM sums them),
    /// noting each record's offset in `slot` and the records in `touched`.
    fn gather(&mut self, map: &Map, owner: &[u32], rows: &[(u32, u32)], counters: &[(u32, u64)]) {
        for &(index, value) in counters {
            if let Some((rec, local)) = locate(map, owner, rows, index) {
                self.change(map, None, rec, local, value);
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

    /// Adds `change` to counter `local` of record `rec`, which starts as
    /// `base`'s counters (zeros when it did not run there, or without a
    /// base).
    fn change(&mut self, map: &Map, base: Option<&Gathered>, rec: u32, local: usize, change: u64) {
        let at = &mut self.slot[rec as usize];
        if *at == NONE {
            *at = self.dense.len() as u32;
            match base.and_then(|base| base.counters(map, rec)) {
                Some(counters) => self.dense.extend_from_slice(counters),
                None => {
                    let n = map.records[rec as usize].num_counters as usize;
                    self.dense.resize(self.dense.len() + n, 0);
                }
            }
            self.touched.push(rec);
        }
        let cell = &mut self.dense[*at as usize + local];
        *cell = cell.wrapping_add(change);
    }

    /// Forgets the counters.
    fn clear(&mut self) {
        for &rec in &self.touched {
            self.slot[rec as usize] = NONE;
        }
        self.touched.clear();
        self.dense.clear();
    }
}

/// The record and its counter that global counter `index` is, when the
/// counter belongs to a record of the map.
fn locate(map: &Map, owner: &[u32], rows: &[(u32, u32)], index: u32) -> Option<(u32, usize)> {
    let &row = owner.get(index as usize)?;
    if row == NONE {
        return None;
    }
    let (first, rec) = rows[row as usize];
    let local = (index - first) as usize;
    (local < map.records[rec as usize].num_counters as usize).then_some((rec, local))
}

/// Calls `change(index, difference)` for each counter whose value differs
/// between `old` and `new` (non-zero counters, sorted by index), with the
/// wrapping difference `new - old`.
fn for_each_change(old: &[(u32, u64)], new: &[(u32, u64)], mut change: impl FnMut(u32, u64)) {
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < new.len() {
        let ((x, was), (y, now)) = (old[i], new[j]);
        if x == y {
            if was != now {
                change(x, now.wrapping_sub(was));
            }
            i += 1;
            j += 1;
        } else if x < y {
            change(x, 0u64.wrapping_sub(was));
            i += 1;
        } else {
            change(y, now);
            j += 1;
        }
    }
    for &(x, was) in &old[i..] {
        change(x, 0u64.wrapping_sub(was));
    }
    for &(y, now) in &new[j..] {
        change(y, now);
    }
}

/// Counters per record of the map: a gathered vector, or one vector's
/// changes over another.
trait Vector {
    /// Record `rec`'s counters, when it ran.
    fn counters(&self, map: &Map, rec: u32) -> Option<&[u64]>;
}

impl Vector for Gathered {
    fn counters(&self, map: &Map, rec: u32) -> Option<&[u64]> {
        Gathered::counters(self, map, rec)
    }
}

/// A follow-up's counters: those of the records it changed
/// (`changed`), the source's for every other.
struct Changed<'g> {
    source: &'g Gathered,
    changed: &'g Gathered,
}

impl Vector for Changed<'_> {
    fn counters(&self, map: &Map, rec: u32) -> Option<&[u64]> {
        self.changed
            .counters(map, rec)
            .or_else(|| self.source.counters(map, rec))
    }
}

/// Sets `counts` to a line chunk's region counts in `vector` (see
/// [`chunk_counts`]) and `key` to which of them are non-zero, a bit per
/// region: the lines a chunk covers depend on nothing else (llvm-cov
/// counts a line covered when the largest count it takes, of the regions
/// starting on it or the one it lies in, is non-zero). Equal keys, equal
/// lines.
fn chunk_pattern(
    map: &Map,
    view: &FileView,
    vector: &impl Vector,
    counts: &mut Vec<u64>,
    key: &mut Vec<u64>,
) {
    chunk_counts(map, view, vector, counts);
    key.clear();
    key.resize(counts.len().div_ceil(64), 0);
    for (i, &n) in counts.iter().enumerate() {
        key[i / 64] |= u64::from(n != 0) << (i % 64);
    }
}

/// [`list`], clearing the bits as they are read.
fn take_list(seen: &mut [Vec<u64>; 4]) -> Covered {
    let covered = list(seen);
    for words in seen.iter_mut() {
        words.fill(0);
    }
    covered
}

/// The requirements whose bit is set in `seen`, per criterion, in order.
fn list(seen: &[Vec<u64>; 4]) -> Covered {
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
        for (w, &word) in seen[c].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                list.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }
    out
}

/// Marks a tagged requirement in a bit set.
fn mark(seen: &mut [Vec<u64>; 4], tagged: u32) {
    let (c, id) = untag(tagged);
    seen[c][id as usize / 64] |= 1 << (id % 64);
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
            current: Current::new(map),
            changed: Gathered::new(map),
            more: [0, 1, 2, 3].map(|i| vec![0; map.requirement_count(i)]),
            more_listed: Vec::new(),
            follow_up: None,
            differing: bits(map),
            whole: Gathered::new(map),
            view_touched: vec![false; map.views.len()],
            views: Vec::new(),
            view_counts: Vec::new(),
            key: Vec::new(),
            old: Vec::new(),
            scratch: LineScratch::default(),
            record_done: vec![false; map.records.len()],
            chunk_done: vec![false; map.views.len()],
        })
    }

    /// The requirements covered by one input, given its non-zero counters
    /// (global index, value), sorted by index. Counters of functions out
    /// of scope, or unknown to the mapping, are ignored.
    pub fn covered(&mut self, counters: &[(u32, u64)]) -> Covered {
        self.advance(counters);
        list(&self.current.refs.covered)
    }

    /// Keeps `source` as the vector [`differing_from`](Self::differing_from)
    /// compares with (evaluated once for all of its follow-ups).
    pub fn set_source(&mut self, source: &[(u32, u64)]) {
        self.advance(source);
    }

    /// Makes `counters` the current vector: re-evaluates the counts of the
    /// records whose counters changed and the chunks they are in, and
    /// recounts what those cover.
    fn advance(&mut self, counters: &[(u32, u64)]) {
        let map = self.map;
        let Evaluator {
            owner,
            rows,
            current,
            record_done,
            chunk_done,
            ..
        } = self;
        let mut records = Vec::new();
        for_each_change(&current.pairs, counters, |index, change| {
            if let Some((rec, local)) = locate(map, owner, rows, index) {
                current.gathered.change(map, None, rec, local, change);
                if !std::mem::replace(&mut record_done[rec as usize], true) {
                    records.push(rec);
                }
            }
        });
        current.pairs.clear();
        current.pairs.extend_from_slice(counters);
        let mut chunks = Vec::new();
        for &rec in &records {
            record_done[rec as usize] = false;
            let mut i = current.first_count[rec as usize];
            let Current {
                gathered,
                nonzero,
                negative,
                negatives,
                refs,
                ..
            } = &mut *current;
            let counters = gathered
                .counters(map, rec)
                .expect("a changed record has counters");
            for_each_count(map, rec, |c, id, count, chunk| {
                let value = map.terms.eval(count, counters);
                let now = (value != 0, value < 0);
                let was = sign(nonzero, negative, i);
                let (word, bit) = (i as usize / 64, 1 << (i % 64));
                if chunk != NONE
                    && may_change(negatives[chunk as usize], was, now)
                    && !std::mem::replace(&mut chunk_done[chunk as usize], true)
                {
                    chunks.push(chunk);
                }
                if now.0 != was.0 {
                    nonzero[word] ^= bit;
                    if id != NONE {
                        refs.add(c, id, now.0);
                    }
                }
                if now.1 != was.1 {
                    negative[word] ^= bit;
                    if chunk != NONE {
                        let n = &mut negatives[chunk as usize];
                        *n = if now.1 { *n + 1 } else { *n - 1 };
                    }
                }
                i += 1;
            });
        }
        let (mut key, mut old) = (std::mem::take(&mut self.key), std::mem::take(&mut self.old));
        for &v in &chunks {
            self.chunk_done[v as usize] = false;
            let view = &map.views[v as usize];
            chunk_pattern(
                map,
                view,
                &current.gathered,
                &mut self.view_counts,
                &mut key,
            );
            let (counts, scratch) = (&self.view_counts, &mut self.scratch);
            let updated = current.chunks.replace(
                v,
                &key,
                |result| lines_of(map, v, &key, counts, scratch, result),
                &mut old,
            );
            if let Some(new) = updated {
                current.refs.recount(&old, new);
            }
        }
        (self.key, self.old) = (key, old);
    }

    /// What `follow_up` covers and the source (see
    /// [`set_source`](Self::set_source)) does not, or the other way round
    /// (the symmetric difference of their [`covered`](Self::covered)
    /// sets), per criterion, sorted. Only what differs is evaluated: the
    /// counters the follow-up changed, found by walking both vectors'
    /// counters; the counts of the records they belong to, against the
    /// source's (a requirement differs when the number of non-zero counts
    /// covering it goes from zero to more or back); and the line chunks
    /// of those records, against the source's. Metamorphic Coverage
    /// compares a follow-up's vector with its source's this way, at the
    /// cost of what the follow-up changed.
    pub fn differing_from(&mut self, follow_up: &[(u32, u64)]) -> Covered {
        let map = self.map;
        let Evaluator {
            owner,
            rows,
            current,
            changed,
            more,
            more_listed,
            differing,
            chunk_done,
            ..
        } = self;
        for_each_change(&current.pairs, follow_up, |index, change| {
            if let Some((rec, local)) = locate(map, owner, rows, index) {
                changed.change(map, Some(&current.gathered), rec, local, change);
            }
        });
        let mut chunks: Vec<u32> = Vec::new();
        for &rec in &changed.touched {
            let now = changed
                .counters(map, rec)
                .expect("a changed record has counters");
            let was = current.gathered.counters(map, rec);
            if was == Some(now) || was.is_none() && now.iter().all(|&n| n == 0) {
                continue;
            }
            let mut i = current.first_count[rec as usize];
            for_each_count(map, rec, |c, id, count, chunk| {
                let value = map.terms.eval(count, now);
                let (nonzero, negative) = (value != 0, value < 0);
                let was = sign(&current.nonzero, &current.negative, i);
                if nonzero != was.0 && id != NONE {
                    let n = &mut more[c][id as usize];
                    if *n == 0 {
                        more_listed.push(tag(c, id));
                    }
                    *n += if nonzero { 1 } else { -1 };
                }
                if chunk != NONE
                    && may_change(current.negatives[chunk as usize], was, (nonzero, negative))
                    && !std::mem::replace(&mut chunk_done[chunk as usize], true)
                {
                    chunks.push(chunk);
                }
                i += 1;
            });
        }
        for tagged in more_listed.drain(..) {
            let (c, id) = untag(tagged);
            let n = std::mem::take(&mut more[c][id as usize]);
            let source = current.refs.count[c][id as usize];
            if (source == 0) != (i64::from(source) + i64::from(n) == 0) {
                differing[c][id as usize / 64] ^= 1 << (id % 64);
            }
        }
        // The lines of each chunk whose pattern the follow-up changed:
        // chunks have lines of their own, so these differ as wholes.
        let memory = self.follow_up.get_or_insert_with(|| chunk_memory(map));
        let now = Changed {
            source: &current.gathered,
            changed,
        };
        for &v in &chunks {
            chunk_done[v as usize] = false;
            let view = &map.views[v as usize];
            chunk_pattern(map, view, &now, &mut self.view_counts, &mut self.key);
            let source_lines = match current.chunks.get(v) {
                Some((key, _)) if key == self.key => continue,
                Some((_, lines)) => lines,
                None if self.key.iter().all(|&bits| bits == 0) => continue,
                None => &[],
            };
            let (key, counts, scratch) = (&self.key, &self.view_counts, &mut self.scratch);
            let lines = memory.lookup(v, key, |result| {
                lines_of(map, v, key, counts, scratch, result)
            });
            for &tagged in source_lines.iter().chain(lines) {
                let (c, id) = untag(tagged);
                differing[c][id as usize / 64] ^= 1 << (id % 64);
            }
        }
        changed.clear();
        take_list(differing)
    }

    /// Like [`covered`](Self::covered), with the execution count of each
    /// covered requirement: a region's, branch outcome's or function's
    /// count summed over the copies of its function, a line's as `llvm-cov`
    /// counts it. Everything is evaluated (it needs the counts, and runs
    /// once per process).
    pub fn counted(&mut self, counters: &[(u32, u64)]) -> Counted {
        let map = self.map;
        let mut counts: [Vec<u64>; 4] = [0, 1, 2, 3].map(|i| vec![0; map.requirement_count(i)]);
        let whole = &mut self.whole;
        whole.gather(map, &self.owner, &self.rows, counters);
        let mut seen = std::mem::take(&mut self.differing);
        // Marks a tagged requirement covered (once) and adds `n` to its
        // count (lines: the largest, as each line is counted once per file
        // view).
        let mut count = |seen: &mut [Vec<u64>; 4], tagged: u32, n: u64| {
            mark(seen, tagged);
            let (c, id) = untag(tagged);
            let cell = &mut counts[c][id as usize];
            *cell = if c == 0 {
                (*cell).max(n)
            } else {
                cell.saturating_add(n)
            };
        };
        for &rec in &whole.touched {
            let slice = whole
                .counters(map, rec)
                .expect("a touched record has counters");
            record_covers(map, rec, slice, |c, req, n| {
                count(&mut seen, tag(c, req), n)
            });
            for &v in &map.records[rec as usize].views {
                if !std::mem::replace(&mut self.view_touched[v as usize], true) {
                    self.views.push(v);
                }
            }
        }
        for &v in &self.views {
            self.view_touched[v as usize] = false;
            let view = &map.views[v as usize];
            chunk_counts(map, view, whole, &mut self.view_counts);
            lines::for_each_line(
                &view.regions,
                &self.view_counts,
                view.ends_file,
                &mut self.scratch,
                |line, n| {
                    if n != 0
                        && let Some(id) = view.line_requirement(line)
                    {
                        count(&mut seen, tag(0, id), n);
                    }
                },
            );
        }
        self.views.clear();
        whole.clear();
        let covered = take_list(&mut seen);
        self.differing = seen;
        let take = |c: Criterion, ids: Vec<u32>| {
            let counts = &counts[criterion_index(c)];
            ids.into_iter()
                .map(|id| (id, counts[id as usize]))
                .collect()
        };
        Counted {
            line: take(Criterion::Line, covered.line),
            region: take(Criterion::Region, covered.region),
            branch: take(Criterion::Branch, covered.branch),
            function: take(Criterion::Function, covered.function),
        }
    }
}

/// Calls `each(criterion, requirement, count, chunk)` for each count of
/// record `rec`: its regions' (a code region's requirement, NONE for
/// other view regions; the line chunk a view region is summed into, or
/// NONE), its branch outcomes' and its function's.
fn for_each_count(map: &Map, rec: u32, mut each: impl FnMut(usize, u32, Linear, u32)) {
    let record = &map.records[rec as usize];
    for region in &map.regions[record.regions.start as usize..record.regions.end as usize] {
        match region.kind {
            Kind::View(ViewKind::Code) => each(1, region.req, region.count, region.chunk),
            Kind::View(_) => each(1, NONE, region.count, region.chunk),
            Kind::Branch => {
                each(2, region.req, region.count, NONE);
                each(2, region.req_false, region.false_count, NONE);
            }
        }
    }
    if let Some((id, counter)) = record.function {
        each(3, id, counter, NONE);
    }
}

/// Calls `cover(criterion, requirement, count)` for each region, branch
/// outcome and function requirement record `rec` covers with `counters`.
fn record_covers(map: &Map, rec: u32, counters: &[u64], mut cover: impl FnMut(usize, u32, u64)) {
    for_each_count(map, rec, |c, req, count, _| {
        if req != NONE {
            let n = map.terms.eval(count, counters);
            if n != 0 {
                cover(c, req, n as u64);
            }
        }
    });
}

/// A line chunk's region counts in `vector`: per region, the sum over its
/// members.
fn chunk_counts(map: &Map, view: &FileView, vector: &impl Vector, out: &mut Vec<u64>) {
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

/// Pushes the lines (tagged) chunk `v` covers with region counts
/// `counts`, whose pattern ([`chunk_pattern`]) is `key`, onto `result`.
fn lines_of(
    map: &Map,
    v: u32,
    key: &[u64],
    counts: &[u64],
    scratch: &mut LineScratch,
    result: &mut Vec<u32>,
) {
    // A chunk whose regions all have count 0 covers no line (a function
    // that ran touches chunks it did not execute).
    if key.iter().all(|&bits| bits == 0) {
        return;
    }
    let view = &map.views[v as usize];
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

#[cfg(test)]
mod tests {
    use super::for_each_change;
    use mtcov_protocol::counters::apply;

    /// The changes between two vectors, applied to the first, give the
    /// second, whichever counters appear, vanish or change.
    #[test]
    fn the_changes_walked_turn_one_vector_into_the_other() {
        let vectors: [&[(u32, u64)]; 6] = [
            &[],
            &[(0, 1)],
            &[(0, 2), (3, 1)],
            &[(1, 5), (3, 1), (9, 4)],
            &[(3, 7), (4, 1)],
            &[(0, u64::MAX), (9, 4)],
        ];
        for old in vectors {
            for new in vectors {
                let mut counters: Vec<u64> = vec![0; 10];
                for &(i, v) in old {
                    counters[i as usize] = v;
                }
                let mut changed = Vec::new();
                for_each_change(old, new, |i, change| {
                    counters[i as usize] = counters[i as usize].wrapping_add(change);
                    changed.push(i);
                });
                let got: Vec<(u32, u64)> = (0..10u32)
                    .map(|i| (i, counters[i as usize]))
                    .filter(|&(_, v)| v != 0)
                    .collect();
                assert_eq!(got, new, "{old:?} -> {new:?}");
                // Only counters that differ are reported, each once.
                let differ: Vec<u32> = (0..10u32)
                    .filter(|&i| {
                        let at = |v: &[(u32, u64)]| v.iter().find(|p| p.0 == i).map_or(0, |p| p.1);
                        at(old) != at(new)
                    })
                    .collect();
                assert_eq!(changed, differ, "{old:?} -> {new:?}");
                assert_eq!(apply(old, &mtcov_protocol::counters::delta(old, new)), new);
            }
        }
    }
}
