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

mod current;
mod sets;
mod vectors;
mod walk;

use super::NONE;
use super::lines::{self, LineScratch};
use super::map::{Map, criterion_index};
use super::memo::{Last, tag, untag};
use crate::model::Criterion;
use current::{Current, bits, chunk_memory, may_change, sign};
use mtcov_protocol::FunctionEntry;
use sets::{list, mark, take_list};
use vectors::{Changed, Gathered, for_each_change, locate};
use walk::{chunk_counts, chunk_pattern, for_each_count, lines_of, record_covers};

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
