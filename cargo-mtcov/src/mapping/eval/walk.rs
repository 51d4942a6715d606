//! Walks over the map for one record or line chunk: its counts, what its
//! counters cover, a chunk's region counts, its pattern of zeros and the
//! lines it covers.

use super::super::NONE;
use super::super::linear::Linear;
use super::super::lines::{self, LineScratch, ViewKind};
use super::super::map::{Kind, Map};
use super::super::memo::tag;
use super::super::views::FileView;
use super::vectors::Vector;

/// Sets `counts` to a line chunk's region counts in `vector` (see
/// [`chunk_counts`]) and `key` to which of them are non-zero, a bit per
/// region: the lines a chunk covers depend on nothing else (llvm-cov
/// counts a line covered when the largest count it takes, of the regions
/// starting on it or the one it lies in, is non-zero). Equal keys, equal
/// lines.
pub(super) fn chunk_pattern(
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

/// Calls `each(criterion, requirement, count, chunk)` for each count of
/// record `rec`: its regions' (a code region's requirement, NONE for
/// other view regions; the line chunk a view region is summed into, or
/// NONE), its branch outcomes' and its function's.
pub(super) fn for_each_count(map: &Map, rec: u32, mut each: impl FnMut(usize, u32, Linear, u32)) {
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
pub(super) fn record_covers(
    map: &Map,
    rec: u32,
    counters: &[u64],
    mut cover: impl FnMut(usize, u32, u64),
) {
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
pub(super) fn chunk_counts(map: &Map, view: &FileView, vector: &impl Vector, out: &mut Vec<u64>) {
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
pub(super) fn lines_of(
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
